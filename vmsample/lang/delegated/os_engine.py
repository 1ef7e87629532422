"""``_os``: the CPython half of the VM's ``os``, ``os.path``, ``shutil``,
``tempfile``, ``fnmatch``, ``glob`` and ``pathlib`` (vmsample/lang/lib).

System calls and path-string manipulation are CPython's own functions: they
take and return only strs, ints, floats, bools, None and tuples or lists of
those, which the VM copies into its own objects.  The VM side checks
arguments (path-like objects become strs there), builds the objects the
program sees (stat_result, DirEntry, Path...) and raises CPython's
exceptions: an OSError leaves here as itself, and the VM makes the VM
exception of the same class, with its errno, strerror and file names
(exc_from_python in vm/exceptions.pxi).
"""

import builtins as _builtins
import fnmatch as _fnmatch
import glob as _glob
import os as _os
import posixpath as _posixpath
import shutil as _shutil
import stat as _stat
import tempfile as _tempfile

__all__ = [
    # os
    "getcwd", "chdir", "listdir", "scandir", "stat", "mkdir", "makedirs", "rmdir", "removedirs",
    "remove", "rename", "replace", "chmod", "utime", "access", "symlink", "readlink", "link",
    "open", "close", "getpid", "cpu_count", "environ", "putenv", "unsetenv", "umask",
    # os.path (posixpath)
    "abspath", "realpath", "normpath", "normcase", "join", "split", "splitext", "splitdrive",
    "basename", "dirname", "exists", "lexists", "isfile", "isdir", "islink", "isabs", "ismount",
    "getsize", "getmtime", "getatime", "getctime", "expanduser", "expandvars", "relpath",
    "commonpath", "commonprefix", "samefile",
    # fnmatch, glob
    "fnmatchcase", "translate", "glob", "glob_escape",
    # shutil
    "rmtree", "copyfile", "copy", "copy2", "copytree", "move", "which", "copymode", "copystat",
    "disk_usage",
    # tempfile
    "mkdtemp", "mkstemp", "gettempdir", "gettempprefix",
    # text files (pathlib's read_text / write_text / touch)
    "read_text", "write_text", "touch",
    # stat
    "filemode",
]

# ---------------------------------------------------------------- os

getcwd = _os.getcwd
chdir = _os.chdir
listdir = _os.listdir
rmdir = _os.rmdir
removedirs = _os.removedirs
remove = _os.remove
rename = _os.rename
replace = _os.replace
chmod = _os.chmod
access = _os.access
readlink = _os.readlink
close = _os.close
getpid = _os.getpid
cpu_count = _os.cpu_count
umask = _os.umask


def scandir(path):
    """Every entry as (name, path, is_dir, is_file, is_symlink, is_dir
    without following symlinks, is_file likewise, inode), in scandir's order."""
    with _os.scandir(path) as it:
        return [(e.name, e.path, e.is_dir(), e.is_file(), e.is_symlink(),
                 e.is_dir(follow_symlinks=False), e.is_file(follow_symlinks=False), e.inode())
                for e in it]


def stat(path, follow_symlinks):
    """The 10 items of the stat_result tuple, then st_atime, st_mtime,
    st_ctime (floats), their _ns ints, st_blksize, st_blocks, st_rdev."""
    st = _os.stat(path, follow_symlinks=follow_symlinks)
    return tuple(st) + (st.st_atime, st.st_mtime, st.st_ctime, st.st_atime_ns, st.st_mtime_ns,
                        st.st_ctime_ns, st.st_blksize, st.st_blocks, st.st_rdev)


def mkdir(path, mode):
    _os.mkdir(path, mode)


def makedirs(path, mode, exist_ok):
    _os.makedirs(path, mode, exist_ok)


def utime(path, times, ns):
    if ns is not None:
        _os.utime(path, ns=tuple(ns))
    else:
        _os.utime(path, None if times is None else tuple(times))


def symlink(src, dst, target_is_directory):
    _os.symlink(src, dst, target_is_directory)


def link(src, dst):
    _os.link(src, dst)


def open(path, flags, mode):
    return _os.open(path, flags, mode)


def environ():
    return sorted(_os.environ.items())


def putenv(key, value):
    _os.environ[key] = value


def unsetenv(key):
    _os.environ.pop(key, None)

# ---------------------------------------------------------------- os.path


abspath = _posixpath.abspath
normpath = _posixpath.normpath
normcase = _posixpath.normcase
split = _posixpath.split
splitext = _posixpath.splitext
splitdrive = _posixpath.splitdrive
basename = _posixpath.basename
dirname = _posixpath.dirname
exists = _posixpath.exists
lexists = _posixpath.lexists
isfile = _posixpath.isfile
isdir = _posixpath.isdir
islink = _posixpath.islink
isabs = _posixpath.isabs
ismount = _posixpath.ismount
getsize = _posixpath.getsize
getmtime = _posixpath.getmtime
getatime = _posixpath.getatime
getctime = _posixpath.getctime
expanduser = _posixpath.expanduser
expandvars = _posixpath.expandvars
samefile = _posixpath.samefile


def realpath(path, strict):
    return _posixpath.realpath(path, strict=strict)


def join(a, rest):
    return _posixpath.join(a, *rest)


def relpath(path, start):
    return _posixpath.relpath(path, start)


def commonpath(paths):
    return _posixpath.commonpath(paths)


def commonprefix(paths):
    return _posixpath.commonprefix(paths)

# ---------------------------------------------------------------- fnmatch, glob


fnmatchcase = _fnmatch.fnmatchcase
translate = _fnmatch.translate
glob_escape = _glob.escape


def glob(pathname, root_dir, recursive, include_hidden):
    return _glob.glob(pathname, root_dir=root_dir, recursive=recursive,
                      include_hidden=include_hidden)

# ---------------------------------------------------------------- shutil


def rmtree(path, ignore_errors):
    _shutil.rmtree(path, ignore_errors)


def copyfile(src, dst, follow_symlinks):
    return _shutil.copyfile(src, dst, follow_symlinks=follow_symlinks)


def copy(src, dst, follow_symlinks):
    return _shutil.copy(src, dst, follow_symlinks=follow_symlinks)


def copy2(src, dst, follow_symlinks):
    return _shutil.copy2(src, dst, follow_symlinks=follow_symlinks)


def copymode(src, dst, follow_symlinks):
    _shutil.copymode(src, dst, follow_symlinks=follow_symlinks)


def copystat(src, dst, follow_symlinks):
    _shutil.copystat(src, dst, follow_symlinks=follow_symlinks)


def copytree(src, dst, symlinks, dirs_exist_ok):
    return _shutil.copytree(src, dst, symlinks=symlinks, dirs_exist_ok=dirs_exist_ok)


def move(src, dst):
    return _shutil.move(src, dst)


def which(cmd, mode, path):
    return _shutil.which(cmd, mode, path)


def disk_usage(path):
    return tuple(_shutil.disk_usage(path))

# ---------------------------------------------------------------- tempfile


def mkdtemp(suffix, prefix, dir):
    return _tempfile.mkdtemp(suffix, prefix, dir)


def mkstemp(suffix, prefix, dir, text):
    return _tempfile.mkstemp(suffix, prefix, dir, text)


gettempdir = _tempfile.gettempdir
gettempprefix = _tempfile.gettempprefix

# ---------------------------------------------------------------- text files


def read_text(path, encoding, errors):
    with _builtins.open(path, encoding=encoding, errors=errors) as f:
        return f.read()


def write_text(path, data, encoding, errors, newline):
    with _builtins.open(path, "w", encoding=encoding, errors=errors, newline=newline) as f:
        return f.write(data)


def touch(path, mode, exist_ok):
    """pathlib.Path.touch: bump the times of an existing file, or create it."""
    if exist_ok:
        try:
            _os.utime(path, None)
        except OSError:
            pass
        else:
            return
    flags = _os.O_CREAT | _os.O_WRONLY
    if not exist_ok:
        flags |= _os.O_EXCL
    _os.close(_os.open(path, flags, mode))

# ---------------------------------------------------------------- stat


filemode = _stat.filemode
