"""glob for the vmsample VM: file names matching shell patterns, delegated
to CPython's glob through ``_os`` (vmsample/lang/delegated/os_engine.py);
the list comes back as VM strings.  ``dir_fd`` and bytes patterns are
refused."""

import _os
from os import fspath

__all__ = ["glob", "iglob", "escape", "has_magic"]


def glob(pathname, *, root_dir=None, dir_fd=None, recursive=False, include_hidden=False):
    if dir_fd is not None:
        raise NotImplementedError("glob.glob with dir_fd is not supported by vmsample")
    return _os.glob(fspath(pathname), None if root_dir is None else fspath(root_dir),
                    recursive, include_hidden)


def iglob(pathname, *, root_dir=None, dir_fd=None, recursive=False, include_hidden=False):
    return iter(glob(pathname, root_dir=root_dir, dir_fd=dir_fd, recursive=recursive,
                     include_hidden=include_hidden))


def escape(pathname):
    return _os.glob_escape(fspath(pathname))


def has_magic(s):
    return "*" in s or "?" in s or "[" in s
