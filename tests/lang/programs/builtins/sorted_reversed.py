# Checks: sorted() with key and reverse on many iterables; reversed() on lists, strings, ranges and tuples.
print(sorted([3, 1, 2]), sorted("cba"), sorted((2, 1)), sorted({3: "x", 1: "y"}), sorted({5, 4}))
print(sorted([3, 1, 2], reverse=True), sorted(["b", "A", "c"], key=lambda s: s.lower()))
data = [("x", 2), ("y", 1), ("z", 2)]
print(sorted(data, key=lambda t: t[1], reverse=True))
print(list(reversed([1, 2, 3])), list(reversed("abc")), list(reversed(range(3))), list(reversed((1, 2))))
xs = [1, 2, 3]
r = reversed(xs)
print(next(r), list(r), xs)
try:
    sorted([1, "a"])
except TypeError as e:
    print("TypeError:", e)
