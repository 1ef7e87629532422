# Checks: a bound method forwards the attributes it lacks to its function, as CPython's does (found by CPython's test_functools: an lru_cache'd method's cache_info()).
# Also what decorators hang on the function (cachetools' cachedmethod: cache,
# cache_clear, __wrapped__), its __dict__, hasattr/getattr with a default; a
# missing one is reported for the function; setting one on the method is refused.
import functools


class Tagged:
    def action(self):
        return "done"


Tagged.action.tag = "mine"
bound = Tagged().action
print(bound.tag, bound.__name__, bound.__func__ is Tagged.action, bound())
try:
    bound.missing
except AttributeError as e:
    print("AttributeError:", e)



def tagged(f):
    @functools.wraps(f)
    def wrapper(self, *args):
        wrapper.calls += 1
        return f(self, *args)
    wrapper.calls = 0
    wrapper.cache_clear = lambda: "cleared"
    return wrapper


class C:
    @tagged
    def m(self, x):
        "Double it."
        return 2 * x

    @functools.lru_cache(maxsize=None)
    def cached(self, x):
        return x + 1


c = C()
print(c.m(3), c.m.calls, c.m.cache_clear(), c.m.__wrapped__.__name__, c.m.__doc__, c.m.__name__)
print(sorted(c.m.__dict__), hasattr(c.m, "calls"), hasattr(c.m, "nope"), getattr(c.m, "nope", "dflt"))
print(c.cached(1), c.cached(1), c.cached.cache_info().hits, c.cached.__wrapped__.__name__)
C.m.extra = [1]
print(c.m.extra, c.m.__func__ is C.m, c.m.__self__ is c)
try:
    c.m.missing
except AttributeError as e:
    print("AttributeError", e)
try:
    c.m.calls = 5
except AttributeError as e:
    print("AttributeError", e)
print(type(c.m).__name__, c.m == c.m, c.m is c.m)
