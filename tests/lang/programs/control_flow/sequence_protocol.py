# Checks: an object with only __getitem__ (the old sequence protocol) iterates lazily through CPython's 'iterator' type: a for loop over an endless one can break, IndexError or StopIteration ends it for good, and every consumer (list, in, unpacking, sorted, max, zip, map, islice) sees the same items.
class Seq:
    def __init__(self, n): self.n = n
    def __getitem__(self, i):
        if i >= self.n:
            raise IndexError(i)
        return i * 10

class Endless:
    def __getitem__(self, i):
        return i

for x in Endless():
    print("first", x)
    break
for x in Endless():
    if x > 3:
        break
print("stopped at", x)
print(list(Seq(4)), 20 in Seq(4), 25 in Seq(4))
it = iter(Seq(3))
print(type(it).__name__, type(it), next(it), list(it), list(it))
print(iter(it) is it)
a, b, c = Seq(3)
print(a, b, c, sorted(Seq(3), reverse=True), max(Seq(5)), tuple(Seq(2)))
it = iter(Seq(3))
class K:
    def __getitem__(self, i):
        raise KeyError(i)
try:
    list(K())
except KeyError as e:
    print("KeyError", e)
print(list(zip(Seq(3), Endless())), list(enumerate(Seq(2))))
print(list(map(str, Seq(3))), any(x > 10 for x in Seq(3)))
import itertools
print(list(itertools.islice(Endless(), 3)))
import pickle
class Sized(Seq):
    def __len__(self):
        return self.n
it = iter(Sized(4))
next(it)
print(it.__length_hint__(), iter(Seq(2)).__length_hint__(), list(pickle.loads(pickle.dumps(it))))
it.__setstate__(-5)
print(list(it), it.__length_hint__(), pickle.loads(pickle.dumps(it)).__reduce__()[1])
