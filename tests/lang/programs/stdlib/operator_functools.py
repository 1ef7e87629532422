# Checks: the VM's operator and functools modules against CPython's: operator functions, itemgetter/attrgetter/methodcaller, reduce, partial, lru_cache and cache (hits, misses, eviction order, cache_info), wraps, total_ordering, cmp_to_key.
import functools
import operator
from functools import lru_cache, reduce, total_ordering

print(operator.add(2, 3), operator.mul("ab", 2), operator.neg(4), operator.truediv(7, 2), operator.mod(7, 3))
print(operator.lt(1, 2), operator.eq([1], [1]), operator.not_(0), operator.contains("abc", "b"), operator.abs(-3))
print(operator.itemgetter(1)([4, 5, 6]), operator.itemgetter(0, 2)("xyz"), operator.itemgetter("k")({"k": 1}))


class Node:
    def __init__(self, name, child=None):
        self.name = name
        self.child = child

    def shout(self, times, end="!"):
        return self.name.upper() * times + end


n = Node("a", Node("b"))
print(operator.attrgetter("name")(n), operator.attrgetter("name", "child.name")(n))
print(operator.methodcaller("shout", 2, end="?")(n), repr(operator.itemgetter(1, 2)), repr(operator.attrgetter("x")))
pairs = [(2, "b"), (1, "c"), (3, "a")]
print(sorted(pairs, key=operator.itemgetter(1)), max(pairs, key=operator.itemgetter(0)))

print(reduce(operator.mul, range(1, 8)), reduce(lambda acc, w: acc + len(w), ["ab", "cde"], 100))
try:
    reduce(operator.add, [])
except TypeError as e:
    print("TypeError:", e)
int2 = functools.partial(int, base=2)
print(int2("1011"), functools.partial(pow, 2)(10), functools.partial(sorted, reverse=True)([3, 1, 2]))

calls = []


@lru_cache(maxsize=2)
def square(x):
    calls.append(x)
    return x * x


print([square(x) for x in (1, 2, 1, 3, 2, 1)], calls, square.cache_info())
square.cache_clear()
print(square.cache_info())


@functools.cache
def fib(k):
    return k if k < 2 else fib(k - 1) + fib(k - 2)


print(fib(90), fib.cache_info())


@lru_cache
def plain(x):
    return -x


print(plain(3), plain(3), plain.cache_info())


def logged(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        return ("logged", func(*args, **kwargs))
    return wrapper


@logged
def greet(who="world"):
    """Say hello."""
    return "hello " + who


print(greet(), greet(who="vm"), greet.__name__, greet.__doc__, greet.__wrapped__("x"))


@total_ordering
class Version:
    def __init__(self, *parts):
        self.parts = parts

    def __eq__(self, other):
        return self.parts == other.parts

    def __lt__(self, other):
        return self.parts < other.parts


v1, v2 = Version(1, 2), Version(1, 10)
print(v1 < v2, v1 > v2, v1 <= v2, v1 >= v2, v1 >= Version(1, 2), v2 > v1)


def by_length_then_reverse(a, b):
    return (len(a) - len(b)) or ((a < b) - (a > b))


print(sorted(["pear", "fig", "apple", "kiwi", "date"], key=functools.cmp_to_key(by_length_then_reverse)))
