# Checks: list slicing with positive/negative steps, out-of-range bounds, and copies vs aliases.
xs = list(range(10))
print(xs[2:7], xs[:4], xs[6:], xs[-3:], xs[:-7], xs[::3], xs[1::3], xs[::-1], xs[::-3])
print(xs[7:2:-1], xs[7:2:-2], xs[-2:-8:-2], xs[2:7:-1], xs[20:], xs[-20:3], xs[3:-20:-1])
print(xs[5:5], xs[9:100:4], xs[100:0:-4])
c = xs[:]
c[0] = 99
print(xs[0], c[0], c == xs, xs[:] == xs)
a = xs
a[0] = -1
print(xs[0])
try:
    xs[::0]
except ValueError as e:
    print("ValueError:", e)
