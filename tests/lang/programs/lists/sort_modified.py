# Checks: list.sort empties the list while it sorts (a key or a comparison
# sees []), and a change to the list is "list modified during sort" once it
# ends, with the list's own items put back (test_sort, test_list).
from functools import cmp_to_key

data = [3, 1, 2]
seen = []
data.sort(key=lambda x: (seen.append(len(data)), x)[1])
print(data, seen)


def attempt(label, lst, **kw):
    try:
        lst.sort(**kw)
        print(label, "sorted", lst)
    except Exception as e:
        print(label, type(e).__name__, e, lst)


L = [5, 2, 9, 1]
attempt("append", L, key=lambda x: (L.append(0), x)[1])

L = [5, 2, 9, 1]
attempt("append and pop", L, key=cmp_to_key(lambda a, b: (L.append(3), L.pop(), (a > b) - (a < b))[2]))

L = [5, 2, 9, 1]


def refill(x):
    del L[:]
    L[:] = range(20)
    return x


attempt("refill", L, key=refill)

L = [5, 2, 9, 1]
attempt("clear of the empty list", L, key=lambda x: (L.clear(), x)[1])

L = [5, 2, 0, 1]
attempt("key raises", L, key=lambda x: 1 / x)

L = [4, 3, 2, 1]


def raise_and_modify(x):
    L.append(x)
    if x == 2:
        raise KeyError(x)
    return x


attempt("key raises after a change", L, key=raise_and_modify)


class Grows:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        M.append(self)
        return self.v < other.v

    def __repr__(self):
        return f"G{self.v}"


M = [Grows(v) for v in (3, 1, 2)]
attempt("__lt__ appends", M)
attempt("reverse, no change", [3, 1, 2], reverse=True)
print(sorted([3, 1, 2], key=lambda x: -x))
