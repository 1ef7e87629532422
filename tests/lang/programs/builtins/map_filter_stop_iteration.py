# Checks: a StopIteration that map's or filter's function raises ends the iteration wherever the builtin iterator is consumed (list, for, sum, zip, sorted, a tee), also raised while handling another exception; next() on the map passes it on; other exceptions pass through.
import itertools


def upto_one(x):
    if x > 1:
        raise StopIteration
    return x * 10


def item(t):
    try:
        return t[1]
    except IndexError:
        raise StopIteration


def keep(x):
    if x == 3:
        raise StopIteration("done")
    return x % 2


print(list(map(upto_one, [0, 1, 2, 0])), list(map(item, [(1, 2), (3,), (4, 5)])))
print(list(filter(keep, range(10))), sum(map(upto_one, range(5))), sorted(map(item, [(0, 9), (0, 8), ()])))
for v in map(upto_one, [1, 0, 5, 1]):
    print("for", v)
print(list(zip(map(upto_one, range(5)), "abcde")), list(enumerate(filter(keep, [1, 1, 3, 1]))))
a, b = itertools.tee([(1, 2), (3,), (5, 6)])
print(list(map(item, a)), list(b))
m = map(upto_one, [1, 2])
print(next(m))
try:
    next(m)
except StopIteration as e:
    print("next raised StopIteration", e.args)
try:
    list(map(lambda x: 1 // x, [1, 0]))
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
