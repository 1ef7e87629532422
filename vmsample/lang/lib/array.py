"""array for the vmsample VM: array.array, a typed sequence (CPython's API,
results and messages), in Python source.

The items are kept in a VM list, checked and converted on the way in as
CPython's array converts them to C values: the integer typecodes keep ints in
their C range (OverflowError otherwise, with CPython's message), 'd' keeps
floats, 'f' rounds them to single precision, 'u' keeps one-character strings.
So an array allocates like a list of VM values, not a packed buffer:
tobytes/frombytes/tofile/fromfile/byteswap convert through struct (the
machine's sizes and byte order, as CPython's), and buffer_info, which would
need the buffer's address, is refused.
"""

import math
import struct as _struct

# wchar_t ('u') is 4 bytes on the platforms the VM runs on, in native order
_UTF32_NATIVE = "utf-32-le" if _struct.pack("@I", 1)[0] == 1 else "utf-32-be"

typecodes = "bBuhHiIlLqQfd"

_ITEMSIZE = {"b": 1, "B": 1, "u": 4, "h": 2, "H": 2, "i": 4, "I": 4, "l": 8, "L": 8,
             "q": 8, "Q": 8, "f": 4, "d": 8}
_LONG_MAX = 2 ** 63 - 1
_LONG_TOO_BIG = "Python int too large to convert to C long"


def _as_int(v):
    if isinstance(v, int):
        return v
    raise TypeError(f"'{type(v).__name__}' object cannot be interpreted as an integer")


def _check_range(v, lo, hi, name):
    if v > hi:
        raise OverflowError(f"{name} is greater than maximum")
    if v < lo:
        raise OverflowError(f"{name} is less than minimum")


def _c_long(v):
    if v > _LONG_MAX or v < -_LONG_MAX - 1:
        raise OverflowError(_LONG_TOO_BIG)


def _unsigned(v, bits, negative, too_big):
    if v < 0:
        raise OverflowError(negative)
    if v >= 2 ** 64:
        raise OverflowError(too_big)
    if v >= 2 ** bits:
        raise OverflowError("unsigned int is greater than maximum")


def _to_float32(x):
    # IEEE single precision, rounding to nearest even (as a C float cast)
    if x != x or x in (math.inf, -math.inf) or x == 0.0:
        return x
    if abs(x) >= 3.4028235677973366e+38:
        return math.inf if x > 0 else -math.inf
    m, e = math.frexp(x)
    if e < -125:                     # subnormal: a fixed quantum of 2**-149
        return round(x * 2.0 ** 149) * 2.0 ** -149
    return math.ldexp(round(m * 16777216.0), e - 24)


def _convert(typecode, v):
    """The value array(typecode) stores for [v], or CPython's error."""
    if typecode == "d" or typecode == "f":
        if type(v) is not float:
            if not isinstance(v, (int, float)):
                raise TypeError(f"must be real number, not {type(v).__name__}")
            v = float(v)
        return _to_float32(v) if typecode == "f" else v
    if typecode == "u":
        if not isinstance(v, str) or len(v) != 1:
            raise TypeError(f"array item must be unicode character, not {type(v).__name__}")
        return v
    v = _as_int(v)
    if typecode == "l" or typecode == "q":
        if v > _LONG_MAX or v < -_LONG_MAX - 1:
            raise OverflowError(_LONG_TOO_BIG if typecode == "l" else "int too big to convert")
    elif typecode == "b":
        _c_long(v)
        _check_range(v, -32768, 32767, "signed short integer")
        _check_range(v, -128, 127, "signed char")
    elif typecode == "B":
        _c_long(v)
        _check_range(v, 0, 255, "unsigned byte integer")
    elif typecode == "h":
        _c_long(v)
        _check_range(v, -32768, 32767, "signed short integer")
    elif typecode == "H":
        _c_long(v)
        _check_range(v, -2 ** 31, 2 ** 31 - 1, "signed integer")
        _check_range(v, 0, 65535, "unsigned short")
    elif typecode == "i":
        _c_long(v)
        _check_range(v, -2 ** 31, 2 ** 31 - 1, "signed integer")
    elif typecode == "I":
        _unsigned(v, 32, "can't convert negative value to unsigned int",
                  "Python int too large to convert to C unsigned long")
    elif typecode == "L":
        _unsigned(v, 64, "can't convert negative value to unsigned int",
                  "Python int too large to convert to C unsigned long")
    else:   # Q
        _unsigned(v, 64, "can't convert negative int to unsigned", "int too big to convert")
    return int(v)       # True is stored as 1


class array:
    """array(typecode[, initializer]): a sequence of values of one C type."""

    def __init__(self, typecode, initializer=None):
        if not isinstance(typecode, str) or len(typecode) != 1:
            raise TypeError(f"array() argument 1 must be a unicode character, not {type(typecode).__name__}")
        if typecode not in _ITEMSIZE:
            raise ValueError("bad typecode (must be b, B, u, h, H, i, I, l, L, q, Q, f or d)")
        self.typecode = typecode
        self.itemsize = _ITEMSIZE[typecode]
        self._items = []
        if initializer is not None:
            if isinstance(initializer, str) and typecode != "u":
                raise TypeError(f"cannot use a str to initialize an array with typecode '{typecode}'")
            if isinstance(initializer, array) and initializer.typecode != typecode and \
                    (initializer.typecode == "u" or typecode == "u"):
                raise TypeError(f"cannot use a unicode array to initialize an array with typecode '{typecode}'")
            if isinstance(initializer, array):
                self._extend_values(initializer._items)     # converted: 'd' from 'i' makes floats
            elif isinstance(initializer, (bytes, bytearray)):
                self.frombytes(initializer)
            else:
                self._extend_values(initializer)

    def _new(self, items):
        a = array(self.typecode)
        a._items = items
        return a

    def _extend_values(self, values):
        typecode = self.typecode
        items = self._items
        for v in values:
            items.append(_convert(typecode, v))

    def _same_kind(self, other, what):
        if not isinstance(other, array):
            raise TypeError(f'can only {what} array (not "{type(other).__name__}") to array')
        if other.typecode != self.typecode:
            raise TypeError("bad argument type for built-in operation")

    def __len__(self):
        return len(self._items)

    def __iter__(self):
        return iter(self._items)

    def __contains__(self, v):
        return v in self._items

    def __getitem__(self, index):
        if isinstance(index, slice):
            return self._new(self._items[index])
        if not isinstance(index, int):
            raise TypeError("array indices must be integers")
        items = self._items
        if index < -len(items) or index >= len(items):
            raise IndexError("array index out of range")
        return items[index]

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            if not isinstance(value, array):
                raise TypeError(f'can only assign array (not "{type(value).__name__}") to array slice')
            if value.typecode != self.typecode:
                raise TypeError("bad argument type for built-in operation")
            self._items[index] = list(value._items)
            return
        if not isinstance(index, int):
            raise TypeError("array indices must be integers")
        items = self._items
        if index < -len(items) or index >= len(items):
            raise IndexError("array assignment index out of range")
        items[index] = _convert(self.typecode, value)

    def __delitem__(self, index):
        if isinstance(index, slice):
            del self._items[index]
            return
        if not isinstance(index, int):
            raise TypeError("array indices must be integers")
        if index < -len(self._items) or index >= len(self._items):
            raise IndexError("array assignment index out of range")
        del self._items[index]

    def __add__(self, other):
        self._same_kind(other, "append")
        return self._new(self._items + other._items)

    def __iadd__(self, other):
        self._same_kind(other, "extend")
        self._items += other._items
        return self

    def __mul__(self, n):
        if not isinstance(n, int):
            raise TypeError(f"can't multiply sequence by non-int of type '{type(n).__name__}'")
        return self._new(self._items * n)

    def __rmul__(self, n):
        return self.__mul__(n)

    def __imul__(self, n):
        if not isinstance(n, int):
            raise TypeError(f"can't multiply sequence by non-int of type '{type(n).__name__}'")
        self._items *= n
        return self

    def __eq__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        return self._items == other._items

    def __ne__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        return self._items != other._items

    def __lt__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        return self._items < other._items

    def __le__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        return self._items <= other._items

    def __gt__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        return self._items > other._items

    def __ge__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        return self._items >= other._items

    __hash__ = None

    def __repr__(self):
        if not self._items:
            return f"array('{self.typecode}')"
        if self.typecode == "u":
            return f"array('u', {''.join(self._items)!r})"
        return f"array('{self.typecode}', {self._items!r})"

    def __copy__(self):
        return self._new(list(self._items))

    def __deepcopy__(self, memo):
        return self._new(list(self._items))

    def append(self, v):
        self._items.append(_convert(self.typecode, v))

    def tobytes(self):
        if self.typecode == "u":
            return "".join(self._items).encode(_UTF32_NATIVE, "surrogatepass")
        return _struct.pack("@%d%s" % (len(self._items), self.typecode), *self._items)

    def frombytes(self, buffer):
        if isinstance(buffer, array):
            buffer = buffer.tobytes()
        if isinstance(buffer, str) or not isinstance(buffer, (bytes, bytearray)):
            raise TypeError(f"a bytes-like object is required, not '{type(buffer).__name__}'")
        if len(buffer) % self.itemsize:
            raise ValueError("bytes length not a multiple of item size")
        if self.typecode == "u":
            self._items.extend(bytes(buffer).decode(_UTF32_NATIVE, "surrogatepass"))
        else:
            self._items.extend(_struct.unpack("@%d%s" % (len(buffer) // self.itemsize, self.typecode), buffer))

    def tofile(self, f):
        f.write(self.tobytes())

    def fromfile(self, f, n):
        if n < 0:
            raise ValueError("negative count")
        data = f.read(self.itemsize * n)
        if not isinstance(data, bytes):
            raise TypeError("read() didn't return bytes")
        self.frombytes(data[:len(data) - len(data) % self.itemsize])
        if len(data) != self.itemsize * n:
            raise EOFError("read() didn't return enough bytes")

    def byteswap(self):
        if self.itemsize == 1:
            return
        data = self.tobytes()
        size = self.itemsize
        swapped = b"".join([data[i:i + size][::-1] for i in range(0, len(data), size)])
        self._items = []
        self.frombytes(swapped)

    def buffer_info(self):
        raise NotImplementedError("array.buffer_info is not supported by vmsample")

    def extend(self, iterable):
        if isinstance(iterable, array):
            self._same_kind(iterable, "extend")
            self._items.extend(iterable._items)
            return
        self._extend_values(iterable)

    def fromlist(self, values):
        if not isinstance(values, list):
            raise TypeError("arg must be list")
        converted = [_convert(self.typecode, v) for v in values]
        self._items.extend(converted)

    def tolist(self):
        return list(self._items)

    def fromunicode(self, s):
        if self.typecode != "u":
            raise ValueError("fromunicode() may only be called on unicode type arrays")
        self._items.extend(s)

    def tounicode(self):
        if self.typecode != "u":
            raise ValueError("tounicode() may only be called on unicode type arrays")
        return "".join(self._items)

    def insert(self, i, v):
        self._items.insert(i, _convert(self.typecode, v))

    def pop(self, i=-1):
        if not self._items:
            raise IndexError("pop from empty array")
        if i < -len(self._items) or i >= len(self._items):
            raise IndexError("pop index out of range")
        return self._items.pop(i)

    def remove(self, v):
        for i, x in enumerate(self._items):
            if x == v:
                del self._items[i]
                return
        raise ValueError("array.remove(x): x not in array")

    def index(self, v, start=0, stop=None):
        items = self._items
        n = len(items)
        if stop is None or stop > n:
            stop = n
        if start < 0:
            start = max(0, start + n)
        if stop < 0:
            stop = max(0, stop + n)
        for i in range(start, stop):
            if items[i] == v:
                return i
        raise ValueError("array.index(x): x not in array")

    def count(self, v):
        return self._items.count(v)

    def reverse(self):
        self._items.reverse()


ArrayType = array
