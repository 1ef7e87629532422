"""The compile cache: a module's compiled code kept on disk, as CPython's
``__pycache__``, so that no run pays to compile a module that has not
changed (the standard library's modules above all).

An entry is one file in the user's cache directory (``$VMSAMPLE_CACHE_DIR``,
else ``$XDG_CACHE_HOME/vmsample/code``, else ``~/.cache/vmsample/code``),
named after the source's absolute path, its package and the compiler's
version.  It holds the source's size and modification time (ns), as
CPython's pyc does, and the compiled code tree (``compiler.Code``, pickled).
The rules:

* an entry is used only if its source's size and mtime are the file's now
  and it was written by this compiler (``COMPILER_VERSION``: a hash of the
  compiler's own source files), so editing either recompiles;
* an entry that cannot be read -- truncated, corrupt, from another version
  of Python -- is ignored and written again;
* an entry is written to a temporary file in the same directory and renamed
  into place, so a concurrent run reads the old entry or the new one, never
  half of one; a directory that cannot be written costs only the caching.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile

from vmsample.lang.compiler import compile_source
from vmsample.lang.source import read_source

__all__ = ["compiled", "cache_dir", "COMPILER_VERSION"]

_HERE = os.path.dirname(os.path.abspath(__file__))


def _compiler_version() -> str:
    h = hashlib.sha256()
    compiler = sorted(os.path.join("compiler", f) for f in os.listdir(os.path.join(_HERE, "compiler"))
                      if f.endswith(".py"))
    for name in (*compiler, "opcodes.py", "verify.py", "source.py"):
        h.update(name.encode())
        with open(os.path.join(_HERE, name), "rb") as f:
            h.update(f.read())
    return h.hexdigest()[:16]


COMPILER_VERSION = _compiler_version()


def cache_dir() -> str:
    explicit = os.environ.get("VMSAMPLE_CACHE_DIR")
    if explicit:
        return explicit
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "vmsample", "code")


def _entry_path(path: str, package: str) -> str:
    key = f"{COMPILER_VERSION}\0{path}\0{package}".encode("utf-8", "surrogatepass")
    return os.path.join(cache_dir(), hashlib.sha256(key).hexdigest()[:40] + ".code")


def compiled(path: str, *, package: str = "", search_path: list | None = None):
    """The compiled code of the source file [path], from the cache when it is
    current, else compiled (SyntaxError as compile_source raises it) and
    cached."""
    path = os.path.abspath(path)
    st = os.stat(path)
    stamp = (path, st.st_size, st.st_mtime_ns, COMPILER_VERSION)
    entry = _entry_path(path, package)
    try:
        with open(entry, "rb") as f:
            header, code = pickle.load(f)
        if header == stamp:
            return code
    except Exception:           # absent, unreadable, truncated, corrupt: compile again
        pass
    source = read_source(path)
    code = compile_source(source, path, package=package, search_path=search_path)
    _write(entry, stamp, code)
    return code


def _write(entry: str, stamp: tuple, code) -> None:
    try:
        os.makedirs(os.path.dirname(entry), exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(entry), prefix=".tmp-")
        try:
            with os.fdopen(fd, "wb") as f:
                pickle.dump((stamp, code), f, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, entry)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        pass                    # a read-only cache costs only the caching
