# Checks: frozenset -- construction, repr, the set methods it shares (their
# results are frozensets), algebra with sets (the left operand's kind wins),
# comparisons and equality with sets, hashing (CPython's frozenset hash, so
# frozensets of ints in sets and dict keys iterate in CPython's order; nested
# in tuples and in other frozensets), immutability, and the errors.
empty = frozenset()
f = frozenset([3, 1, 2, 3])
print(empty, f, repr(f), len(f), len(empty), bool(empty), bool(f), type(f).__name__)
print(frozenset(range(20)), frozenset("aaa"), frozenset({5: 1, 6: 2}), frozenset({7, 8}))
print(frozenset(f) is f, f.copy() is f, isinstance(f, frozenset), isinstance(f, set), type(f) is frozenset)
print(sorted(f), list(frozenset([10, 2, 33])), 2 in f, 9 in f, 9 not in f, min(f), max(f), sum(f))
s = {2, 3, 4}
for a, b in [(f, s), (s, f), (f, frozenset([1])), (frozenset(), f)]:
    print(a | b, a & b, a - b, a ^ b, type(a | b).__name__, type(b - a).__name__)
    print(a == b, a != b, a <= b, a < b, a >= b, a > b)
print(f == {1, 2, 3}, {1, 2, 3} == f, f == frozenset([1, 2, 3]), f != {1, 2}, f == [1, 2, 3])
print(f.union([7], (8,)), f.intersection(s), f.intersection(), f.difference(s, [1]), f.symmetric_difference([3, 9]))
print(f.issubset([1, 2, 3, 4]), f.issuperset({1}), f.isdisjoint([8, 9]), f.isdisjoint(s))
print(type(f.union()).__name__, type(f.intersection([1])).__name__, type(s.union(f)).__name__)
g = f
g |= {40}
g -= frozenset([1])
print(g, f, g is f, type(g).__name__)
t = {1}
t |= frozenset([2, 3])
t &= frozenset([2, 3, 4])
print(t, type(t).__name__)
# hashing: the same values as CPython's, so tables keyed by frozensets agree
print(hash(frozenset()), hash(frozenset([1])), hash(frozenset([1, 2, 3])), hash(f) == hash(frozenset([3, 2, 1])))
print(hash(frozenset([(1, 2), (3, 4)])), hash((frozenset([1]), 2)), hash(frozenset([frozenset([1]), frozenset()])))
print(hash(frozenset([-1, 2 ** 70, 1.5])), hash(frozenset(range(100))))
groups = {frozenset([1, 2]), frozenset([2, 1]), frozenset([3]), frozenset(), frozenset([1, 2, 3])}
print(len(groups), groups, frozenset([2, 1]) in groups, frozenset([9]) in groups)
d = {frozenset([i, i + 1]): i for i in range(8)}
print(d, d[frozenset([4, 3])])
print(frozenset([frozenset([1, 2]), frozenset([2, 1]), frozenset()]))
print({(frozenset([1]), 1): "a"}[(frozenset([1]), 1)], frozenset([1]) == frozenset([1.0]))
# iteration in table order, also of bigger tables, removal left no holes
big = frozenset(range(0, 200, 7)) - frozenset(range(0, 200, 3))
print(big, [x for x in big if x % 2])
print(frozenset([1, 2]).__class__, frozenset.union(frozenset([1]), [2]))
for bad in [lambda: f.add(4), lambda: hash({1}), lambda: {frozenset(): 1, set(): 2},
            lambda: frozenset(1), lambda: frozenset([[]]), lambda: set.add(f, 4), lambda: f < 3,
            lambda: frozenset([1], [2]), lambda: f | [1]]:
    try:
        bad()
    except (TypeError, AttributeError) as e:
        print(type(e).__name__, e)
