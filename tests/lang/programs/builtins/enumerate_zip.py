# Checks: enumerate (with start) and zip (unequal lengths, three iterables, empty) including lazy consumption.
print(list(enumerate("abc")), list(enumerate(["x", "y"], 1)), list(enumerate([], 5)))
print(list(zip([1, 2, 3], "ab")), list(zip()), list(zip([1], [2], [3])), list(zip(range(3), range(10, 13))))
for i, (a, b) in enumerate(zip("xyz", [10, 20, 30])):
    print(i, a, b)
names = ["a", "b"]
vals = [1, 2]
print(dict(zip(names, vals)))
e = enumerate("hi")
print(next(e), next(e), next(e, None))
