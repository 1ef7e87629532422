# Checks: dict equality ignores order, containment tests keys, and iterating while building a new dict.
a = {"x": 1, "y": 2}
b = {"y": 2, "x": 1}
print(a == b, a != b, a == {"x": 1}, "x" in a, 1 in a, "x" not in a)
inv = {v: k for k, v in a.items()}
print(inv)
copy = dict(a)
copy["z"] = 3
print(a, copy, len(a), len(copy))
print(list(a.items()) == [("x", 1), ("y", 2)], bool({}), bool({0: 0}))
