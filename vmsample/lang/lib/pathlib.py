"""pathlib for the vmsample VM: POSIX paths as objects.

Written for the VM after CPython 3.11's pathlib (the same parsing, results
and messages): pure paths split into (drive, root, parts) here, in the VM,
so path objects and their strings are profiled like any other allocation;
the file system is reached through os and os.path, which delegate the
system calls to CPython (vmsample/lang/delegated/os_engine.py).

Differences from CPython: the VM has no multiple inheritance, so the
classes form one chain, PurePath > PurePosixPath > Path > PosixPath
(CPython's PosixPath derives from Path and PurePosixPath, and Path from
PurePath only); Windows paths, owner/group and as_uri are refused: "... is
not supported by vmsample".
"""

import os
import _os
from os import fspath

__all__ = ["PurePath", "PurePosixPath", "Path", "PosixPath", "PureWindowsPath", "WindowsPath"]


def _is_wildcard_pattern(pat):
    return "*" in pat or "?" in pat or "[" in pat


def _split_root(part):
    # POSIX: two leading slashes are kept (implementation-defined meaning),
    # more than two are one.
    if part and part[0] == "/":
        stripped = part.lstrip("/")
        if len(part) - len(stripped) == 2:
            return "", "//", stripped
        return "", "/", stripped
    return "", "", part


def _parse_parts(parts):
    # (drive, root, parts): the last anchored argument wins; "." and empty
    # components go.
    parsed = []
    drv = root = ""
    for part in reversed(parts):
        if not part:
            continue
        drv, root, rel = _split_root(part)
        for x in reversed(rel.split("/")):
            if x and x != ".":
                parsed.append(x)
        if root:
            break
    if root:
        parsed.append(root)
    parsed.reverse()
    return drv, root, parsed


def _join_parsed_parts(drv, root, parts, drv2, root2, parts2):
    if root2:
        return drv2, root2, parts2
    return drv, root, parts + parts2


class _PathParents:
    """Sequence-like access to the logical ancestors of a path."""

    def __init__(self, path):
        self._pathcls = type(path)
        self._drv = path._drv
        self._root = path._root
        self._parts = path._parts

    def __len__(self):
        if self._drv or self._root:
            return len(self._parts) - 1
        return len(self._parts)

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return tuple(self[i] for i in list(range(len(self)))[idx])
        if idx >= len(self) or idx < -len(self):
            raise IndexError(idx)
        if idx < 0:
            idx += len(self)
        return self._pathcls._from_parsed_parts(self._drv, self._root, self._parts[:-idx - 1])

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]

    def __contains__(self, value):
        for v in self:
            if v == value:
                return True
        return False

    def __repr__(self):
        return f"<{self._pathcls.__name__}.parents>"


class PurePath:
    """A path of the file system, without I/O: PurePath(...) makes a
    PurePosixPath."""

    def __new__(cls, *args):
        if cls is PurePath:
            cls = PurePosixPath
        return cls._from_parts(args)

    @classmethod
    def _parse_args(cls, args):
        parts = []
        for a in args:
            if isinstance(a, PurePath):
                parts += a._parts
            else:
                a = fspath(a)
                if isinstance(a, str):
                    parts.append(str(a))
                else:
                    raise TypeError("argument should be a str object or an os.PathLike "
                                    f"object returning str, not {type(a)!r}")
        return _parse_parts(parts)

    @classmethod
    def _from_parts(cls, args):
        self = object.__new__(cls)
        self._drv, self._root, self._parts = cls._parse_args(args)
        self._str = None
        return self

    @classmethod
    def _from_parsed_parts(cls, drv, root, parts):
        self = object.__new__(cls)
        self._drv = drv
        self._root = root
        self._parts = parts
        self._str = None
        return self

    @classmethod
    def _format_parsed_parts(cls, drv, root, parts):
        if drv or root:
            return drv + root + "/".join(parts[1:])
        return "/".join(parts)

    def _make_child(self, args):
        drv, root, parts = self._parse_args(args)
        drv, root, parts = _join_parsed_parts(self._drv, self._root, self._parts, drv, root, parts)
        return self._from_parsed_parts(drv, root, parts)

    def _make_child_relpath(self, part):
        return self._from_parsed_parts(self._drv, self._root, self._parts + [part])

    def __str__(self):
        if self._str is None:
            self._str = self._format_parsed_parts(self._drv, self._root, self._parts) or "."
        return self._str

    def __fspath__(self):
        return str(self)

    def as_posix(self):
        return str(self)

    def __bytes__(self):
        raise NotImplementedError("bytes(path) is not supported by vmsample")

    def __repr__(self):
        return f"{self.__class__.__name__}({self.as_posix()!r})"

    def as_uri(self):
        raise NotImplementedError("PurePath.as_uri is not supported by vmsample")

    def __eq__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._parts == other._parts

    def __ne__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._parts != other._parts

    def __hash__(self):
        return hash(tuple(self._parts))

    def __lt__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._parts < other._parts

    def __le__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._parts <= other._parts

    def __gt__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._parts > other._parts

    def __ge__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._parts >= other._parts

    @property
    def drive(self):
        """The drive prefix (letter or UNC path), if any."""
        return self._drv

    @property
    def root(self):
        """The root of the path, if any."""
        return self._root

    @property
    def anchor(self):
        """The concatenation of the drive and root, or ''."""
        return self._drv + self._root

    @property
    def name(self):
        """The final path component, if any."""
        parts = self._parts
        if len(parts) == (1 if (self._drv or self._root) else 0):
            return ""
        return parts[-1]

    @property
    def suffix(self):
        """The final component's last suffix, if any."""
        name = self.name
        i = name.rfind(".")
        if 0 < i < len(name) - 1:
            return name[i:]
        return ""

    @property
    def suffixes(self):
        """A list of the final component's suffixes, if any."""
        name = self.name
        if name.endswith("."):
            return []
        name = name.lstrip(".")
        return ["." + suffix for suffix in name.split(".")[1:]]

    @property
    def stem(self):
        """The final path component, minus its last suffix."""
        name = self.name
        i = name.rfind(".")
        if 0 < i < len(name) - 1:
            return name[:i]
        return name

    def with_name(self, name):
        """Return a new path with the file name changed."""
        if not self.name:
            raise ValueError("%r has an empty name" % (self,))
        drv, root, parts = _parse_parts((name,))
        if not name or name[-1] == "/" or drv or root or len(parts) != 1:
            raise ValueError("Invalid name %r" % (name))
        return self._from_parsed_parts(self._drv, self._root, self._parts[:-1] + [name])

    def with_stem(self, stem):
        """Return a new path with the stem changed."""
        return self.with_name(stem + self.suffix)

    def with_suffix(self, suffix):
        """Return a new path with the file suffix changed (or added, or
        removed for an empty suffix)."""
        if "/" in suffix:
            raise ValueError("Invalid suffix %r" % (suffix,))
        if suffix and not suffix.startswith(".") or suffix == ".":
            raise ValueError("Invalid suffix %r" % (suffix))
        name = self.name
        if not name:
            raise ValueError("%r has an empty name" % (self,))
        old_suffix = self.suffix
        if not old_suffix:
            name = name + suffix
        else:
            name = name[:-len(old_suffix)] + suffix
        return self._from_parsed_parts(self._drv, self._root, self._parts[:-1] + [name])

    def relative_to(self, *other):
        """The relative path to another path; ValueError if this path is not
        below it."""
        if not other:
            raise TypeError("need at least one argument")
        parts = self._parts
        drv = self._drv
        root = self._root
        if root:
            abs_parts = [drv, root] + parts[1:]
        else:
            abs_parts = parts
        to_drv, to_root, to_parts = self._parse_args(other)
        if to_root:
            to_abs_parts = [to_drv, to_root] + to_parts[1:]
        else:
            to_abs_parts = to_parts
        n = len(to_abs_parts)
        if (root or drv) if n == 0 else abs_parts[:n] != to_abs_parts:
            formatted = self._format_parsed_parts(to_drv, to_root, to_parts)
            raise ValueError("{!r} is not in the subpath of {!r}"
                             " OR one path is relative and the other is absolute."
                             .format(str(self), str(formatted)))
        return self._from_parsed_parts("", root if n == 1 else "", abs_parts[n:])

    def is_relative_to(self, *other):
        try:
            self.relative_to(*other)
            return True
        except ValueError:
            return False

    @property
    def parts(self):
        """The components of the path, as a tuple."""
        return tuple(self._parts)

    def joinpath(self, *args):
        return self._make_child(args)

    def __truediv__(self, key):
        try:
            return self._make_child((key,))
        except TypeError:
            return NotImplemented

    def __rtruediv__(self, key):
        try:
            return self._from_parts([key] + self._parts)
        except TypeError:
            return NotImplemented

    @property
    def parent(self):
        """The logical parent of the path."""
        drv = self._drv
        root = self._root
        parts = self._parts
        if len(parts) == 1 and (drv or root):
            return self
        return self._from_parsed_parts(drv, root, parts[:-1])

    @property
    def parents(self):
        """A sequence of this path's logical parents."""
        return _PathParents(self)

    def is_absolute(self):
        return bool(self._root)

    def is_reserved(self):
        return False

    def match(self, path_pattern):
        """Whether this path matches the glob-style pattern (from the right,
        or the whole path for an absolute pattern)."""
        drv, root, pat_parts = _parse_parts((path_pattern,))
        if not pat_parts:
            raise ValueError("empty pattern")
        if root and root != self._root:
            return False
        parts = self._parts
        if drv or root:
            if len(pat_parts) != len(parts):
                return False
            pat_parts = pat_parts[1:]
        elif len(pat_parts) > len(parts):
            return False
        for part, pat in zip(reversed(parts), reversed(pat_parts)):
            if not _os.fnmatchcase(part, pat):
                return False
        return True


os.PathLike.register(PurePath)


class PurePosixPath(PurePath):
    """A PurePath of POSIX semantics."""


class PureWindowsPath(PurePath):
    """Windows paths are not provided."""

    def __new__(cls, *args):
        raise NotImplementedError("PureWindowsPath is not supported by vmsample")


class Path(PurePosixPath):
    """A path that can make system calls: Path(...) makes a PosixPath."""

    def __new__(cls, *args, **kwargs):
        if cls is Path:
            cls = PosixPath
        return cls._from_parts(args)

    @classmethod
    def cwd(cls):
        """The current working directory."""
        return cls(os.getcwd())

    @classmethod
    def home(cls):
        """The user's home directory (as os.path.expanduser('~'))."""
        return cls("~").expanduser()

    def samefile(self, other_path):
        st = self.stat()
        try:
            other_st = other_path.stat()
        except AttributeError:
            other_st = self.__class__(other_path).stat()
        return st.st_ino == other_st.st_ino and st.st_dev == other_st.st_dev

    def iterdir(self):
        """The entries of this directory ('.' and '..' excluded), as paths."""
        for name in os.listdir(self):
            yield self._make_child_relpath(name)

    def glob(self, pattern):
        """Every existing path below this one that matches the relative
        pattern ('**' for any number of directories)."""
        if not pattern:
            raise ValueError("Unacceptable pattern: {!r}".format(pattern))
        drv, root, pattern_parts = _parse_parts((pattern,))
        if drv or root:
            raise NotImplementedError("Non-relative patterns are unsupported")
        if pattern[-1] == "/":
            pattern_parts.append("")
        return self._glob(pattern_parts)

    def rglob(self, pattern):
        """glob('**/' + pattern)."""
        drv, root, pattern_parts = _parse_parts((pattern,))
        if drv or root:
            raise NotImplementedError("Non-relative patterns are unsupported")
        if pattern and pattern[-1] == "/":
            pattern_parts.append("")
        return self._glob(["**"] + pattern_parts)

    def _glob(self, pattern_parts):
        for pat in pattern_parts:
            if pat != "**" and "**" in pat:
                raise ValueError("Invalid pattern: '**' can only be an entire path component")
        if not self.is_dir():
            return
        yield from _select(self, pattern_parts, 0)

    def absolute(self):
        if self.is_absolute():
            return self
        return self._from_parts([os.getcwd()] + self._parts)

    def resolve(self, strict=False):
        """The absolute path, symlinks resolved ('..' too)."""
        s = os.path.realpath(self, strict=strict)
        p = self._from_parts((s,))
        if not strict:
            try:
                p.stat()
            except OSError as e:
                if e.errno != 2 and e.errno != 20:        # ENOENT, ENOTDIR
                    raise
        return p

    def stat(self, *, follow_symlinks=True):
        return os.stat(self, follow_symlinks=follow_symlinks)

    def lstat(self):
        return os.lstat(self)

    def owner(self):
        raise NotImplementedError("Path.owner is not supported by vmsample")

    def group(self):
        raise NotImplementedError("Path.group is not supported by vmsample")

    def open(self, mode="r", buffering=-1, encoding=None, errors=None, newline=None):
        return open(self, mode, buffering, encoding, errors, newline)

    def read_bytes(self):
        with open(self, mode="rb") as f:
            return f.read()

    def write_bytes(self, data):
        view = bytes(data)
        with open(self, mode="wb") as f:
            return f.write(view)

    def read_text(self, encoding=None, errors=None):
        return _os.read_text(str(self), encoding, errors)

    def write_text(self, data, encoding=None, errors=None, newline=None):
        if not isinstance(data, str):
            raise TypeError("data must be str, not %s" % data.__class__.__name__)
        return _os.write_text(str(self), data, encoding, errors, newline)

    def readlink(self):
        return self._from_parts((os.readlink(self),))

    def touch(self, mode=0o666, exist_ok=True):
        _os.touch(str(self), mode, exist_ok)

    def mkdir(self, mode=0o777, parents=False, exist_ok=False):
        try:
            os.mkdir(self, mode)
        except FileNotFoundError:
            if not parents or self.parent == self:
                raise
            self.parent.mkdir(parents=True, exist_ok=True)
            self.mkdir(mode, parents=False, exist_ok=exist_ok)
        except OSError:
            if not exist_ok or not self.is_dir():
                raise

    def chmod(self, mode, *, follow_symlinks=True):
        os.chmod(self, mode, follow_symlinks=follow_symlinks)

    def unlink(self, missing_ok=False):
        try:
            os.unlink(self)
        except FileNotFoundError:
            if not missing_ok:
                raise

    def rmdir(self):
        os.rmdir(self)

    def rename(self, target):
        os.rename(self, target)
        return self.__class__(target)

    def replace(self, target):
        os.replace(self, target)
        return self.__class__(target)

    def symlink_to(self, target, target_is_directory=False):
        os.symlink(target, self, target_is_directory)

    def hardlink_to(self, target):
        os.link(target, self)

    def _stat_or_none(self, follow_symlinks):
        # stat(), or None where CPython's file tests say False (no such
        # file, not a directory, a symlink loop...)
        try:
            return os.stat(self, follow_symlinks=follow_symlinks)
        except OSError as e:
            if e.errno not in _IGNORED_ERRNOS:
                raise
            return None
        except ValueError:
            return None

    def exists(self):
        return self._stat_or_none(True) is not None

    def is_dir(self):
        return self._is_mode(0o040000)

    def is_file(self):
        return self._is_mode(0o100000)

    def is_symlink(self):
        st = self._stat_or_none(False)
        return st is not None and st.st_mode & 0o170000 == 0o120000

    def is_mount(self):
        return os.path.ismount(self)

    def is_block_device(self):
        return self._is_mode(0o060000)

    def is_char_device(self):
        return self._is_mode(0o020000)

    def is_fifo(self):
        return self._is_mode(0o010000)

    def is_socket(self):
        return self._is_mode(0o140000)

    def _is_mode(self, kind):
        st = self._stat_or_none(True)
        return st is not None and st.st_mode & 0o170000 == kind

    def expanduser(self):
        if not (self._drv or self._root) and self._parts and self._parts[0][:1] == "~":
            homedir = os.path.expanduser(self._parts[0])
            if homedir[:1] == "~":
                raise RuntimeError("Could not determine home directory.")
            return self._from_parts([homedir] + self._parts[1:])
        return self


class PosixPath(Path):
    """A Path of a POSIX system."""


class WindowsPath(Path):
    """Windows paths are not provided."""

    def __new__(cls, *args, **kwargs):
        raise NotImplementedError("WindowsPath is not supported by vmsample")


# ENOENT, ENOTDIR, EBADF, ELOOP: "does not exist" for exists() / is_dir()...
_IGNORED_ERRNOS = (2, 20, 9, 40)


def _select(path, parts, i):
    # The paths below [path] matching pattern parts[i:], in CPython's order
    # (its _Selector classes, as generators).
    if i == len(parts):
        yield path
        return
    pat = parts[i]
    if not pat:                             # a trailing "/": directories only
        yield path
        return
    dironly = i + 1 < len(parts)
    if pat == "**":
        yielded = set()
        for directory in _iterate_directories(path):
            for p in _select(directory, parts, i + 1):
                if p not in yielded:
                    yield p
                    yielded.add(p)
    elif _is_wildcard_pattern(pat):
        for entry in _entries(path):
            if dironly and not entry.is_dir():
                continue
            name = entry.name
            if _os.fnmatchcase(name, pat):
                yield from _select(path._make_child_relpath(name), parts, i + 1)
    else:
        child = path._make_child_relpath(pat)
        if child.is_dir() if dironly else child.exists():
            yield from _select(child, parts, i + 1)


def _entries(path):
    """The directory's entries; none where it may not be read (glob skips it)."""
    try:
        with os.scandir(path) as scandir_it:
            return list(scandir_it)
    except PermissionError:
        return []


def _iterate_directories(path):
    yield path
    for entry in _entries(path):
        if entry.is_dir() and not entry.is_symlink():
            yield from _iterate_directories(path._make_child_relpath(entry.name))
