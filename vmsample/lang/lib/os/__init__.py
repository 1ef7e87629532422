"""os for the vmsample VM: files, directories and the environment.

The system calls are CPython's, delegated to ``_os``
(vmsample/lang/delegated/os_engine.py), which hands back plain values; the
objects the program sees -- stat_result, DirEntry, the environ mapping, the
lists and strings -- are built here, in the VM, so they are profiled like
any other allocation.  Paths are strs or path-like objects (``__fspath__``);
bytes paths, file descriptors as paths and ``dir_fd`` are refused, and so
are processes (system, popen, fork, exec, kill...) and raw descriptor I/O
(read, write, fdopen): "os.NAME is not supported by vmsample".

Differences from CPython: stat_result is a class of its own that behaves as
a 10-tuple (indexing, len, iteration, ==) rather than a tuple subclass;
``os.path`` is the module ``os.path`` (CPython's is named ``posixpath``).
"""

import _os
import abc as _abc

__all__ = ["getcwd", "chdir", "listdir", "scandir", "stat", "lstat", "mkdir", "makedirs",
           "rmdir", "removedirs", "remove", "unlink", "rename", "replace", "renames",
           "chmod", "utime", "access", "symlink", "readlink", "link", "open", "close",
           "getpid", "cpu_count", "environ", "getenv", "putenv", "unsetenv", "umask",
           "walk", "fspath", "fsencode", "fsdecode", "PathLike", "DirEntry", "stat_result",
           "path", "sep", "altsep", "curdir", "pardir", "extsep", "pathsep", "defpath",
           "devnull", "linesep", "name", "error", "get_exec_path"]

name = _os.name
linesep = _os.linesep
sep = "/"
altsep = None
curdir = "."
pardir = ".."
extsep = "."
pathsep = ":"
defpath = "/bin:/usr/bin"
devnull = "/dev/null"
error = OSError

O_RDONLY = _os.O_RDONLY
O_WRONLY = _os.O_WRONLY
O_RDWR = _os.O_RDWR
O_CREAT = _os.O_CREAT
O_EXCL = _os.O_EXCL
O_TRUNC = _os.O_TRUNC
O_APPEND = _os.O_APPEND
F_OK = _os.F_OK
R_OK = _os.R_OK
W_OK = _os.W_OK
X_OK = _os.X_OK
SEEK_SET = 0
SEEK_CUR = 1
SEEK_END = 2


# ---------------------------------------------------------------- paths

class PathLike(_abc.ABC):
    """Abstract base class for objects with an __fspath__ method."""

    @_abc.abstractmethod
    def __fspath__(self):
        raise NotImplementedError

    @classmethod
    def __subclasshook__(cls, subclass):
        if cls is PathLike and getattr(subclass, "__fspath__", None) is not None:
            return True
        return NotImplemented


def fspath(path):
    """The str of a path: itself, or what its __fspath__ returns."""
    if isinstance(path, str):
        return path
    if isinstance(path, bytes):
        raise NotImplementedError("bytes paths are not supported by vmsample")
    path_type = type(path)
    try:
        method = path_type.__fspath__
    except AttributeError:
        raise TypeError("expected str, bytes or os.PathLike object, not "
                        + path_type.__name__) from None
    result = method(path)
    if isinstance(result, str):
        return result
    raise TypeError(f"expected {path_type.__name__}.__fspath__() to return str or bytes, "
                    f"not {type(result).__name__}")


def fsencode(filename):
    raise NotImplementedError("os.fsencode is not supported by vmsample")


def fsdecode(filename):
    return fspath(filename)


# What else CPython's functions take as a path, for their error message.
_TAKES_FD = {"stat", "chdir", "chmod", "utime", "listdir", "scandir"}
_TAKES_NONE = {"listdir", "scandir"}


def _path(path, function, argument="path"):
    # A path argument: a str or path-like (CPython also takes bytes, and some
    # functions file descriptors; the VM does not).
    if isinstance(path, str):
        return path
    if isinstance(path, int) and not isinstance(path, bool) and function in _TAKES_FD:
        raise NotImplementedError(f"os.{function} of a file descriptor is not supported by vmsample")
    if isinstance(path, bytes):
        raise NotImplementedError("bytes paths are not supported by vmsample")
    if hasattr(type(path), "__fspath__"):
        return fspath(path)
    kinds = ["string", "bytes", "os.PathLike"]
    if function in _TAKES_FD:
        kinds.append("integer")
    if function in _TAKES_NONE:
        kinds.append("None")
    raise TypeError(f"{function}: {argument} should be {', '.join(kinds[:-1])} or {kinds[-1]}, "
                    f"not {type(path).__name__}")


def _no_dir_fd(dir_fd, function):
    if dir_fd is not None:
        raise NotImplementedError(f"os.{function} with dir_fd is not supported by vmsample")


# ---------------------------------------------------------------- files and directories

def getcwd():
    return _os.getcwd()


def chdir(path):
    _os.chdir(_path(path, "chdir"))


def listdir(path=None):
    return _os.listdir(_path("." if path is None else path, "listdir"))


def mkdir(path, mode=0o777, *, dir_fd=None):
    _no_dir_fd(dir_fd, "mkdir")
    _os.mkdir(_path(path, "mkdir"), mode)


def makedirs(name, mode=0o777, exist_ok=False):
    _os.makedirs(fspath(name), mode, exist_ok)


def rmdir(path, *, dir_fd=None):
    _no_dir_fd(dir_fd, "rmdir")
    _os.rmdir(_path(path, "rmdir"))


def removedirs(name):
    _os.removedirs(_path(name, "removedirs"))


def remove(path, *, dir_fd=None):
    _no_dir_fd(dir_fd, "remove")
    _os.remove(_path(path, "remove"))


def unlink(path, *, dir_fd=None):
    _no_dir_fd(dir_fd, "unlink")
    _os.remove(_path(path, "unlink"))


def rename(src, dst, *, src_dir_fd=None, dst_dir_fd=None):
    _no_dir_fd(src_dir_fd if src_dir_fd is not None else dst_dir_fd, "rename")
    _os.rename(_path(src, "rename", "src"), _path(dst, "rename", "dst"))


def replace(src, dst, *, src_dir_fd=None, dst_dir_fd=None):
    _no_dir_fd(src_dir_fd if src_dir_fd is not None else dst_dir_fd, "replace")
    _os.replace(_path(src, "replace", "src"), _path(dst, "replace", "dst"))


def renames(old, new):
    head, tail = path.split(new)
    if head and tail and not path.exists(head):
        makedirs(head)
    rename(old, new)
    head, tail = path.split(old)
    if head and tail:
        try:
            removedirs(head)
        except OSError:
            pass


def chmod(path, mode, *, dir_fd=None, follow_symlinks=True):
    _no_dir_fd(dir_fd, "chmod")
    if not follow_symlinks:
        raise NotImplementedError("os.chmod with follow_symlinks=False is not supported by vmsample")
    _os.chmod(_path(path, "chmod"), mode)


def utime(path, times=None, *, ns=None, dir_fd=None, follow_symlinks=True):
    _no_dir_fd(dir_fd, "utime")
    if not follow_symlinks:
        raise NotImplementedError("os.utime with follow_symlinks=False is not supported by vmsample")
    if times is not None and ns is not None:
        raise ValueError("utime: you may specify either 'times' or 'ns' but not both")
    _os.utime(_path(path, "utime"), times, ns)


def access(path, mode, *, dir_fd=None, effective_ids=False, follow_symlinks=True):
    _no_dir_fd(dir_fd, "access")
    return _os.access(_path(path, "access"), mode)


def symlink(src, dst, target_is_directory=False, *, dir_fd=None):
    _no_dir_fd(dir_fd, "symlink")
    _os.symlink(_path(src, "symlink", "src"), _path(dst, "symlink", "dst"), target_is_directory)


def readlink(path, *, dir_fd=None):
    _no_dir_fd(dir_fd, "readlink")
    return _os.readlink(_path(path, "readlink"))


def link(src, dst, *, src_dir_fd=None, dst_dir_fd=None, follow_symlinks=True):
    _no_dir_fd(src_dir_fd if src_dir_fd is not None else dst_dir_fd, "link")
    _os.link(_path(src, "link", "src"), _path(dst, "link", "dst"))


def open(path, flags, mode=0o777, *, dir_fd=None):
    """A file descriptor (an int): os.close takes it back; reading and
    writing through it need bytes (os.read / os.write are refused)."""
    _no_dir_fd(dir_fd, "open")
    return _os.open(_path(path, "open"), flags, mode)


def close(fd):
    _os.close(fd)


def getpid():
    return _os.getpid()


def cpu_count():
    return _os.cpu_count()


def umask(mask):
    return _os.umask(mask)


# ---------------------------------------------------------------- stat

class stat_result:
    """os.stat's result: a 10-tuple (mode, ino, dev, nlink, uid, gid, size,
    and the three times as ints) with named fields, the times also as floats
    (st_atime...) and in nanoseconds (st_atime_ns...)."""

    n_sequence_fields = 10
    n_fields = 19
    n_unnamed_fields = 3
    _names = ("st_mode", "st_ino", "st_dev", "st_nlink", "st_uid", "st_gid", "st_size",
              "st_atime", "st_mtime", "st_ctime")

    def __init__(self, values):
        self._tuple = tuple(values[:10])
        (self.st_mode, self.st_ino, self.st_dev, self.st_nlink, self.st_uid, self.st_gid,
         self.st_size) = self._tuple[:7]
        (self.st_atime, self.st_mtime, self.st_ctime, self.st_atime_ns, self.st_mtime_ns,
         self.st_ctime_ns, self.st_blksize, self.st_blocks, self.st_rdev) = values[10:19]

    def __getitem__(self, index):
        return self._tuple[index]

    def __len__(self):
        return 10

    def __iter__(self):
        return iter(self._tuple)

    def __eq__(self, other):
        if isinstance(other, stat_result):
            return self._tuple == other._tuple
        if isinstance(other, tuple):
            return self._tuple == other
        return NotImplemented

    def __ne__(self, other):
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self):
        return hash(self._tuple)

    def __repr__(self):
        fields = ", ".join(f"{n}={v!r}" for n, v in zip(self._names, self._tuple))
        return f"os.stat_result({fields})"


def stat(path, *, dir_fd=None, follow_symlinks=True):
    _no_dir_fd(dir_fd, "stat")
    return stat_result(_os.stat(_path(path, "stat"), follow_symlinks))


def lstat(path, *, dir_fd=None):
    _no_dir_fd(dir_fd, "lstat")
    return stat_result(_os.stat(_path(path, "lstat"), False))


# ---------------------------------------------------------------- scandir and walk

class DirEntry:
    """An entry of os.scandir: its name and path, and whether it is a
    directory, file or symlink (as the directory listing said)."""

    def __init__(self, entry):
        (self.name, self.path, self._is_dir, self._is_file, self._is_symlink,
         self._is_dir_nofollow, self._is_file_nofollow, self._inode) = entry
        self._stat = None
        self._lstat = None

    def is_dir(self, *, follow_symlinks=True):
        return self._is_dir if follow_symlinks else self._is_dir_nofollow

    def is_file(self, *, follow_symlinks=True):
        return self._is_file if follow_symlinks else self._is_file_nofollow

    def is_symlink(self):
        return self._is_symlink

    def inode(self):
        return self._inode

    def stat(self, *, follow_symlinks=True):
        if follow_symlinks:
            if self._stat is None:
                self._stat = stat(self.path)
            return self._stat
        if self._lstat is None:
            self._lstat = lstat(self.path)
        return self._lstat

    def __fspath__(self):
        return self.path

    def __repr__(self):
        return f"<DirEntry {self.name!r}>"


class _ScandirIterator:
    """What os.scandir returns: an iterator of DirEntry, and a context
    manager that closes it."""

    def __init__(self, entries):
        self._entries = entries
        self._next = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self._next >= len(self._entries):
            raise StopIteration
        entry = DirEntry(self._entries[self._next])
        self._next += 1
        return entry

    def close(self):
        self._next = len(self._entries)

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.close()


def scandir(path=None):
    return _ScandirIterator(_os.scandir(_path("." if path is None else path, "scandir")))


def walk(top, topdown=True, onerror=None, followlinks=False):
    """Directory tree generator: (dirpath, dirnames, filenames) for each
    directory, as CPython's os.walk (its order, its handling of errors)."""
    top = fspath(top)
    dirs = []
    nondirs = []
    walk_dirs = []
    try:
        scandir_it = scandir(top)
    except OSError as error:
        if onerror is not None:
            onerror(error)
        return
    with scandir_it:
        for entry in scandir_it:
            is_dir = entry.is_dir()
            if is_dir:
                dirs.append(entry.name)
            else:
                nondirs.append(entry.name)
            if not topdown and is_dir:
                if followlinks:
                    walk_into = True
                else:
                    walk_into = not entry.is_symlink()
                if walk_into:
                    walk_dirs.append(entry.path)
    if topdown:
        yield top, dirs, nondirs
        for dirname in dirs:
            new_path = path.join(top, dirname)
            if followlinks or not path.islink(new_path):
                yield from walk(new_path, topdown, onerror, followlinks)
    else:
        for new_path in walk_dirs:
            yield from walk(new_path, topdown, onerror, followlinks)
        yield top, dirs, nondirs


# ---------------------------------------------------------------- the environment

class _Environ:
    """os.environ: the process's environment as a mapping of strs; setting
    or deleting a variable changes the process's environment too."""

    def __init__(self):
        self._data = dict(_os.environ())

    def __getitem__(self, key):
        return self._data[key]

    def __setitem__(self, key, value):
        if not isinstance(key, str):
            raise TypeError(f"str expected, not {type(key).__name__}")
        if not isinstance(value, str):
            raise TypeError(f"str expected, not {type(value).__name__}")
        _os.putenv(key, value)
        self._data[key] = value

    def __delitem__(self, key):
        if key not in self._data:
            raise KeyError(key)
        _os.unsetenv(key)
        del self._data[key]

    def __contains__(self, key):
        return key in self._data

    def __iter__(self):
        return iter(list(self._data))

    def __len__(self):
        return len(self._data)

    def get(self, key, default=None):
        return self._data.get(key, default)

    def keys(self):
        return self._data.keys()

    def values(self):
        return self._data.values()

    def items(self):
        return self._data.items()

    def copy(self):
        return dict(self._data)

    def setdefault(self, key, value):
        if key not in self._data:
            self[key] = value
        return self._data[key]

    def pop(self, key, *default):
        if key in self._data:
            value = self._data[key]
            del self[key]
            return value
        if default:
            return default[0]
        raise KeyError(key)

    def update(self, other=(), **kwargs):
        items = other.items() if hasattr(other, "items") else other
        for key, value in items:
            self[key] = value
        for key, value in kwargs.items():
            self[key] = value

    def __eq__(self, other):
        if isinstance(other, _Environ):
            return self._data == other._data
        return self._data == other

    def __repr__(self):
        items = ", ".join(f"{k!r}: {v!r}" for k, v in self._data.items())
        return "environ({" + items + "})"


environ = _Environ()


def getenv(key, default=None):
    return environ.get(key, default)


def putenv(key, value):
    _os.putenv(key, value)


def unsetenv(key):
    _os.unsetenv(key)


def get_exec_path(env=None):
    if env is None:
        env = environ
    path_list = env.get("PATH")
    if path_list is None:
        path_list = defpath
    return path_list.split(pathsep)


# ---------------------------------------------------------------- refused

def _refused(qualname):
    # A function of a library module that the VM does not provide (also
    # tempfile's and shutil's).
    def refuse(*args, **kwargs):
        raise NotImplementedError(f"{qualname} is not supported by vmsample")
    return refuse


system = _refused("os.system")
popen = _refused("os.popen")
fork = _refused("os.fork")
kill = _refused("os.kill")
execv = _refused("os.execv")
execvp = _refused("os.execvp")
execve = _refused("os.execve")
spawnv = _refused("os.spawnv")
waitpid = _refused("os.waitpid")
pipe = _refused("os.pipe")
read = _refused("os.read")
write = _refused("os.write")
fdopen = _refused("os.fdopen")
dup = _refused("os.dup")
urandom = _refused("os.urandom")
getlogin = _refused("os.getlogin")
chown = _refused("os.chown")
get_terminal_size = _refused("os.get_terminal_size")

from os import path             # os.path needs fspath, defined above
