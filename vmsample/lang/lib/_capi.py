"""What CPython's C API does for its C modules, done alike for their
replacements in this directory (itertools, _collections, array, _csv...):
how an argument becomes a C integer, how equality is asked, the guard of
recursive reprs.  One home for these rules, with CPython's messages.

Not a module of CPython's; nothing but the replacements imports it.
"""

import sys as _sys

MAXSIZE = _sys.maxsize

GenericAlias = type(list[int])      # what __class_getitem__ gives (PEP 585)


def index(value):
    """PyNumber_AsSsize_t: an int, or an object with __index__, as a C
    Py_ssize_t (OverflowError beyond)."""
    if not isinstance(value, int):
        method = getattr(type(value), "__index__", None)
        if method is None:
            raise TypeError(f"'{type(value).__name__}' object cannot be interpreted as an integer")
        value = method(value)
    if not -MAXSIZE - 1 <= value <= MAXSIZE:
        raise OverflowError("Python int too large to convert to C ssize_t")
    return int(value)


def slice_index(value):
    """_PyEval_SliceIndexNotNone: an __index__ object, clipped to Py_ssize_t
    (as the start and stop of index() are)."""
    if not isinstance(value, int):
        method = getattr(type(value), "__index__", None)
        if method is None:
            raise TypeError("slice indices must be integers or have an __index__ method")
        value = method(value)
    return max(-MAXSIZE - 1, min(int(value), MAXSIZE))


def repeat_count(n):
    """The n of a sequence's s * n."""
    if not hasattr(type(n), "__index__"):
        raise TypeError(f"can't multiply sequence by non-int of type '{type(n).__name__}'")
    n = type(n).__index__(n)
    if not -MAXSIZE - 1 <= n <= MAXSIZE:
        raise OverflowError(f"cannot fit '{type(n).__name__}' into an index-sized integer")
    return int(n)


def is_number(value):
    """PyNumber_Check: the type converts to int or float, or is complex."""
    kind = type(value)
    return (hasattr(kind, "__index__") or hasattr(kind, "__int__")
            or hasattr(kind, "__float__") or isinstance(value, complex))


def same(a, b):
    """PyObject_RichCompareBool(a, b, Py_EQ): identical objects are equal
    without asking __eq__."""
    return a is b or a == b


# The six rich comparisons, by the operator's text.
COMPARE = {
    "<": lambda a, b: a < b, "<=": lambda a, b: a <= b, "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
}


def comparisons(compare):
    """The six rich comparison methods of a class that compares in one
    place: each calls [compare](self, other, op), op as in COMPARE."""
    def method(op, name):
        def compare_with(self, other):
            return compare(self, other, op)
        compare_with.__name__ = compare_with.__qualname__ = name
        return compare_with
    return tuple(method(op, f"__{name}__") for op, name in
                 (("==", "eq"), ("!=", "ne"), ("<", "lt"), ("<=", "le"), (">", "gt"), (">=", "ge")))


def not_a_base_type(cls, **kwargs):
    """The __init_subclass__ of the types CPython does not let programs
    subclass (no Py_TPFLAGS_BASETYPE)."""
    base = cls.__mro__[1]
    raise TypeError(f"type '{base.__module__}.{base.__name__}' is not an acceptable base type")


# Py_ReprEnter / Py_ReprLeave: the objects whose repr is being made, per
# thread, so that a container that contains itself prints "[...]".
_repr_running = set()


def repr_enter(obj):
    """True if [obj]'s repr is not being made already (and it now is)."""
    key = (id(obj), _thread_ident())
    if key in _repr_running:
        return False
    _repr_running.add(key)
    return True


def repr_leave(obj):
    _repr_running.discard((id(obj), _thread_ident()))


def _thread_ident():
    # Imported when first needed: _thread imports os, and os's own imports
    # (abc, _weakrefset, operator) reach the replacements that import this.
    from _thread import get_ident
    return get_ident()


class builtin_function:
    """A C module's function, as a program sees it: a Python function put
    in a class is a method (bound to the instance when looked up), a C
    function is not -- CPython's tests put `reduce = c_functools.reduce` in
    a class and call self.reduce(f, items).  Wrapping a replacement's
    function in this makes it call through, unbound, with the repr of a
    built-in function; used for the functions that tests or programs keep
    as class attributes (it costs one call per call)."""

    def __init__(self, function):
        self._function = function
        self.__name__ = function.__name__
        self.__qualname__ = function.__qualname__
        self.__doc__ = function.__doc__
        self.__module__ = function.__module__

    def __call__(self, /, *args, **kwargs):
        return self._function(*args, **kwargs)

    def __repr__(self):
        return f"<built-in function {self.__name__}>"

    def __reduce__(self):
        return self.__qualname__
