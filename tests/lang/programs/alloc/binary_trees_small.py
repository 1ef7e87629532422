# Checks: binary-tree allocation (short-lived trees plus one long-lived tree) with item checks, tuples as nodes.
# gc-debug: VMSAMPLE_GC_STRESS=211
def make(depth):
    if depth == 0:
        return (None, None)
    return (make(depth - 1), make(depth - 1))
def check(t):
    left, right = t
    if left is None:
        return 1
    return 1 + check(left) + check(right)
long_lived = make(12)
total = 0
for d in range(4, 13, 2):
    iters = 2 ** (12 - d + 4)
    c = 0
    for _ in range(iters):
        c += check(make(d))
    print(iters, "trees of depth", d, "check", c)
    total += c
print("long lived", check(long_lived), total)
