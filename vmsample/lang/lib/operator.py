"""operator for the vmsample VM: the operators as functions (CPython's API)."""

_builtin_abs = abs      # (before this module's own abs hides it)


def lt(a, b): return a < b
def le(a, b): return a <= b
def eq(a, b): return a == b
def ne(a, b): return a != b
def ge(a, b): return a >= b
def gt(a, b): return a > b
def not_(a): return not a
def truth(a): return bool(a)
def is_(a, b): return a is b
def is_not(a, b): return a is not b
def abs(a): return _builtin_abs(a)
def add(a, b): return a + b
def and_(a, b): return a & b
def floordiv(a, b): return a // b
def index(a): return a.__index__()
def inv(a): return ~a
invert = inv
def lshift(a, b): return a << b
def mod(a, b): return a % b
def mul(a, b): return a * b
def neg(a): return -a
def or_(a, b): return a | b
def pos(a): return +a
def pow(a, b): return a ** b
def rshift(a, b): return a >> b
def sub(a, b): return a - b
def truediv(a, b): return a / b
def xor(a, b): return a ^ b
def concat(a, b): return a + b
def contains(a, b): return b in a
def countOf(a, b): return sum(1 for x in a if x is b or x == b)
def getitem(a, b): return a[b]
def setitem(a, b, c): a[b] = c
def delitem(a, b): del a[b]
def iadd(a, b):
    a += b
    return a
def isub(a, b):
    a -= b
    return a
def imul(a, b):
    a *= b
    return a


def _resolve(obj, dotted):
    for name in dotted.split("."):
        obj = getattr(obj, name)
    return obj


class attrgetter:
    """attrgetter("a", "b.c")(obj) -> (obj.a, obj.b.c); one name: the value."""

    def __init__(self, attr, *attrs):
        self._attrs = (attr,) + attrs

    def __call__(self, obj):
        if len(self._attrs) == 1:
            return _resolve(obj, self._attrs[0])
        return tuple(_resolve(obj, a) for a in self._attrs)

    def __repr__(self):
        return "operator.attrgetter(" + ", ".join(repr(a) for a in self._attrs) + ")"


class itemgetter:
    """itemgetter(1, 3)(seq) -> (seq[1], seq[3]); one item: the value."""

    def __init__(self, item, *items):
        self._items = (item,) + items

    def __call__(self, obj):
        if len(self._items) == 1:
            return obj[self._items[0]]
        return tuple(obj[i] for i in self._items)

    def __repr__(self):
        return "operator.itemgetter(" + ", ".join(repr(i) for i in self._items) + ")"


class methodcaller:
    """methodcaller("name", *args, **kwargs)(obj) -> obj.name(*args, **kwargs)."""

    def __init__(self, name, *args, **kwargs):
        self._name = name
        self._args = args
        self._kwargs = kwargs

    def __call__(self, obj):
        return getattr(obj, self._name)(*self._args, **self._kwargs)
