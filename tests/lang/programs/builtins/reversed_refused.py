# Checks: reversed() takes __reversed__ or a sequence (__getitem__ and __len__); a set, a generator, an iterator or a class whose __reversed__ is None is refused with CPython's TypeError.
import collections


class Seq:
    def __len__(self):
        return 3

    def __getitem__(self, i):
        if i >= 3:
            raise IndexError(i)
        return i * 10


class OnlyIter:
    def __iter__(self):
        return iter([1, 2])


class Blocked(list):
    __reversed__ = None


for x in ["ab", [1, 2], (1, 2), range(3), {1: 2, 3: 4}, Seq(), collections.deque([1, 2]), {1: 2}.keys(),
          {1}, frozenset([2]), (i for i in range(2)), map(str, [1]), iter([1]), OnlyIter(), Blocked([1]), 5]:
    try:
        print(type(x).__name__, list(reversed(x)))
    except TypeError as e:
        print(type(x).__name__, "TypeError:", e)
