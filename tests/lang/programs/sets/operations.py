# Checks: set union, intersection, difference, symmetric difference, subset tests and frozen comparisons.
a = {1, 2, 3, 4}
b = {3, 4, 5, 6}
print(a | b, a & b, a - b, b - a, a ^ b)
print(a.union(b), a.intersection(b), a.difference(b), a.symmetric_difference(b))
print({1, 2} <= a, {1, 2} < a, a <= a, a < a, a >= {4}, a == {4, 3, 2, 1}, a.issubset(b))
c = set(a)
c |= {10}
c &= {1, 10, 2}
c -= {2}
print(c, a)
print(sorted(a | b, reverse=True), len(a ^ b), a.isdisjoint({9}))
