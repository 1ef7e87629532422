"""fnmatch for the vmsample VM: shell-style pattern matching, delegated to
CPython's fnmatch through ``_os`` (vmsample/lang/delegated/os_engine.py)."""

import _os
from os import fspath

__all__ = ["filter", "fnmatch", "fnmatchcase", "translate"]


def fnmatch(name, pat):
    return _os.fnmatchcase(fspath(name), fspath(pat))   # (os.path.normcase is the identity on POSIX)


def fnmatchcase(name, pat):
    return _os.fnmatchcase(name, pat)


def filter(names, pat):
    pat = fspath(pat)
    return [name for name in names if _os.fnmatchcase(fspath(name), pat)]


def translate(pat):
    return _os.translate(pat)
