"""os.path for the vmsample VM: CPython's posixpath, delegated to ``_os``
(vmsample/lang/delegated/os_engine.py).  Path-string manipulation and the
file tests are CPython's own functions; this module turns path-like
arguments into strs and the results come back as VM objects.  Bytes paths
are refused.  (CPython names this module ``posixpath``.)"""

import _os
from os import fspath, sep, altsep, curdir, pardir, extsep, pathsep, defpath, devnull

__all__ = ["abspath", "realpath", "normpath", "normcase", "join", "split", "splitext",
           "splitdrive", "basename", "dirname", "exists", "lexists", "isfile", "isdir",
           "islink", "isabs", "ismount", "getsize", "getmtime", "getatime", "getctime",
           "expanduser", "expandvars", "relpath", "commonpath", "commonprefix", "samefile",
           "sep", "altsep", "curdir", "pardir", "extsep", "pathsep", "defpath", "devnull",
           "supports_unicode_filenames"]

supports_unicode_filenames = False


def _test_path(path):
    # The file tests (exists, isdir...) are False for what is not a path.
    if isinstance(path, str):
        return path
    if isinstance(path, bytes):
        raise NotImplementedError("bytes paths are not supported by vmsample")
    if isinstance(path, int) and not isinstance(path, bool):
        raise NotImplementedError("file tests of a file descriptor are not supported by vmsample")
    return fspath(path)


def abspath(path):
    return _os.abspath(fspath(path))


def realpath(filename, *, strict=False):
    return _os.realpath(fspath(filename), strict)


def normpath(path):
    return _os.normpath(fspath(path))


def normcase(s):
    return fspath(s)


def join(a, *p):
    return _os.join(_join_arg(a), [_join_arg(x) for x in p])


def _join_arg(x):
    if isinstance(x, str):
        return x
    if isinstance(x, bytes):
        raise NotImplementedError("bytes paths are not supported by vmsample")
    if hasattr(type(x), "__fspath__"):
        return fspath(x)
    raise TypeError(f"join() argument must be str, bytes, or os.PathLike object, "
                    f"not '{type(x).__name__}'")


def split(p):
    return _os.split(fspath(p))


def splitext(p):
    return _os.splitext(fspath(p))


def splitdrive(p):
    return _os.splitdrive(fspath(p))


def basename(p):
    return _os.basename(fspath(p))


def dirname(p):
    return _os.dirname(fspath(p))


def exists(path):
    return _os.exists(_test_path(path))


def lexists(path):
    return _os.lexists(_test_path(path))


def isfile(path):
    return _os.isfile(_test_path(path))


def isdir(s):
    return _os.isdir(_test_path(s))


def islink(path):
    return _os.islink(_test_path(path))


def isabs(s):
    return _os.isabs(fspath(s))


def ismount(path):
    return _os.ismount(_test_path(path))


def getsize(filename):
    return _os.getsize(fspath(filename))


def getmtime(filename):
    return _os.getmtime(fspath(filename))


def getatime(filename):
    return _os.getatime(fspath(filename))


def getctime(filename):
    return _os.getctime(fspath(filename))


def expanduser(path):
    return _os.expanduser(fspath(path))


def expandvars(path):
    return _os.expandvars(fspath(path))


def relpath(path, start=None):
    if not path:
        raise ValueError("no path specified")
    return _os.relpath(fspath(path), curdir if start is None else fspath(start))


def commonpath(paths):
    return _os.commonpath([fspath(p) for p in paths])


def commonprefix(m):
    if not m:
        return ""
    if not isinstance(m[0], (list, tuple)):
        m = [fspath(p) for p in m]
    return _os.commonprefix(list(m))


def samefile(f1, f2):
    return _os.samefile(fspath(f1), fspath(f2))
