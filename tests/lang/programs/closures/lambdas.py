# Checks: lambdas with defaults and closures, the late-binding pitfall and its default-argument fix.
sq = lambda x: x * x
add = lambda a, b=10: a + b
print(sq(7), add(1), add(1, 2), (lambda: "no args")())
late = [lambda: i for i in range(3)]
early = [lambda i=i: i for i in range(3)]
print([f() for f in late], [f() for f in early])
def multiplier(n):
    return lambda x: x * n
double, triple = multiplier(2), multiplier(3)
print(double(21), triple("ab"), list(map(lambda p: p[0] * p[1], [(1, 2), (3, 4)])))
key = lambda s: (len(s), s)
print(sorted(["ccc", "a", "bb", "aa", "b"], key=key))
