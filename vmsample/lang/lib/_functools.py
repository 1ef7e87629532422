"""Tools that operate on functions.

CPython 3.11's ``_functools`` (a C module there), written in Python for the
VM.  functools.py falls back to Python versions of these four when the C
module is missing, but those are not what CPython runs and a program can
tell: the C ``partial``'s attributes are read-only and its state is
checked, ``cmp_to_key`` gives ``functools.KeyWrapper`` objects that refuse
to compare with anything else, and the C ``_lru_cache_wrapper`` is an
object (a descriptor, so it binds as a method; copied and pickled as
itself, by name) where functools.py's is a closure.  The messages are the
C code's.
"""

from types import MethodType as _MethodType

from _capi import GenericAlias as _GenericAlias, index as _index, not_a_base_type as _not_a_base_type
from _capi import builtin_function as _builtin_function
from _capi import repr_enter as _repr_enter, repr_leave as _repr_leave


@_builtin_function
def reduce(*args, **kwargs):
    """reduce(function, iterable[, initial]) -> value

Apply a function of two arguments cumulatively to the items of a sequence
or iterable, from left to right, so as to reduce the iterable to a single
value.  For example, reduce(lambda x, y: x+y, [1, 2, 3, 4, 5]) calculates
((((1+2)+3)+4)+5).  If initial is present, it is placed before the items
of the iterable in the calculation, and serves as a default when the
iterable is empty."""
    if kwargs:
        raise TypeError("reduce() takes no keyword arguments")
    if not 2 <= len(args) <= 3:
        bound = "at least 2" if len(args) < 2 else "at most 3"
        raise TypeError(f"reduce expected {bound} arguments, got {len(args)}")
    function, iterable = args[0], args[1]
    try:
        items = iter(iterable)
    except TypeError:
        raise TypeError("reduce() arg 2 must support iteration") from None
    if len(args) == 3:
        value = args[2]
    else:
        for value in items:
            break
        else:
            raise TypeError("reduce() of empty iterable with no initial value")
    for item in items:
        value = function(value, item)
    return value


# --- cmp_to_key

class KeyWrapper:
    # [_cmp] is the comparison function; [obj] the wrapped value, absent on
    # the object cmp_to_key returns (calling that one wraps a value).
    __slots__ = ("_cmp", "obj")

    def __new__(cls, *args, **kwargs):
        raise TypeError("cannot create 'functools.KeyWrapper' instances")

    def __call__(self, obj):
        key = object.__new__(KeyWrapper)
        key._cmp = self._cmp
        key.obj = obj
        return key

    def _compare(self, other, op):
        if type(other) is not KeyWrapper:
            raise TypeError("other argument must be K instance")
        return _COMPARE[op](self._cmp(self.obj, other.obj), 0)

    __hash__ = None
    __init_subclass__ = _not_a_base_type


def _comparison(op):
    def compare(self, other):
        return self._compare(other, op)
    compare.__name__ = f"__{op}__"
    return compare


_COMPARE = {"lt": lambda a, b: a < b, "le": lambda a, b: a <= b, "eq": lambda a, b: a == b,
            "ne": lambda a, b: a != b, "gt": lambda a, b: a > b, "ge": lambda a, b: a >= b}
for _op in _COMPARE:
    setattr(KeyWrapper, f"__{_op}__", _comparison(_op))
KeyWrapper.__module__ = "functools"
del _op


@_builtin_function
def cmp_to_key(mycmp):
    """Convert a cmp= function into a key= function."""
    key = object.__new__(KeyWrapper)
    key._cmp = mycmp
    return key


# --- partial

class partial:
    """partial(func, *args, **keywords) - new function with partial application
    of the given arguments and keywords.
    """

    # The three attributes are read-only (properties over the slots), as
    # the C type's members are; the instance dict holds what programs add.
    __slots__ = ("_func", "_args", "_keywords", "__dict__", "__weakref__")

    def __new__(cls, *args, **keywords):
        if not args:
            raise TypeError("type 'partial' takes at least one argument")
        func, args = args[0], args[1:]
        # A partial of a plain partial (one with no attributes of its own,
        # whatever its class) is made of the inner one's parts.
        if isinstance(func, partial) and type(func).__call__ is partial.__call__ and not func.__dict__:
            args = func._args + args
            keywords = {**func._keywords, **keywords}
            func = func._func
        if not callable(func):
            raise TypeError("the first argument must be callable")
        self = object.__new__(cls)
        self._func, self._args, self._keywords = func, args, keywords
        return self

    def __call__(self, /, *args, **keywords):
        if keywords:
            keywords = {**self._keywords, **keywords}
            return self._func(*self._args, *args, **keywords)
        return self._func(*self._args, *args, **self._keywords)

    func = property(lambda self: self._func, doc="function object to use in future partial calls")
    args = property(lambda self: self._args, doc="tuple of arguments to future partial calls")
    keywords = property(lambda self: self._keywords, doc="dictionary of keyword arguments to future partial calls")

    def __setattr__(self, name, value):
        if name in ("func", "args", "keywords"):
            raise AttributeError("readonly attribute")
        object.__setattr__(self, name, value)

    def __delattr__(self, name):
        if name == "__dict__":
            raise TypeError("cannot delete __dict__")
        object.__delattr__(self, name)

    def __repr__(self):
        # The C code names the type by its __name__ ("functools.partial"
        # for itself, a subclass's plain name otherwise).
        if not _repr_enter(self):
            return "..."
        try:
            name = "functools.partial" if type(self) is partial else type(self).__name__
            parts = [repr(self._func)]
            parts += [repr(arg) for arg in self._args]
            parts += [f"{key}={value!r}" for key, value in self._keywords.items()]
            return f"{name}({', '.join(parts)})"
        finally:
            _repr_leave(self)

    def __reduce__(self):
        return type(self), (self._func,), (self._func, self._args, self._keywords, self.__dict__ or None)

    def __setstate__(self, state):
        if not isinstance(state, tuple) or len(state) != 4:
            raise TypeError("invalid partial state")
        func, args, keywords, namespace = state
        if not callable(func) or not isinstance(args, tuple) or (
                keywords is not None and not isinstance(keywords, dict)):
            raise TypeError("invalid partial state")
        self.__dict__.clear()
        if namespace is not None:
            self.__dict__.update(namespace)
        object.__setattr__(self, "_func", func)
        object.__setattr__(self, "_args", tuple(args) if type(args) is not tuple else args)
        if keywords is None:
            keywords = {}
        elif type(keywords) is not dict:
            keywords = dict(keywords)
        object.__setattr__(self, "_keywords", keywords)

    __class_getitem__ = classmethod(_GenericAlias)


partial.__module__ = "functools"


# --- the least-recently-used cache of functools.lru_cache

class _lru_cache_wrapper:
    """Create a cached callable that wraps another function.

user_function:      the function being cached

maxsize:  0         for no caching
          None      for unlimited cache size
          n         for a bounded cache

typed:    False     cache f(3) and f(3.0) as identical calls
          True      cache f(3) and f(3.0) as distinct calls

cache_info_type:    namedtuple class with the fields:
                        hits misses currsize maxsize
"""

    # The cache maps a key made of the call's arguments to its result.
    # A bounded cache is a dict kept in least- to most-recently-used order:
    # a hit moves its key to the end, a miss that overflows drops the first.
    __slots__ = ("_function", "_maxsize", "_typed", "_info_type", "_cache", "_hits", "_misses",
                 "__dict__", "__weakref__")

    def __new__(cls, user_function, maxsize, typed, cache_info_type):
        if not callable(user_function):
            raise TypeError("the first argument must be callable")
        if maxsize is not None:
            if not isinstance(maxsize, int):
                raise TypeError("maxsize should be integer or None")
            maxsize = max(_index(maxsize), 0)
        self = object.__new__(cls)
        self._function, self._maxsize, self._typed = user_function, maxsize, bool(typed)
        self._info_type = cache_info_type
        self._cache = {}
        self._hits = self._misses = 0
        return self

    def __call__(self, /, *args, **kwargs):
        if self._maxsize == 0:
            self._misses += 1
            return self._function(*args, **kwargs)
        key = _make_key(args, kwargs, self._typed)
        cache = self._cache
        try:
            result = cache[key]
        except KeyError:
            pass
        else:
            self._hits += 1
            if self._maxsize is not None:
                del cache[key]          # most recently used: to the end
                cache[key] = result
            return result
        self._misses += 1
        result = self._function(*args, **kwargs)
        if key in cache:                # the call cached it already (recursion)
            return result
        if self._maxsize is not None and cache.__len__() >= self._maxsize:
            del cache[next(iter(cache))]
        cache[key] = result
        return result

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        return _MethodType(self, instance)

    def cache_info(self):
        """Report cache statistics"""
        return self._info_type(self._hits, self._misses, self._maxsize, self._cache.__len__())

    def cache_clear(self):
        """Clear the cache and cache statistics"""
        self._cache.clear()
        self._hits = self._misses = 0

    # Pickled by name, as a function is; copying gives the same object.
    def __reduce__(self):
        return self.__qualname__

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


_lru_cache_wrapper.__module__ = "functools"


class _KeywordMark:
    """Separates the positional arguments from the keywords in a key."""
    __slots__ = ()


_KWD_MARK = (_KeywordMark(),)


class _HashedKey(list):
    """A key made of several values, hashed once (the C code looks the key
    up and stores it with the hash it computed once: a test counts the
    calls of __hash__)."""
    __slots__ = ("_hash",)

    def __init__(self, values):
        self[:] = values
        self._hash = hash(values)

    def __hash__(self):
        return self._hash


def _make_key(args, kwargs, typed):
    """The cache key of a call: one str or int argument is its own key; the
    others a tuple of the arguments, the keywords' names and values, and
    with typed the types of every value."""
    if not kwargs and not typed and args.__len__() == 1 and type(args[0]) in (str, int):
        return args[0]
    key = args
    if kwargs:
        key += _KWD_MARK
        for item in kwargs.items():
            key += item
    if typed:
        key += tuple(type(value) for value in args)
        if kwargs:
            key += tuple(type(value) for value in kwargs.values())
    return _HashedKey(key)

