"""struct for the vmsample VM, delegated to CPython's struct.

``_struct`` (vmsample/lang/delegated/struct_engine.py) packs and unpacks
with CPython's struct; the bytes and tuples it returns are copied into the
VM, and struct.error is this module's own class, raised with CPython's
message.  CPython's API: pack, pack_into (into a bytearray), unpack,
unpack_from, iter_unpack, calcsize, Struct and error.
"""

import _struct

__all__ = ["calcsize", "pack", "pack_into", "unpack", "unpack_from", "iter_unpack", "Struct", "error"]


class error(Exception):
    pass


def _ok(result):
    if result[0] == "error":
        raise error(result[1])
    return result[1]


def _check_format(fmt):
    if not isinstance(fmt, (str, bytes)):
        raise TypeError(f"Struct() argument 1 must be a str or bytes object, not {type(fmt).__name__}")


def calcsize(fmt):
    _check_format(fmt)
    return _ok(_struct.calcsize(fmt))


def pack(fmt, *values):
    _check_format(fmt)
    return _ok(_struct.pack(fmt, values))


def pack_into(fmt, buffer, offset, *values):
    data = pack(fmt, *values)
    if not isinstance(buffer, bytearray):
        raise TypeError(f"argument must be read-write bytes-like object, not {type(buffer).__name__}")
    if offset < 0:
        offset += len(buffer)
        if offset < 0:
            raise error(f"offset {offset - len(buffer)} out of range for {len(buffer)}-byte buffer")
    if offset + len(data) > len(buffer):
        raise error(f"pack_into requires a buffer of at least {offset + len(data)} bytes for packing "
                    f"{len(data)} bytes at offset {offset} (actual buffer size is {len(buffer)})")
    buffer[offset:offset + len(data)] = data


def unpack(fmt, buffer):
    _check_format(fmt)
    return _ok(_struct.unpack_from(fmt, buffer, 0, True))


def unpack_from(fmt, buffer, offset=0):
    _check_format(fmt)
    return _ok(_struct.unpack_from(fmt, buffer, offset, False))


def iter_unpack(fmt, buffer):
    _check_format(fmt)
    return iter(_ok(_struct.iter_unpack(fmt, buffer)))


class Struct:
    """A compiled format: its format string, size and the same operations."""

    def __init__(self, format):
        _check_format(format)
        self.size = calcsize(format)
        self.format = format if isinstance(format, str) else format.decode("ascii")
        self._fmt = format

    def pack(self, *values):
        return _ok(_struct.pack(self._fmt, values))

    def pack_into(self, buffer, offset, *values):
        pack_into(self._fmt, buffer, offset, *values)

    def unpack(self, buffer):
        return _ok(_struct.unpack_from(self._fmt, buffer, 0, True))

    def unpack_from(self, buffer, offset=0):
        return _ok(_struct.unpack_from(self._fmt, buffer, offset, False))

    def iter_unpack(self, buffer):
        return iter(_ok(_struct.iter_unpack(self._fmt, buffer)))

    def __repr__(self):
        return f"Struct({self._fmt!r})"
