# Checks: type(x).__name__ for every kind of value, and type() identity comparisons.
class K:
    pass
def f():
    yield 1
for v in [0, 0.0, "", None, True, [], (), {}, set(), K(), K, f, f(), lambda: 1, len, range(1), zip(), map(str, []), ValueError()]:
    print(type(v).__name__)
print(type(1) == int, type(True) == int, type("a") == str, type(K()) == K, type([]) is list, type(K) is type)
