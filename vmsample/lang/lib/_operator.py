"""Operator interface.

This module exports a set of functions implemented in C corresponding
to the intrinsic operators of Python.  For example, operator.add(x, y)
is equivalent to the expression x+y.  The function names are those
used for special methods; variants without leading and trailing
'__' are also provided for convenience.

CPython 3.11's ``_operator`` (a C module there), written in Python for the
VM; operator.py replaces its own Python definitions with these
(``from _operator import *``), so everything here but ``_compare_digest``
is public and nothing else is.  What differs from operator.py's versions
and is CPython's: the messages of index, length_hint and _compare_digest;
attrgetter, itemgetter and methodcaller are classes of the module
"operator" that programs may not subclass, with the C code's reprs and
pickled forms.
"""

import builtins as _builtins

from _capi import not_a_base_type as _not_a_base_type


# --- comparisons and truth

def lt(a, b, /):
    "Same as a < b."
    return a < b


def le(a, b, /):
    "Same as a <= b."
    return a <= b


def eq(a, b, /):
    "Same as a == b."
    return a == b


def ne(a, b, /):
    "Same as a != b."
    return a != b


def ge(a, b, /):
    "Same as a >= b."
    return a >= b


def gt(a, b, /):
    "Same as a > b."
    return a > b


def not_(a, /):
    "Same as not a."
    return not a


def truth(a, /):
    "Return True if a is true, False otherwise."
    return True if a else False


def is_(a, b, /):
    "Same as a is b."
    return a is b


def is_not(a, b, /):
    "Same as a is not b."
    return a is not b


# --- arithmetic and bits

def abs(a, /):
    "Same as abs(a)."
    return _builtins.abs(a)        # this module's abs is this function


def add(a, b, /):
    "Same as a + b."
    return a + b


def and_(a, b, /):
    "Same as a & b."
    return a & b


def floordiv(a, b, /):
    "Same as a // b."
    return a // b


def index(a, /):
    "Same as a.__index__()"
    # PyNumber_Index: an exact int, also for an int subclass (bool...).
    if type(a) is int:
        return a
    if isinstance(a, int):
        return int.__index__(a)
    method = getattr(type(a), "__index__", None)
    if method is None:
        raise TypeError(f"'{type(a).__name__}' object cannot be interpreted as an integer")
    result = method(a)
    if not isinstance(result, int):
        raise TypeError(f"__index__ returned non-int (type {type(result).__name__})")
    return int.__index__(result)


def inv(a, /):
    "Same as ~a."
    return ~a


invert = inv


def lshift(a, b, /):
    "Same as a << b."
    return a << b


def mod(a, b, /):
    "Same as a % b."
    return a % b


def mul(a, b, /):
    "Same as a * b."
    return a * b


def matmul(a, b, /):
    "Same as a @ b."
    return a @ b


def neg(a, /):
    "Same as -a."
    return -a


def or_(a, b, /):
    "Same as a | b."
    return a | b


def pos(a, /):
    "Same as +a."
    return +a


def pow(a, b, /):
    "Same as a ** b."
    return a ** b


def rshift(a, b, /):
    "Same as a >> b."
    return a >> b


def sub(a, b, /):
    "Same as a - b."
    return a - b


def truediv(a, b, /):
    "Same as a / b."
    return a / b


def xor(a, b, /):
    "Same as a ^ b."
    return a ^ b


# --- sequences

def _is_sequence(a):
    # PySequence_Check: the type has __getitem__ and is not a dict.
    return hasattr(type(a), "__getitem__") and not isinstance(a, dict)


def concat(a, b, /):
    "Same as a + b, for a and b sequences."
    if not _is_sequence(a):
        raise TypeError(f"'{type(a).__name__}' object can't be concatenated")
    return a + b


def contains(a, b, /):
    "Same as b in a (note reversed operands)."
    return b in a


def countOf(a, b, /):
    "Return the number of items in a which are, or which equal, b."
    count = 0
    for item in _iterate(a):
        if item is b or item == b:
            count += 1
    return count


def indexOf(a, b, /):
    "Return the first index of b in a."
    for i, item in enumerate(_iterate(a)):
        if item is b or item == b:
            return i
    raise ValueError("sequence.index(x): x not in sequence")


def _iterate(a):
    try:
        return iter(a)
    except TypeError:
        raise TypeError(f"argument of type '{type(a).__name__}' is not iterable") from None


def delitem(a, b, /):
    "Same as del a[b]."
    del a[b]


def getitem(a, b, /):
    "Same as a[b]."
    return a[b]


def setitem(a, b, c, /):
    "Same as a[b] = c."
    a[b] = c


def length_hint(obj, default=0, /):
    """Return an estimate of the number of items in obj.

This is useful for presizing containers when building from an iterable.

If the object supports len(), the result will be exact.
Otherwise, it may over- or under-estimate by an arbitrary amount.
The result will be an integer >= 0."""
    if type(default) is not int:
        raise TypeError(f"'{type(default).__name__}' object cannot be interpreted as an integer")
    try:
        return len(obj)
    except TypeError:
        pass
    method = getattr(type(obj), "__length_hint__", None)
    if method is None:
        return default
    try:
        hint = method(obj)
    except TypeError:
        return default
    if hint is NotImplemented:
        return default
    if not isinstance(hint, int):
        raise TypeError(f"__length_hint__ must be an integer, not {type(hint).__name__}")
    if hint < 0:
        raise ValueError("__length_hint__() should return >= 0")
    return hint


# --- in-place operators: the statement's result is the function's

def iadd(a, b, /):
    "Same as a += b."
    a += b
    return a


def iand(a, b, /):
    "Same as a &= b."
    a &= b
    return a


def iconcat(a, b, /):
    "Same as a += b, for a and b sequences."
    if not _is_sequence(a):
        raise TypeError(f"'{type(a).__name__}' object can't be concatenated")
    a += b
    return a


def ifloordiv(a, b, /):
    "Same as a //= b."
    a //= b
    return a


def ilshift(a, b, /):
    "Same as a <<= b."
    a <<= b
    return a


def imod(a, b, /):
    "Same as a %= b."
    a %= b
    return a


def imul(a, b, /):
    "Same as a *= b."
    a *= b
    return a


def imatmul(a, b, /):
    "Same as a @= b."
    a @= b
    return a


def ior(a, b, /):
    "Same as a |= b."
    a |= b
    return a


def ipow(a, b, /):
    "Same as a **= b."
    a **= b
    return a


def irshift(a, b, /):
    "Same as a >>= b."
    a >>= b
    return a


def isub(a, b, /):
    "Same as a -= b."
    a -= b
    return a


def itruediv(a, b, /):
    "Same as a /= b."
    a /= b
    return a


def ixor(a, b, /):
    "Same as a ^= b."
    a ^= b
    return a


# --- calls

def call(obj, /, *args, **kwargs):
    "Same as obj(*args, **kwargs)."
    return obj(*args, **kwargs)


class attrgetter:
    """attrgetter(attr, ...) --> attrgetter object

Return a callable object that fetches the given attribute(s) from its operand.
After f = attrgetter('name'), the call f(r) returns r.name.
After g = attrgetter('name', 'date'), the call g(r) returns (r.name, r.date).
After h = attrgetter('name.first', 'name.last'), the call h(r) returns
(r.name.first, r.name.last)."""

    # [_paths]: one tuple of names per attribute asked for ("a.b" is
    # ("a", "b")); [_attrs]: the attributes as given, for repr and pickle.
    __slots__ = ("_attrs", "_paths")
    __module__ = "operator"
    __init_subclass__ = _not_a_base_type

    def __new__(cls, *attrs):
        if not attrs:
            raise TypeError("attrgetter expected 1 argument, got 0")
        for attr in attrs:
            if not isinstance(attr, str):
                raise TypeError("attribute name must be a string")
        self = object.__new__(cls)
        self._attrs = attrs
        self._paths = tuple(tuple(attr.split(".")) for attr in attrs)
        return self

    def __call__(self, obj, /):
        paths = self._paths
        if len(paths) == 1:
            return _follow(obj, paths[0])
        return tuple(_follow(obj, path) for path in paths)

    def __repr__(self):
        return f"operator.attrgetter({', '.join(map(repr, self._attrs))})"

    def __reduce__(self):
        return attrgetter, self._attrs


def _follow(obj, path):
    for name in path:
        obj = getattr(obj, name)
    return obj


class itemgetter:
    """itemgetter(item, ...) --> itemgetter object

Return a callable object that fetches the given item(s) from its operand.
After f = itemgetter(2), the call f(r) returns r[2].
After g = itemgetter(2, 5, 3), the call g(r) returns (r[2], r[5], r[3])"""

    __slots__ = ("_items",)
    __module__ = "operator"
    __init_subclass__ = _not_a_base_type

    def __new__(cls, *items):
        if not items:
            raise TypeError("itemgetter expected 1 argument, got 0")
        self = object.__new__(cls)
        self._items = items
        return self

    def __call__(self, obj, /):
        items = self._items
        if items.__len__() == 1:
            return obj[items[0]]
        return tuple([obj[item] for item in items])

    def __repr__(self):
        return f"operator.itemgetter({', '.join(map(repr, self._items))})"

    def __reduce__(self):
        return itemgetter, self._items


class methodcaller:
    """methodcaller(name, ...) --> methodcaller object

Return a callable object that calls the given method on its operand.
After f = methodcaller('name'), the call f(r) returns r.name().
After g = methodcaller('name', 'date', foo=1), the call g(r) returns
r.name('date', foo=1)."""

    __slots__ = ("_name", "_args", "_kwargs")
    __module__ = "operator"
    __init_subclass__ = _not_a_base_type

    def __new__(cls, *args, **kwargs):
        if not args:
            raise TypeError("methodcaller needs at least one argument, the method name")
        if not isinstance(args[0], str):
            raise TypeError("method name must be a string")
        self = object.__new__(cls)
        self._name, self._args, self._kwargs = args[0], args[1:], kwargs
        return self

    def __call__(self, obj, /):
        return getattr(obj, self._name)(*self._args, **self._kwargs)

    def __repr__(self):
        parts = [repr(self._name)]
        parts += [repr(arg) for arg in self._args]
        parts += [f"{key}={value!r}" for key, value in self._kwargs.items()]
        return f"operator.methodcaller({', '.join(parts)})"

    def __reduce__(self):
        if not self._kwargs:
            return methodcaller, (self._name, *self._args)
        # Keywords cannot go through a class call in a pickle: a partial
        # carries them, as CPython's C code does.
        from functools import partial
        return partial(methodcaller, self._name, **self._kwargs), self._args


# --- for hmac.compare_digest

def _compare_digest(a, b, /):
    """Return 'a == b'.

This function uses an approach designed to prevent
timing analysis, making it appropriate for cryptography.

a and b must both be of the same type: either str (ASCII only),
or any bytes-like object.

Note: If a and b are of different lengths, or if an error occurs,
a timing attack could theoretically reveal information about the
types and lengths of a and b--but not their values."""
    if isinstance(a, str) and isinstance(b, str):
        if not (a.isascii() and b.isascii()):
            raise TypeError("comparing strings with non-ASCII characters is not supported")
        a, b = a.encode("ascii"), b.encode("ascii")
    else:
        bytes_like = (bytes, bytearray, memoryview)
        if not isinstance(a, bytes_like) and not isinstance(b, bytes_like):
            raise TypeError("unsupported operand types(s) or combination of types: "
                            f"'{type(a).__name__}' and '{type(b).__name__}'")
        for value in (a, b):
            if not isinstance(value, bytes_like):
                raise TypeError(f"a bytes-like object is required, not '{type(value).__name__}'")
        a, b = bytes(a), bytes(b)
    # Every byte is looked at whatever the lengths, as the C code does.
    result = len(a) ^ len(b)
    for x, y in zip(a, b if len(a) == len(b) else a):
        result |= x ^ y
    return result == 0

