"""functools for the vmsample VM (CPython's API, pure Python)."""

WRAPPER_ASSIGNMENTS = ("__module__", "__name__", "__qualname__", "__doc__")
_MISSING = object()


def reduce(function, iterable, initial=_MISSING):
    it = iter(iterable)
    if initial is _MISSING:
        for value in it:
            break
        else:
            raise TypeError("reduce() of empty iterable with no initial value")
    else:
        value = initial
    for element in it:
        value = function(value, element)
    return value


class partial:
    """partial(func, *args, **keywords): func with some arguments given."""

    def __init__(self, func, *args, **keywords):
        if not callable(func):
            raise TypeError("the first argument must be callable")
        self.func = func
        self.args = args
        self.keywords = keywords

    def __call__(self, *args, **keywords):
        merged = dict(self.keywords)
        merged.update(keywords)
        return self.func(*self.args, *args, **merged)


def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=()):
    for name in assigned:
        try:
            value = getattr(wrapped, name)
        except AttributeError:
            continue
        setattr(wrapper, name, value)
    wrapper.__wrapped__ = wrapped
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=()):
    return partial(update_wrapper, wrapped=wrapped, assigned=assigned, updated=updated)


class _CacheInfo:
    def __init__(self, hits, misses, maxsize, currsize):
        self.hits, self.misses, self.maxsize, self.currsize = hits, misses, maxsize, currsize

    def __iter__(self):
        return iter((self.hits, self.misses, self.maxsize, self.currsize))

    def __eq__(self, other):
        return tuple(self) == tuple(other)

    def __repr__(self):
        return (f"CacheInfo(hits={self.hits}, misses={self.misses}, maxsize={self.maxsize}, "
                f"currsize={self.currsize})")


class _LruCacheWrapper:
    # The cache maps the call's arguments to the result; with a maxsize, the
    # dict's order is the recency order (a hit moves its entry to the end,
    # and the first entry is the least recently used).
    def __init__(self, func, maxsize, typed):
        self.__wrapped__ = func
        self._maxsize = maxsize
        self._typed = typed
        self._cache = {}
        self._hits = 0
        self._misses = 0
        for name in WRAPPER_ASSIGNMENTS:
            try:
                setattr(self, name, getattr(func, name))
            except AttributeError:
                pass

    def _key(self, args, kwargs):
        key = args
        if kwargs:
            key += (_MISSING,) + tuple(kwargs.items())
        if self._typed:
            key += tuple(type(v) for v in args) + tuple(type(v) for v in kwargs.values())
        return key

    def __call__(self, *args, **kwargs):
        key = self._key(args, kwargs)
        cache = self._cache
        if key in cache:
            self._hits += 1
            result = cache[key]
            if self._maxsize is not None:
                del cache[key]
                cache[key] = result
            return result
        self._misses += 1
        result = self.__wrapped__(*args, **kwargs)
        if self._maxsize is None or self._maxsize > 0:
            if key not in cache and self._maxsize is not None and len(cache) >= self._maxsize:
                del cache[next(iter(cache))]
            cache[key] = result
        return result

    def cache_info(self):
        return _CacheInfo(self._hits, self._misses, self._maxsize, len(self._cache))

    def cache_clear(self):
        self._cache = {}
        self._hits = self._misses = 0


def lru_cache(maxsize=128, typed=False):
    """@lru_cache, @lru_cache(), @lru_cache(maxsize=None), @lru_cache(32, typed=True)."""
    if callable(maxsize) and not isinstance(maxsize, bool):
        return _LruCacheWrapper(maxsize, 128, False)
    if maxsize is not None and not isinstance(maxsize, int):
        raise TypeError("Expected first argument to be an integer, a callable, or None")
    if maxsize is not None and maxsize < 0:
        maxsize = 0

    def decorating_function(func):
        return _LruCacheWrapper(func, maxsize, typed)
    return decorating_function


def cache(func):
    return _LruCacheWrapper(func, None, False)


def cmp_to_key(mycmp):
    class K:
        def __init__(self, obj):
            self.obj = obj

        def __lt__(self, other):
            return mycmp(self.obj, other.obj) < 0

        def __gt__(self, other):
            return mycmp(self.obj, other.obj) > 0

        def __eq__(self, other):
            return mycmp(self.obj, other.obj) == 0

        def __le__(self, other):
            return mycmp(self.obj, other.obj) <= 0

        def __ge__(self, other):
            return mycmp(self.obj, other.obj) >= 0

        __hash__ = None
    return K


def total_ordering(cls):
    """Fill in the comparisons a class lacks from __eq__ and one of <, <=, >, >=."""
    roots = [op for op in ("__lt__", "__le__", "__gt__", "__ge__")
             if getattr(cls, op, None) is not getattr(object, op, None)]
    if not roots:
        raise ValueError("must define at least one ordering operation: < > <= >=")
    derived = {
        "__lt__": {"__gt__": lambda s, o: _neither(s.__lt__(o), s == o),
                   "__le__": lambda s, o: _or(s.__lt__(o), s == o),
                   "__ge__": lambda s, o: _not(s.__lt__(o))},
        "__le__": {"__ge__": lambda s, o: _not_or(s.__le__(o), s == o),
                   "__lt__": lambda s, o: _and_not(s.__le__(o), s == o),
                   "__gt__": lambda s, o: _not(s.__le__(o))},
        "__gt__": {"__lt__": lambda s, o: _neither(s.__gt__(o), s == o),
                   "__ge__": lambda s, o: _or(s.__gt__(o), s == o),
                   "__le__": lambda s, o: _not(s.__gt__(o))},
        "__ge__": {"__le__": lambda s, o: _not_or(s.__ge__(o), s == o),
                   "__gt__": lambda s, o: _and_not(s.__ge__(o), s == o),
                   "__lt__": lambda s, o: _not(s.__ge__(o))},
    }[roots[0]]
    for name, method in derived.items():
        if name not in roots:
            setattr(cls, name, method)
    return cls


# The derived comparisons: [r] is the root comparison's result, [equal] a == b.
def _not(r):
    return r if r is NotImplemented else not r


def _or(r, equal):
    return r if r is NotImplemented else (r or equal)


def _and_not(r, equal):
    return r if r is NotImplemented else (r and not equal)


def _neither(r, equal):
    return r if r is NotImplemented else (not r and not equal)


def _not_or(r, equal):
    return r if r is NotImplemented else (not r or equal)
