"""shutil for the vmsample VM: copying, moving and removing files and trees,
delegated to CPython's shutil through ``_os`` (vmsample/lang/delegated/
os_engine.py).  Callbacks into the program (rmtree's onerror, copytree's
ignore and copy_function) are refused, as are the archive functions and
file-object copies (which need bytes): "shutil.NAME ... is not supported by
vmsample"."""

import _os
from os import fspath

__all__ = ["rmtree", "copyfile", "copy", "copy2", "copymode", "copystat", "copytree", "move",
           "which", "disk_usage", "Error", "SameFileError"]


class Error(OSError):
    pass


class SameFileError(Error):
    """Raised when source and destination are the same file."""


def _given(dst, result):
    # CPython returns the destination as the caller gave it (a Path stays a
    # Path), unless it made a new one (a file name inside a directory).
    return dst if result == fspath(dst) else result


def _refuse(what):
    raise NotImplementedError(f"shutil.{what} is not supported by vmsample")


def rmtree(path, ignore_errors=False, onerror=None, *, dir_fd=None):
    if onerror is not None:
        _refuse("rmtree with onerror")
    if dir_fd is not None:
        _refuse("rmtree with dir_fd")
    _os.rmtree(fspath(path), ignore_errors)


def copyfile(src, dst, *, follow_symlinks=True):
    return _given(dst, _os.copyfile(fspath(src), fspath(dst), follow_symlinks))


def copy(src, dst, *, follow_symlinks=True):
    return _given(dst, _os.copy(fspath(src), fspath(dst), follow_symlinks))


def copy2(src, dst, *, follow_symlinks=True):
    return _given(dst, _os.copy2(fspath(src), fspath(dst), follow_symlinks))


def copymode(src, dst, *, follow_symlinks=True):
    _os.copymode(fspath(src), fspath(dst), follow_symlinks)


def copystat(src, dst, *, follow_symlinks=True):
    _os.copystat(fspath(src), fspath(dst), follow_symlinks)


def copytree(src, dst, symlinks=False, ignore=None, copy_function=None,
             ignore_dangling_symlinks=False, dirs_exist_ok=False):
    if ignore is not None:
        _refuse("copytree with ignore")
    if copy_function is not None and copy_function is not copy2:
        _refuse("copytree with copy_function")
    if ignore_dangling_symlinks:
        _refuse("copytree with ignore_dangling_symlinks")
    return _given(dst, _os.copytree(fspath(src), fspath(dst), symlinks, dirs_exist_ok))


def move(src, dst, copy_function=None):
    if copy_function is not None and copy_function is not copy2:
        _refuse("move with copy_function")
    return _given(dst, _os.move(fspath(src), fspath(dst)))


def which(cmd, mode=_os.F_OK | _os.X_OK, path=None):
    return _os.which(fspath(cmd), mode, None if path is None else fspath(path))


class _usage:
    """disk_usage's named tuple (total, used, free)."""

    def __init__(self, total, used, free):
        self.total, self.used, self.free = total, used, free

    def __iter__(self):
        return iter((self.total, self.used, self.free))

    def __getitem__(self, i):
        return (self.total, self.used, self.free)[i]

    def __len__(self):
        return 3

    def __repr__(self):
        return f"usage(total={self.total}, used={self.used}, free={self.free})"


def disk_usage(path):
    total, used, free = _os.disk_usage(fspath(path))
    return _usage(total, used, free)


def copyfileobj(fsrc, fdst, length=0):
    _refuse("copyfileobj")


def make_archive(*args, **kwargs):
    _refuse("make_archive")


def unpack_archive(*args, **kwargs):
    _refuse("unpack_archive")


def get_terminal_size(fallback=(80, 24)):
    _refuse("get_terminal_size")
