# Checks: what CPython's test_set asks of sets beyond their algebra: a set
# looked up in a set (in, discard, remove) stands for its frozenset; the repr
# of a subclass names it and a set inside itself is NAME(...); an iterator's
# __length_hint__; set(dict), difference with a dict and dict.fromkeys of a
# set, frozenset or dict use the hashes they keep (no key hashed again); a
# frozenset subclass without __init__ refuses keywords.
class Counted(int):
    def __init__(self, *args):
        self.hashes = 0

    def __hash__(self):
        self.hashes += 1
        return int.__hash__(self)


keys = dict.fromkeys(map(Counted, range(10)))


def hashes():
    return sum(k.hashes for k in keys)


print("fromkeys(map)", hashes())
for kind in (set, frozenset):
    s = kind(keys)
    s.difference(keys)
    if hasattr(s, "symmetric_difference_update"):
        s.symmetric_difference_update(keys)
    dict.fromkeys(set(keys))
    dict.fromkeys(frozenset(keys), 123)
    dict.fromkeys(keys)
    print(kind.__name__, "hashes", hashes())

s = {frozenset([1, 2]), 3}
print(set([1, 2]) in s, set([5]) in s, {1, 2} in s)
s.discard(set([1, 2]))
print(sorted(s, key=repr))
try:
    s.remove(set([9]))
except KeyError as e:
    print("KeyError", e.args)
try:
    s.difference_update([set([3])])
except TypeError as e:
    print("TypeError", e)


class SetSub(set):
    pass


class FrozenSub(frozenset):
    pass


print(repr(SetSub([1])), repr(FrozenSub([1])), repr(SetSub()), repr(FrozenSub()), repr(frozenset()))
print(SetSub([1]) in {frozenset([1])})


class Wrapper:
    def __repr__(self):
        return repr(self.value)


for kind in (set, SetSub):
    s = kind()
    w = Wrapper()
    s.add(w)
    w.value = s
    print(repr(s))
w = Wrapper()
f = frozenset([w])
w.value = f
print(repr(f))

it = iter({1, 2, 3})
print(it.__length_hint__(), end=" ")
next(it)
print(it.__length_hint__(), end=" ")
list(it)
print(it.__length_hint__())
grown = {1}
it = iter(grown)
grown.add(2)
print(it.__length_hint__())

for kind in (frozenset, FrozenSub, set, SetSub):
    try:
        kind(sequence=())
    except TypeError as e:
        print(kind.__name__, "TypeError", e)


class FrozenWithInit(frozenset):
    def __init__(self, arg, extra=None):
        self.extra = extra


print(FrozenWithInit([1], extra=2), FrozenWithInit([1], extra=2).extra)
