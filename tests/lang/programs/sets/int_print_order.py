# Checks: printed order of int sets matches CPython's hash-table layout (collisions, negatives, growth, removal).
print({8, 1}, {1, 8}, {16, 0, 8}, {10, 2, 5}, {-1, -2, 3})
s = set()
for v in [100, 3, 35, 67, 7, 64]:
    s.add(v)
print(s)
big = set()
for i in range(20, 0, -1):
    big.add(i * 5)
print(big)
for v in [5, 50, 100]:
    big.discard(v)
big.add(33)
print(big)
print(set([40, 8, 16, 32, 24]), {2 ** 40, 1, 2 ** 40 + 1})
