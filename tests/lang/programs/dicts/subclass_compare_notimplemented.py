# Checks: an instance of a dict, list or tuple subclass whose __eq__ (or __lt__) says NotImplemented compares as the builtin value it carries, on either side, as CPython falls back to the builtin's own comparison (collections.Counter() == {} is True).
from collections import Counter


class D(dict):
    def __eq__(self, other):
        if not isinstance(other, D):
            return NotImplemented
        return "D.__eq__"


class L(list):
    def __eq__(self, other):
        return NotImplemented

    def __lt__(self, other):
        return NotImplemented


class T(tuple):
    def __eq__(self, other):
        return NotImplemented


c = Counter({4: 2, 5: 1})
print(c == {4: 2, 5: 1}, {4: 2, 5: 1} == c, c != {4: 2, 5: 1}, c == {4: 2}, Counter() == {})
print(D(a=1) == {"a": 1}, D(a=1) == {"a": 2}, {"a": 1} == D(a=1), D(a=1) != {"a": 1}, D(a=1) == D(b=2))
print(L([1]) == [1], [1] == L([1]), L([1]) != [1], L([1]) == [2], L([1]) < [2], [0] < L([1]), L([3]) < [2])
print(T((1,)) == (1,), (1,) == T((1,)), T((1,)) != (1,), T((1,)) == (2,))
print(D(a=1) == 5, L([1]) == "x", [1] == T((1,)))
