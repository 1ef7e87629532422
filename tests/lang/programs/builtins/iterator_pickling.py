# Checks: pickling and copying the builtin iterators (sequence, range, dict, set, enumerate, zip, map, filter, reversed) at every protocol, exhausted ones, __setstate__ clamping, subclasses, builtin functions pickled by name.
import copy
import pickle


def round_trip(it):
    lists = []
    for proto in range(pickle.HIGHEST_PROTOCOL + 1):
        lists.append(list(pickle.loads(pickle.dumps(it, proto))))
    assert all(x == lists[0] for x in lists)
    return type(pickle.loads(pickle.dumps(it))).__name__, lists[0]


for data in ([1, 2, 3], (1, 2, 3), "abc", b"xy", range(5),
             range(1, 1 << 70, 1 << 68), range(10, 0, -3)):
    it = iter(data)
    next(it)
    print(round_trip(it))
    print(round_trip(copy.copy(it)), list(copy.deepcopy(it)))
    if not isinstance(data, (bytes, bytearray)):
        it = reversed(data)
        next(it)
        print(list(pickle.loads(pickle.dumps(it))))

it = iter(bytearray(b"pq"))
next(it)
print(list(pickle.loads(pickle.dumps(it))))

it = enumerate("abcd", 3)
next(it)
print(round_trip(it))
z = zip("abc", [1, 2, 3])
next(z)
print(round_trip(z))
z = zip("abc", [1, 2, 3], strict=True)
print(z.__reduce__()[2:], round_trip(z))
print(round_trip(map(str, [1, 2])), round_trip(filter(None, [0, 1, 2])))
print(round_trip(map(pow, [1, 2], [3, 4])), round_trip(map(abs, [-1])))

# builtin functions pickle by name, bound ones as getattr(owner, name)
import math
for f in (pow, len, math.sqrt, [3].append, "x".join, dict.fromkeys):
    g = pickle.loads(pickle.dumps(f))
    print(f.__qualname__, g.__name__, g is f or g == f)

d = {1: 2, 3: 4, 5: 6}
for it in (iter(d), iter(d.values()), iter(d.items()), iter({7, 8}), iter(frozenset([9]))):
    next(it)
    print(round_trip(it))

# exhausted: iter() of an empty sequence
for data in ([1, 2], (1,), "x", b"y"):
    it = iter(data)
    list(it)
    print(it.__reduce__()[1], list(pickle.loads(pickle.dumps(it))))

# __setstate__ moves the position, clamped to the sequence
for index in (-5, 0, 2, 99):
    it = iter([1, 2, 3])
    it.__setstate__(index)
    r = reversed([1, 2, 3])
    r.__setstate__(index)
    print(index, list(it), list(r))
it = iter(range(10, 20, 3))
it.__setstate__(2)
print(list(it))

# subclasses pickle as themselves
class Numbered(enumerate):
    pass

e = Numbered("ab", 5)
print(round_trip(e))

# what does not pickle says so
def gen():
    yield 1

for bad in (gen(), iter(lambda: 1, 2)):
    try:
        pickle.dumps(bad)
    except (TypeError, pickle.PicklingError, AttributeError) as exc:
        print(type(exc).__name__)
