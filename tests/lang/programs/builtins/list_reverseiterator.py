# Checks: reversed(a_list) is a list_reverseiterator (reversed(a_tuple) a reversed), as CPython's:
# the type's name, module and finality, iteration, length hints as the list changes, pickling and
# copying at every position, __setstate__ clamping.
import copy
import operator
import pickle

r = reversed([1, 2, 3])
t = type(r)
print(t, t.__name__, t.__qualname__, t.__module__, t is not reversed, type(reversed((1,))) is reversed)
print(type(reversed([])) is t, isinstance(r, reversed), iter(r) is r)
try:
    class Sub(t):
        pass
except TypeError as e:
    print("TypeError", e)
try:
    t([1])
except TypeError as e:
    print("TypeError", e)
print(operator.length_hint(r), next(r), operator.length_hint(r), list(r), operator.length_hint(r))
items = [1, 2, 3, 4]
r = reversed(items)
next(r)
items.pop()
items.pop()
print(operator.length_hint(r), list(r))
for n in range(5):
    r = reversed(["a", "b", "c", "d"])
    for _ in range(n):
        next(r)
    print(n, r.__reduce__(), list(pickle.loads(pickle.dumps(r))), list(copy.copy(r)), list(r))
r = reversed([10, 20, 30])
r.__setstate__(1)
print(list(r))
r = reversed([10, 20, 30])
r.__setstate__(99)
print(list(r))
r = reversed([10, 20, 30])
r.__setstate__(-5)
print(list(r))
for seq in ((1, 2), (), "ab"):
    r = reversed(seq)
    print(type(r).__name__, r.__reduce__()[1:])
    for _ in seq:
        next(r)
    print(r.__reduce__()[1:], list(r), r.__reduce__()[1:], r.__setstate__(0), list(r))
r = reversed([5])
print(list(r), r.__reduce__()[0] is iter, r.__reduce__()[1:], r.__setstate__(0), list(r))
