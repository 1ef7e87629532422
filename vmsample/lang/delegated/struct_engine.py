"""``_struct``: the CPython half of the VM's ``struct`` (vmsample/lang/lib/struct.py).

Packing and unpacking are CPython's; struct.error comes back as
("error", message) for the VM side to raise as its own struct.error, and
every other exception (a TypeError for a bad argument) as CPython raised it.
"""

import struct


def calcsize(fmt):
    try:
        return ("ok", struct.calcsize(fmt))
    except struct.error as e:
        return ("error", str(e))


def pack(fmt, values):
    try:
        return ("ok", struct.pack(fmt, *values))
    except struct.error as e:
        return ("error", str(e))


def unpack_from(fmt, buffer, offset, whole):
    """The values at [offset] (whole: the buffer must be exactly the size, as unpack's)."""
    try:
        return ("ok", struct.unpack(fmt, buffer) if whole else struct.unpack_from(fmt, buffer, offset))
    except struct.error as e:
        return ("error", str(e))


def iter_unpack(fmt, buffer):
    try:
        return ("ok", list(struct.iter_unpack(fmt, buffer)))
    except struct.error as e:
        return ("error", str(e))
