# Checks: tuple/list unpacking in assignments, swaps, nested targets and for loops.
a, b = 1, 2
a, b = b, a
print(a, b)
(x, y), z = (3, 4), 5
[p, q] = "pq"
print(x, y, z, p, q)
for i, (name, score) in enumerate([("ann", 90), ("bob", 72)]):
    print(i, name, score)
a = b = c = [0]
a.append(1)
print(a, b, c, a is c)
m, n = divmod(17, 5)
print(m, n)
k, v = {"only": 1}.popitem()
print(k, v)
first, second = "ab"
print(first, second)
