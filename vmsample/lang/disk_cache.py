"""Values kept on disk between runs, so that no start pays twice for the
same work: compiled code (``code_cache.py``) and the tables every start
reads (``lib/c_modules.toml``, parsed: [cached_table]).

An entry is one file in the user's cache directory (``$VMSAMPLE_CACHE_DIR``,
else ``$XDG_CACHE_HOME/vmsample/code``, else ``~/.cache/vmsample/code``),
named after a hash of its key, holding ``(stamp, value)``: the stamp says
what the value was made from (a file's size and modification time, a
compiler's version), and its reader uses the value only if the stamp is
what it would write now.  The rules:

* an entry that cannot be read -- absent, truncated, corrupt (its CRC), from
  another version of Python or of this format -- reads as absent, and is
  made and written again;
* an entry is written to a temporary file in the same directory and renamed
  into place, so a concurrent run reads the old entry or the new one, never
  half of one; a directory that cannot be written costs only the caching.

The format is ``MAGIC``, the CRC-32 of the rest, then a marshal of
``(stamp, value)`` -- the fastest reader CPython has (pickle was 3x slower
on code trees, and marshal makes no object it was not given).
"""

from __future__ import annotations

import marshal
import os
import sys
import zlib

try:                            # CPython's builtin sha256 (hashlib's import loads OpenSSL: ~3 ms a start)
    from _sha256 import sha256
except ImportError:             # pragma: no cover
    from hashlib import sha256

__all__ = ["cache_dir", "entry_path", "read", "write", "cached_table", "sha256"]

MAGIC = b"vmsample-cache-1\n"


def cache_dir() -> str:
    explicit = os.environ.get("VMSAMPLE_CACHE_DIR")
    if explicit:
        return explicit
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "vmsample", "code")


def entry_path(*key: str) -> str:
    """The file of the entry named by the strings [key]."""
    text = "\0".join(key).encode("utf-8", "surrogatepass")
    return os.path.join(cache_dir(), sha256(text).hexdigest()[:40] + ".code")


def read(entry: str, stamp):
    """The value of [entry] if it is readable and has this [stamp], else None."""
    try:
        with open(entry, "rb") as f:
            data = f.read()
    except OSError:
        return None
    head = len(MAGIC)
    body = memoryview(data)[head + 4:]
    if data[:head] != MAGIC or int.from_bytes(data[head:head + 4], "little") != zlib.crc32(body):
        return None
    try:
        found, value = marshal.loads(body)
    except Exception:           # truncated, or of another Python
        return None
    return value if found == stamp else None


def write(entry: str, stamp, value) -> None:
    """Store [value] under [stamp] in [entry] (nothing if marshal cannot
    store it or the directory cannot be written)."""
    import tempfile

    try:
        data = marshal.dumps((stamp, value))
    except ValueError:          # an object marshal cannot store: not cached
        return
    data = MAGIC + zlib.crc32(data).to_bytes(4, "little") + data
    try:
        os.makedirs(os.path.dirname(entry), exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(entry), prefix=".tmp-")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, entry)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        pass                    # a read-only cache costs only the caching


def cached_table(path: str, make):
    """make(path) -- a value marshal can store -- from the cache while the
    file [path] is unchanged (its size and mtime)."""
    st = os.stat(path)
    stamp = (path, st.st_size, st.st_mtime_ns, sys.version)
    entry = entry_path("table", path)
    value = read(entry, stamp)
    if value is None:
        value = make(path)
        write(entry, stamp, value)
    return value
