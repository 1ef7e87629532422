# Checks: slice assignment (growing, shrinking, extended slices) and slice deletion via assignment.
xs = list(range(8))
xs[2:4] = ["a", "b", "c"]
print(xs)
xs[1:6] = []
print(xs)
xs[0:0] = [10, 11]
print(xs)
xs[len(xs):] = [99]
print(xs)
ys = list(range(10))
ys[::2] = ["e"] * 5
print(ys)
ys[::-3] = [0, 0, 0, 0]
print(ys)
try:
    ys[::2] = [1, 2]
except ValueError as e:
    print("ValueError:", e)
zs = [1, 2, 3]
zs[:] = "xyz"
print(zs)
zs[-1:] = (7, 8)
print(zs)
