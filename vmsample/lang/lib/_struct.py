"""Functions to convert between Python values and C structs.
Python bytes objects are used to hold the data representing the C struct
and also as format strings (explained below) to describe the layout of data
in the C struct.

CPython 3.11's ``_struct`` (a C module there) for the VM.  Staged as
``_next/_struct.py`` while the VM has a built-in module of that name (the
engine of the hand-written lib/struct.py); it moves up when the VM switches
to the host's standard library.

``Struct`` is a class of the VM, which programs subclass, and the buffers of
``pack_into`` and ``unpack_from`` are the program's own bytearrays, written
and read here; the byte work itself -- the format's grammar, the C sizes and
alignments, IEEE floats -- is the host's ``_struct``, delegated: a packed
bytes object or an unpacked tuple of numbers comes back.  Values that only
convert to numbers (objects with ``__index__`` or ``__float__``, or any
object as a '?') are converted here first, so that the host gets plain
numbers; a value that does not convert goes to the host as it is, which
raises CPython's error.
"""

import _vmhost
from _capi import index as _index

_host = _vmhost.delegate("_struct")


class error(Exception):
    __module__ = "struct"


def _translated(call, *args):
    # The host's struct.error, raised again as this module's.
    try:
        return call(*args)
    except _host.error as exc:
        raise error(*exc.args) from None


_INTEGER_CODES = frozenset("bBhHiIlLqQnNP")
_FLOAT_CODES = frozenset("efd")


def _codes(format):
    """The format's code for each value it packs, in order ('s' and 'p'
    take one value whatever their count, 'x' none)."""
    codes = []
    count = ""
    for c in format.lstrip("@=<>!"):
        if c.isdigit():
            count += c
        elif c.isspace():
            continue
        else:
            if c in "sp":
                codes.append(c)
            elif c != "x":
                codes.extend(c * (int(count) if count else 1))
            count = ""
    return codes


def _plain(value, code):
    kind = type(value)
    if kind is int or kind is float or kind is bool or kind is bytes or kind is bytearray:
        return value
    if code == "?":
        return bool(value)
    if code in _INTEGER_CODES and hasattr(kind, "__index__"):
        return kind.__index__(value)
    if code in _FLOAT_CODES:
        if hasattr(kind, "__float__"):
            return float(value)
        if hasattr(kind, "__index__"):
            return kind.__index__(value)
    return value


def _bytes_of(buffer):
    # A readable buffer's bytes; anything else goes to the host, which
    # says what it wants.
    if type(buffer) is bytes or type(buffer) is bytearray:
        return buffer
    try:
        return memoryview(buffer).tobytes()
    except TypeError:
        return buffer


class Struct:
    """Struct(fmt) --> compiled struct object

"""
    # [_host_struct] does the byte work; [_codes] is the format's code of
    # each value, for _plain.
    __slots__ = ("_format", "_host_struct", "_codes", "__weakref__", "__dict__")

    def __new__(cls, *args, **kwargs):
        self = object.__new__(cls)
        self._format = None
        self._host_struct = None
        self._codes = ()
        return self

    def __init__(self, format):
        if isinstance(format, bytes):
            text = format.decode("ascii")
        elif isinstance(format, str):
            text = format
        else:
            raise TypeError(f"Struct() argument 1 must be a str or bytes object, "
                            f"not {type(format).__name__}")
        self._host_struct = _translated(_host.Struct, format)
        self._format = text
        self._codes = _codes(text)

    @property
    def format(self):
        """struct format string"""
        return self._format

    @property
    def size(self):
        """struct size in bytes"""
        return self._host_struct.size

    def _values(self, values):
        codes = self._codes
        if len(values) != len(codes):
            return values               # the host reports the count
        return tuple(_plain(v, c) for v, c in zip(values, codes))

    def pack(self, *values):
        """S.pack(v1, v2, ...) -> bytes

Return a bytes object containing values v1, v2, ... packed according
to the format string S.format.  See help(struct) for more on format
strings."""
        return _translated(self._host_struct.pack, *self._values(values))

    def pack_into(self, *args):
        """S.pack_into(buffer, offset, v1, v2, ...)

Pack the values v1, v2, ... according to the format string S.format
and write the packed bytes into the writable buffer buf starting at
offset.  Note that the offset is a required argument.  See
help(struct) for more on format strings."""
        if len(args) != len(self._codes) + 2:
            if not args:
                raise error("pack_into expected buffer argument")
            if len(args) == 1:
                raise error("pack_into expected offset argument")
            raise error(f"pack_into expected {len(self._codes)} items for packing "
                        f"(got {len(args) - 2})")
        buffer, offset, values = args[0], args[1], args[2:]
        view = _writable(buffer)
        if not isinstance(offset, int):
            offset = _index(offset)
        size, length = self.size, len(view)
        if offset < 0:
            if offset + size > 0:
                raise error(f"no space to pack {size} bytes at offset {offset}")
            if offset + length < 0:
                raise error(f"offset {offset} out of range for {length}-byte buffer")
            offset += length
        if length - offset < size:
            raise error(f"pack_into requires a buffer of at least {size + offset} bytes for "
                        f"packing {size} bytes at offset {offset} (actual buffer size is {length})")
        view[offset:offset + size] = self.pack(*values)

    def unpack(self, buffer):
        """Return a tuple containing unpacked values.

Unpack according to the format string Struct.format. The buffer's size
in bytes must be Struct.size.

See help(struct) for more on format strings."""
        return _translated(self._host_struct.unpack, _bytes_of(buffer))

    def unpack_from(self, buffer, offset=0):
        """Return a tuple containing unpacked values.

Values are unpacked according to the format string Struct.format.

The buffer's size in bytes, starting at position offset, must be
at least Struct.size.

See help(struct) for more on format strings."""
        return _translated(self._host_struct.unpack_from, _bytes_of(buffer), offset)

    def iter_unpack(self, buffer):
        """Return an iterator yielding tuples.

Tuples are unpacked from the given bytes source, like a repeated
invocation of unpack_from().

Requires that the bytes length be a multiple of the struct size."""
        return unpack_iterator._make(self, _bytes_of(buffer))


def _writable(buffer):
    # What pack_into writes through: the buffer itself if it is a
    # bytearray, else a byte view of it; CPython's TypeError otherwise.
    if type(buffer) is bytearray:
        return buffer
    try:
        view = memoryview(buffer)
    except TypeError:
        view = None
    if view is None or view.readonly:
        raise TypeError(f"argument must be read-write bytes-like object, not {type(buffer).__name__}")
    return view.cast("B")


class unpack_iterator:
    # The buffer's bytes, unpacked one struct at a time.
    __slots__ = ("_struct", "_data", "_offset")

    def __new__(cls, *args, **kwargs):
        raise TypeError("cannot create '_struct.unpack_iterator' instances")

    def __init_subclass__(cls, **kwargs):
        raise TypeError("type '_struct.unpack_iterator' is not an acceptable base type")

    @classmethod
    def _make(cls, struct, data):
        size = struct.size
        if size == 0:
            raise error("cannot iteratively unpack with a struct of length 0")
        if not isinstance(data, (bytes, bytearray)):
            struct.unpack(data)         # the TypeError of a non-buffer
        if len(data) % size:
            raise error(f"iterative unpacking requires a buffer of a multiple of {size} bytes")
        self = object.__new__(cls)
        self._struct, self._data, self._offset = struct, data, 0
        return self

    def __iter__(self):
        return self

    def __next__(self):
        if self._data is None or self._offset >= len(self._data):
            self._data = None
            raise StopIteration
        values = self._struct.unpack_from(self._data, self._offset)
        self._offset += self._struct.size
        return values

    def __length_hint__(self):
        if self._data is None:
            return 0
        return (len(self._data) - self._offset) // self._struct.size


# --- the module's functions, on a cache of Struct objects by format

_cache = {}
_MAXCACHE = 100


def _struct_of(format):
    struct = _cache.get(format) if isinstance(format, (str, bytes)) else None
    if struct is None:
        struct = Struct(format)
        if len(_cache) >= _MAXCACHE:
            _cache.clear()
        _cache[format] = struct
    return struct


def _clearcache():
    """Clear the internal cache."""
    _cache.clear()


def calcsize(format):
    """Return size in bytes of the struct described by the format string."""
    return _struct_of(format).size


def pack(format, *values):
    """pack(format, v1, v2, ...) -> bytes

Return a bytes object containing the values v1, v2, ... packed according
to the format string.  See help(struct) for more on format strings."""
    return _struct_of(format).pack(*values)


def pack_into(format, *args):
    """pack_into(format, buffer, offset, v1, v2, ...)

Pack the values v1, v2, ... according to the format string and write
the packed bytes into the writable buffer buf starting at offset.  Note
that the offset is a required argument.  See help(struct) for more
on format strings."""
    return _struct_of(format).pack_into(*args)


def unpack(format, buffer):
    """Return a tuple containing values unpacked according to the format string.

The buffer's size in bytes must be calcsize(format).

See help(struct) for more on format strings."""
    return _struct_of(format).unpack(buffer)


def unpack_from(format, buffer, offset=0):
    """Return a tuple containing values unpacked according to the format string.

The buffer's size, minus offset, must be at least calcsize(format).

See help(struct) for more on format strings."""
    return _struct_of(format).unpack_from(buffer, offset)


def iter_unpack(format, buffer):
    """Return an iterator yielding tuples unpacked from the given bytes.

The bytes are unpacked according to the format string, like
a repeated invocation of unpack_from().

Requires that the bytes length be a multiple of the format struct size."""
    return _struct_of(format).iter_unpack(buffer)
