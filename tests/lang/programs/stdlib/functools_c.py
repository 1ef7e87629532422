# Checks: functools' C parts as CPython runs them (_functools): partial's repr, pickling, read-only attributes and flattening, cmp_to_key's KeyWrapper, lru_cache's cache_info/cache_clear/__wrapped__/typed, binding as a method, copy and pickle by name, and reduce's messages.
import copy
import functools
import pickle
from functools import partial, reduce


def show(f, *args, **kwargs):
    try:
        print(repr(f(*args, **kwargs)))
    except Exception as e:
        print(type(e).__name__ + ":", e)


def power(base, exp, *, mod=None):
    return pow(base, exp, mod)


square = partial(power, exp=2)
cube_mod = partial(partial(power, 3), mod=7)
print(square(5), cube_mod(4), cube_mod.func is power, cube_mod.args, cube_mod.keywords)
print(repr(square).split(" at 0x")[0].replace("<function ", "<fn "), repr(cube_mod).count("partial"))
show(setattr, square, "func", max)
show(setattr, square, "args", ())
square.note = "mine"
print(square.note, type(square.__reduce__()[0]).__name__, square.__reduce__()[2][1:])
again = pickle.loads(pickle.dumps(square))
print(again(6), again.keywords, again.note)
show(partial)
show(partial, 42)
show(square.__setstate__, (1, 2))
show(square.__setstate__, (power, [1], None, None))


class MyPartial(partial):
    pass


print(repr(MyPartial(max, 1, 2)).split(" at 0x")[0], MyPartial(max, 1)(5))
print(partial[int], isinstance(square, partial))

key = functools.cmp_to_key(lambda a, b: (a > b) - (a < b))
print(type(key).__name__, type(key(1)).__name__, type(key).__module__, sorted([3, 1, 2], key=key))
print(key(1) < key(2), key(2) <= key(2), key(3) == key(3), key(1).obj)
show(lambda: key(1) < 1)

show(type(key))

calls = []


@functools.lru_cache(maxsize=2)
def fib(n):
    calls.append(n)
    return n if n < 2 else fib(n - 1) + fib(n - 2)


print(fib(15), fib.cache_info(), len(calls))
fib.cache_clear()
print(fib.cache_info(), fib.__wrapped__.__name__, fib.__name__, fib.cache_parameters())
print(copy.copy(fib) is fib, copy.deepcopy(fib) is fib, pickle.loads(pickle.dumps(fib)) is fib)
print(type(fib).__name__, type(fib).__module__)


@functools.lru_cache(typed=True)
def kind(x):
    return type(x).__name__


print(kind(1), kind(1.0), kind(1), kind.cache_info())


@functools.cache
def unbounded(*args, **kwargs):
    return args, sorted(kwargs.items())


print(unbounded(1, 2, a=3), unbounded(1, 2, a=3), unbounded.cache_info())


class Vector:
    def __init__(self, x):
        self.x = x

    @functools.lru_cache(maxsize=None)
    def norm(self, scale):
        return abs(self.x) * scale


v = Vector(-3)
print(v.norm(2), v.norm(2), Vector.norm.cache_info(), Vector.norm(v, 2))
nothing = functools.lru_cache(maxsize=0)(len)
print(nothing("abc"), nothing("abc"), nothing.cache_info())
show(functools.lru_cache, maxsize="big")

print(reduce(lambda a, b: a * b, range(1, 8)), reduce(max, [], -1), reduce(lambda a, b: a + b, "xyz"))
show(reduce, max, [])
show(reduce, max, 5)
show(reduce, max)
show(reduce, max, [], 1, 2)
show(reduce, max, [1], initial=0)
