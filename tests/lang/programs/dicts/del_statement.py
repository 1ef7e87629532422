# Checks: the del statement on dict keys, list items, list slices and names.
d = {"a": 1, "b": 2, "c": 3}
del d["b"]
print(d)
d["b"] = 4
print(d)
xs = list(range(10))
del xs[0]
del xs[-1]
print(xs)
del xs[1:3]
print(xs)
del xs[::2]
print(xs)
name = 5
del name
try:
    print(name)
except NameError as e:
    print("NameError:", e)
try:
    del d["zz"]
except KeyError as e:
    print("KeyError:", e)
