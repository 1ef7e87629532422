# Checks: generator expressions: laziness, single use, consumption by sum/any/all/min/max/sorted.
g = (x * 2 for x in range(5))
print(next(g), next(g), list(g), list(g))
print(sum(x for x in range(101)), any(x > 3 for x in [1, 2, 5]), all(x > 0 for x in [1, 0]))
print(max(len(w) for w in ["a", "abc", "ab"]), min((x for x in [3, 1, 2])), sorted(c for c in "zyx"))
def noisy(n):
    for i in range(n):
        print("producing", i)
        yield i
print(any(v == 1 for v in noisy(5)))
gen = (y for y in noisy(2))
print("created")
print(list(gen))
print(type(g).__name__, dict((k, k + 1) for k in range(3)), tuple(x for x in "ab"))
