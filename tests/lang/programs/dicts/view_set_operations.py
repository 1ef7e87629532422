# Checks: dict keys and items views as sets: -, &, |, ^ with any iterable on either side, comparisons with sets and views, isdisjoint; values views are not set-like.
d = {1: 'a', 2: 'b', 3: 'c'}
e = {2: 'b', 4: 'd'}
k, ek = d.keys(), e.keys()
print(sorted(k - ek), sorted(k & ek), sorted(k | ek), sorted(k ^ ek))
print(sorted(k - [1]), sorted([1, 9] - k), sorted({9} | k), sorted((1, 7) & k), sorted([5] ^ k))
i, ei = d.items(), e.items()
print(sorted(i - ei), sorted(i & ei), sorted(i ^ ei), sorted(i | ei))
print(k == {1, 2, 3}, k == [1, 2, 3], k < {1, 2, 3, 4}, k <= k, k > {1}, ek >= {2}, k != ek)
print({1, 2, 3} == k, k.isdisjoint([7, 8]), k.isdisjoint(ek), i.isdisjoint([(1, 'a')]))
print(d.values() == d.values())
try: d.values() - ek
except TypeError as x: print("TypeError", x)
