"""This module defines an object type which can efficiently represent
an array of basic values: characters, integers, floating point
numbers.  Arrays are sequence types and behave very much like lists,
except that the type of objects stored in them is constrained.

CPython 3.11's ``array`` (a C module there), written in Python for the VM.
Staged as ``_next/array.py`` while the hand-written ``lib/array.py`` is in
use; it replaces that one when the VM switches to the host's standard
library.

An array keeps its items as a list of the values they stand for -- ints,
floats (rounded to C float for 'f'), one-character strs for 'u' -- each
checked and converted as CPython converts it to its C type on the way in,
with CPython's errors.  Their bytes (tobytes, frombytes, files, pickles)
are the C layout of this machine, made by ``_struct``.  As a buffer it
gives a copy of those bytes (``__buffer_bytes__``, the VM's buffer protocol:
``memoryview(array)``, and CPython's code that reads buffers -- re, zlib --
sees a memoryview of them); ``buffer_info()`` gives the array's id for an
address.
"""

import _struct
import sys as _sys

from _capi import COMPARE as _COMPARE, GenericAlias as _GenericAlias, MAXSIZE as _MAXSIZE
from _capi import comparisons as _comparisons, index as _index
from _capi import repeat_count as _repeat_count, slice_index as _slice_index

typecodes = "bBuhHiIlLqQfd"

_BYTEORDER = _sys.byteorder


def _range(lo, hi, low_message, high_message):
    return (lo, hi, low_message, high_message)


_C_LONG = _range(-2 ** 63, 2 ** 63 - 1, "Python int too large to convert to C long",
                 "Python int too large to convert to C long")
_C_INT = _range(-2 ** 31, 2 ** 31 - 1, "signed integer is less than minimum",
                "signed integer is greater than maximum")
_C_SHORT = _range(-2 ** 15, 2 ** 15 - 1, "signed short integer is less than minimum",
                  "signed short integer is greater than maximum")

# For each integer typecode, the range checks CPython's conversion makes,
# in its order (a 'B' goes through C long; an 'H' through long, then int...).
_INTEGER_CHECKS = {
    "b": (_C_LONG, _C_SHORT, _range(-128, 127, "signed char is less than minimum",
                                    "signed char is greater than maximum")),
    "B": (_C_LONG, _range(0, 255, "unsigned byte integer is less than minimum",
                          "unsigned byte integer is greater than maximum")),
    "h": (_C_LONG, _C_SHORT),
    "H": (_C_LONG, _C_INT, _range(0, 65535, "unsigned short is less than minimum",
                                  "unsigned short is greater than maximum")),
    "i": (_C_LONG, _C_INT),
    "I": (_range(0, 2 ** 64 - 1, "can't convert negative value to unsigned int",
                 "Python int too large to convert to C unsigned long"),
          _range(0, 2 ** 32 - 1, "", "unsigned int is greater than maximum")),
    "l": (_C_LONG,),
    "L": (_range(0, 2 ** 64 - 1, "can't convert negative value to unsigned int",
                 "Python int too large to convert to C unsigned long"),),
    "q": (_range(-2 ** 63, 2 ** 63 - 1, "int too big to convert", "int too big to convert"),),
    "Q": (_range(0, 2 ** 64 - 1, "can't convert negative int to unsigned", "int too big to convert"),),
}


def _integer(typecode, value):
    if not isinstance(value, int):
        method = getattr(type(value), "__index__", None)
        if method is None:
            raise TypeError(f"'{type(value).__name__}' object cannot be interpreted as an integer")
        value = method(value)
    for lo, hi, low_message, high_message in _INTEGER_CHECKS[typecode]:
        if value < lo:
            raise OverflowError(low_message)
        if value > hi:
            raise OverflowError(high_message)
    return int(value)


def _double(value):
    if type(value) is float:
        return value
    if isinstance(value, float) or hasattr(type(value), "__float__"):
        return float(value)
    method = getattr(type(value), "__index__", None)
    if method is None:
        raise TypeError(f"must be real number, not {type(value).__name__}")
    return float(method(value))         # OverflowError for a too big int


_FLOAT_PACKER = _struct.Struct("f")


def _c_float(value):
    # A double cast to C float: the nearest float, infinite beyond them.
    value = _double(value)
    try:
        return _FLOAT_PACKER.unpack(_FLOAT_PACKER.pack(value))[0]
    except OverflowError:
        return float("inf") if value > 0 else float("-inf")


def _unicode(value):
    if not isinstance(value, str) or len(value) != 1:
        raise TypeError("array item must be unicode character")
    return value


def _converter(typecode):
    if typecode in _INTEGER_CHECKS:
        return lambda value: _integer(typecode, value)
    if typecode == "f":
        return _c_float
    if typecode == "d":
        return _double
    return _unicode


# The machine formats of pickles (CPython's enum machine_format_code): how
# _array_reconstructor reads items another machine wrote.  Each is
# (struct byte order and code, item size, is it text).
_MACHINE_FORMATS = {
    0: ("<B", 1), 1: ("<b", 1),
    2: ("<H", 2), 3: (">H", 2), 4: ("<h", 2), 5: (">h", 2),
    6: ("<I", 4), 7: (">I", 4), 8: ("<i", 4), 9: (">i", 4),
    10: ("<Q", 8), 11: (">Q", 8), 12: ("<q", 8), 13: (">q", 8),
    14: ("<f", 4), 15: (">f", 4), 16: ("<d", 8), 17: (">d", 8),
    18: ("utf-16-le", 2), 19: ("utf-16-be", 2), 20: ("utf-32-le", 4), 21: ("utf-32-be", 4),
}


def _machine_format(typecode, itemsize):
    """The machine format code of this machine's items of [typecode]."""
    little = _BYTEORDER == "little"
    if typecode == "u":
        return 20 if little else 21
    if typecode in "fd":
        return (14 if typecode == "f" else 16) + (0 if little else 1)
    if itemsize == 1:
        return 1 if typecode == "b" else 0
    base = {2: 2, 4: 6, 8: 10}[itemsize] + (2 if typecode.islower() else 0)
    return base + (0 if little else 1)


class array:
    """array(typecode [, initializer]) -> array

Return a new array whose items are restricted by typecode, and
initialized from the optional initializer value, which must be a list,
string or iterable over elements of the appropriate type.

Arrays represent basic values and behave very much like lists, except
the type of objects stored in them is constrained. The type is specified
at object creation time by using a type code, which is a single character."""

    # [_items] are the values, already converted for [_typecode] by
    # [_convert]; [_itemsize] is the C size of one item.
    __slots__ = ("_typecode", "_itemsize", "_convert", "_items", "__weakref__")

    def __new__(cls, *args, **kwargs):
        if kwargs and (cls is array or cls.__init__ is object.__init__):
            raise TypeError("array.array() takes no keyword arguments")
        if not 1 <= len(args) <= 2:
            raise TypeError(f"array() takes at most 2 arguments ({len(args)} given)" if args
                            else "array() takes at least 1 argument (0 given)")
        typecode = args[0]
        if not isinstance(typecode, str) or len(typecode) != 1:
            kind = type(typecode).__name__ if not isinstance(typecode, str) else f"a string of length {len(typecode)}"
            raise TypeError(f"array() argument 1 must be a unicode character, not {kind}")
        if typecode not in typecodes:
            raise ValueError("bad typecode (must be b, B, u, h, H, i, I, l, L, q, Q, f or d)")
        self = cls._empty(typecode)
        if len(args) == 2:
            self._initialize(args[1])
        return self

    @classmethod
    def _empty(cls, typecode):
        self = object.__new__(cls)
        self._typecode = typecode
        self._itemsize = 4 if typecode == "u" else _struct.calcsize(typecode)
        self._convert = _converter(typecode)
        self._items = []
        return self

    def _initialize(self, initial):
        typecode = self._typecode
        if typecode != "u":
            if isinstance(initial, str):
                raise TypeError(f"cannot use a str to initialize an array with typecode '{typecode}'")
            if isinstance(initial, array) and initial._typecode == "u":
                raise TypeError(f"cannot use a unicode array to initialize an array "
                                f"with typecode '{typecode}'")
        if isinstance(initial, (bytes, bytearray)):
            self.frombytes(initial)
        elif isinstance(initial, str):
            self.fromunicode(initial)
        elif isinstance(initial, array) and initial._typecode == typecode:
            self._items = list(initial._items)
        elif isinstance(initial, (list, tuple)):
            self._items = [self._convert(value) for value in initial]
        else:
            for value in iter(initial):
                self._items.append(self._convert(value))

    def _new(self, items):
        # Slices, sums and products are plain arrays, as in CPython.
        new = array._empty(self._typecode)
        new._items = items
        return new

    # --- attributes

    @property
    def typecode(self):
        """the typecode character used to create the array"""
        return self._typecode

    @property
    def itemsize(self):
        """the size, in bytes, of one array item"""
        return self._itemsize

    def buffer_info(self):
        """Return a tuple (address, length) giving the current memory address and the length in items of the buffer used to hold array's contents.

The length should be multiplied by the itemsize attribute to calculate
the buffer length in bytes.  (On the VM the address is the array's id:
its items have no fixed memory.)"""
        return (id(self), len(self._items))

    # --- the sequence protocol

    def __len__(self):
        return len(self._items)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return self._new(self._items[index])
        return self._items[self._position(index, "array index out of range")]

    def __setitem__(self, index, value):
        if not isinstance(index, slice):
            i = self._position(index, "array assignment index out of range")
            self._items[i] = self._convert(value)
            return
        if not isinstance(value, array):
            raise TypeError(f'can only assign array (not "{type(value).__name__}") to array slice')
        if value._typecode != self._typecode:
            raise TypeError("bad argument type for built-in operation")
        items = list(value._items)
        if index.step not in (None, 1):
            length = len(range(*index.indices(len(self._items))))
            if len(items) != length:
                raise ValueError(f"attempt to assign array of size {len(items)} "
                                 f"to extended slice of size {length}")
        self._items[index] = items

    def __delitem__(self, index):
        if isinstance(index, slice):
            del self._items[index]
        else:
            del self._items[self._position(index, "array assignment index out of range")]

    def _position(self, index, message):
        if not isinstance(index, int) and not hasattr(type(index), "__index__"):
            raise TypeError("array indices must be integers")
        i = _index(index)
        if i < 0:
            i += len(self._items)
        if not 0 <= i < len(self._items):
            raise IndexError(message)
        return i

    def __iter__(self):
        return arrayiterator._make(self)

    def __contains__(self, value):
        for item in self._items:
            if item == value:
                return True
        return False

    # --- methods of lists

    def append(self, v):
        """Append new value v to the end of the array."""
        self._items.append(self._convert(v))

    def insert(self, i, v):
        """Insert a new item v into the array before position i."""
        self._items.insert(_index(i), self._convert(v))

    def extend(self, bb):
        """Append items to the end of the array."""
        if isinstance(bb, array):
            if bb._typecode != self._typecode:
                raise TypeError("can only extend with array of same kind")
            self._items.extend(list(bb._items))
            return
        for value in iter(bb):
            self._items.append(self._convert(value))

    def pop(self, i=-1):
        """Return the i-th element and delete it from the array.

i defaults to -1."""
        i = _index(i)
        if not self._items:
            raise IndexError("pop from empty array")
        if i < 0:
            i += len(self._items)
        if not 0 <= i < len(self._items):
            raise IndexError("pop index out of range")
        return self._items.pop(i)

    def remove(self, v):
        """Remove the first occurrence of v in the array."""
        for i, item in enumerate(self._items):
            if item == v:
                del self._items[i]
                return
        raise ValueError("array.remove(x): x not in array")

    def index(self, v, start=0, stop=_MAXSIZE):
        """Return index of first occurrence of v in the array.

Raise ValueError if the value is not present."""
        n = len(self._items)
        start, stop = _clip(_slice_index(start), n), _clip(_slice_index(stop), n)
        for i in range(start, stop):
            if self._items[i] == v:
                return i
        raise ValueError("array.index(x): x not in array")

    def count(self, v):
        """Return number of occurrences of v in the array."""
        return sum(1 for item in self._items if item == v)

    def reverse(self):
        """Reverse the order of the items in the array."""
        self._items.reverse()

    # --- conversions

    def tolist(self):
        """Convert array to an ordinary list with the same items."""
        return list(self._items)

    def fromlist(self, list):
        """Append items to array from list."""
        if not isinstance(list, _list):
            raise TypeError("arg must be list")
        self._items.extend([self._convert(value) for value in list])

    def tobytes(self):
        """Convert the array to an array of machine values and return the bytes representation."""
        if self._typecode == "u":
            return "".join(self._items).encode("utf-32-le" if _BYTEORDER == "little" else "utf-32-be")
        return _struct.pack(f"{len(self._items)}{self._typecode}", *self._items)

    def __buffer_bytes__(self):
        # (the VM's buffer protocol: vmsample/lang/app/types.py's memoryview)
        return self.tobytes()

    def frombytes(self, buffer):
        """Appends items from the string, interpreting it as an array of machine values, as if it had been read from a file using the fromfile() method."""
        data = _bytes_of(buffer)
        if len(data) % self._itemsize:
            raise ValueError("bytes length not a multiple of item size")
        self._items.extend(_decode(self._typecode, data))

    def tounicode(self):
        """Extends this array with data from the unicode string ustr.

Convert the array to a unicode string.  The array must be a unicode type array;
otherwise a ValueError is raised.  Use array.tobytes().decode() to obtain a
unicode string from an array of some other type."""
        if self._typecode != "u":
            raise ValueError("tounicode() may only be called on unicode type arrays")
        return "".join(self._items)

    def fromunicode(self, ustr):
        """Extends this array with data from the unicode string ustr.

The array must be a unicode type array; otherwise a ValueError is raised.
Use array.frombytes(ustr.encode(...)) to append Unicode data to an array of
some other type."""
        if not isinstance(ustr, str):
            raise TypeError(f"fromunicode() argument must be str, not {type(ustr).__name__}")
        if self._typecode != "u":
            raise ValueError("fromunicode() may only be called on unicode type arrays")
        self._items.extend(ustr)

    def fromfile(self, f, n):
        """Read n objects from the file object f and append them to the end of the array."""
        n = _index(n)
        if n < 0:
            raise ValueError("negative count")
        if n > _MAXSIZE // self._itemsize:
            raise MemoryError
        wanted = n * self._itemsize
        data = f.read(wanted)
        if not isinstance(data, bytes):
            raise TypeError("read() didn't return bytes")
        whole = len(data) - len(data) % self._itemsize
        self.frombytes(data[:whole])
        if len(data) != wanted:
            raise EOFError("read() didn't return enough bytes")

    def tofile(self, f):
        """Write all items (as machine values) to the file object f."""
        data = self.tobytes()
        block = 64 * 1024
        for start in range(0, len(data), block):
            f.write(data[start:start + block])

    def byteswap(self):
        """Byteswap all items of the array.

If the items in the array are not 1, 2, 4, or 8 bytes in size, RuntimeError is
raised."""
        size = self._itemsize
        if size == 1:
            return
        data = self.tobytes()
        swapped = b"".join(data[i:i + size][::-1] for i in range(0, len(data), size))
        self._items = _decode(self._typecode, swapped)

    # --- operators

    def __add__(self, other):
        if not isinstance(other, array):
            raise TypeError(f'can only append array (not "{type(other).__name__}") to array')
        if other._typecode != self._typecode:
            raise TypeError("bad argument type for built-in operation")
        return self._new(self._items + other._items)

    def __iadd__(self, other):
        if not isinstance(other, array):
            raise TypeError(f'can only extend array with array (not "{type(other).__name__}")')
        self.extend(other)
        return self

    def __mul__(self, n):
        return self._new(self._items * _repeat_count(n))

    __rmul__ = __mul__

    def __imul__(self, n):
        self._items *= _repeat_count(n)
        return self

    def _compare(self, other, op):
        if not isinstance(other, array):
            return NotImplemented
        mine, theirs = self._items, other._items
        if len(mine) != len(theirs) and op in ("==", "!="):
            return op == "!="
        # Items are compared as CPython compares the new objects it makes of
        # them: by ==, never by identity (a NaN is not equal to itself).
        for x, y in zip(mine, theirs):
            if not x == y:
                if op == "==":
                    return False
                if op == "!=":
                    return True
                return _COMPARE[op](x, y)
        return _COMPARE[op](len(mine), len(theirs))

    __eq__, __ne__, __lt__, __le__, __gt__, __ge__ = _comparisons(_compare)

    __hash__ = None

    # --- copies and pickles

    def __copy__(self):
        """Return a copy of the array."""
        return self._new(list(self._items))

    def __deepcopy__(self, unused):
        """Return a copy of the array."""
        return self._new(list(self._items))

    def __reduce_ex__(self, protocol):
        """Return state information for pickling."""
        protocol = _index(protocol)
        state = getattr(self, "__dict__", None) or None
        if protocol < 3:
            return (type(self), (self._typecode, list(self._items)), state)
        code = _machine_format(self._typecode, self._itemsize)
        return (_array_reconstructor, (type(self), self._typecode, code, self.tobytes()), state)

    def __repr__(self):
        name = type(self).__name__
        if not self._items:
            return f"{name}('{self._typecode}')"
        shown = self.tounicode() if self._typecode == "u" else list(self._items)
        return f"{name}('{self._typecode}', {shown!r})"

    def __sizeof__(self):
        """Size of the array in memory, in bytes."""
        return object.__sizeof__(self) + len(self._items) * self._itemsize

    __class_getitem__ = classmethod(_GenericAlias)


ArrayType = array
_list = list


def _clip(i, n):
    if i < 0:
        i = max(i + n, 0)
    return min(i, n)


def _bytes_of(buffer):
    if type(buffer) is bytes or type(buffer) is bytearray:
        return bytes(buffer)
    if isinstance(buffer, str):
        raise TypeError("a bytes-like object is required, not 'str'")
    return memoryview(buffer).tobytes()


def _decode(typecode, data):
    """The items of [typecode] that [data] holds, in this machine's layout."""
    if typecode == "u":
        return list(data.decode("utf-32-le" if _BYTEORDER == "little" else "utf-32-be",
                                "surrogatepass"))
    size = _struct.calcsize(typecode)
    return list(_struct.unpack(f"{len(data) // size}{typecode}", data))


class arrayiterator:
    # [_array] is None once exhausted; else [_index] is the next item's.
    __slots__ = ("_array", "_index")

    def __new__(cls, *args, **kwargs):
        raise TypeError("cannot create 'array.arrayiterator' instances")

    def __init_subclass__(cls, **kwargs):
        raise TypeError("type 'array.arrayiterator' is not an acceptable base type")

    @classmethod
    def _make(cls, a):
        self = object.__new__(cls)
        self._array, self._index = a, 0
        return self

    def __iter__(self):
        return self

    def __next__(self):
        a = self._array
        if a is None:
            raise StopIteration
        if self._index < len(a._items):
            item = a._items[self._index]
            self._index += 1
            return item
        self._array = None
        raise StopIteration

    def __reduce__(self):
        """Return state information for pickling."""
        if self._array is None:
            return (iter, ((),))
        return (iter, (self._array,), self._index)

    def __setstate__(self, state):
        """Set state information for unpickling."""
        index = _index(state)
        if self._array is not None:
            self._index = min(max(index, 0), len(self._array._items))


def _array_reconstructor(arraytype, typecode, mformat_code, items):
    """Internal. Used for pickling support."""
    if not isinstance(arraytype, type):
        raise TypeError(f"first argument must be a type object, not {type(arraytype).__name__}")
    if not issubclass(arraytype, array):
        raise TypeError(f"{arraytype.__name__} is not a subtype of array.array")
    if not isinstance(typecode, str) or len(typecode) != 1 or typecode not in typecodes:
        raise ValueError("second argument must be a valid type code")
    mformat_code = _index(mformat_code)
    if mformat_code not in _MACHINE_FORMATS:
        raise ValueError("third argument must be a valid machine format code.")
    if not isinstance(items, bytes):
        raise TypeError(f"fourth argument should be bytes, not {type(items).__name__}")
    fmt, size = _MACHINE_FORMATS[mformat_code]
    if len(items) % size:
        raise ValueError("string length not a multiple of item size")
    if fmt.startswith("utf"):
        values = list(items.decode(fmt, "surrogatepass"))
    else:
        values = list(_struct.unpack(f"{fmt[0]}{len(items) // size}{fmt[1]}", items))
    return arraytype(typecode, values)


def _register_as_sequence():
    # As CPython's array module does when it starts.
    from collections.abc import MutableSequence
    MutableSequence.register(array)


_register_as_sequence()
