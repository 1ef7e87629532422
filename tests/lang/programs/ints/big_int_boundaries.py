# Checks: big ints at the edges of their byte and digit layouts (two's complement bytes, CPython's
# 30-bit digits, the 63-bit tagged ints): each value survives the trip into the VM and back.
edges = []
for bits in list(range(60, 70)) + [93, 94, 95, 96, 120, 127, 128, 129, 150, 255, 256, 257, 1000]:
    for delta in (-1, 0, 1):
        edges.append(2 ** bits + delta)
        edges.append(-(2 ** bits) + delta)
total = 0
for x in edges:
    y = x * 3 - 1
    total += y // 7
    print(x, -x, x + 1, x - 1, y % 1000003, x >> 3, x & 0xFFFF_FFFF_FFFF, abs(x) == abs(-x))
print(total, sum(edges), max(edges), min(edges))
print([hash(x) for x in edges[:12]])
