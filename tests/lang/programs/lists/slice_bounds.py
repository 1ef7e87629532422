# Checks: every bound and step of a slice against list, tuple and str, as CPython places them
# (vm/subscripts.pxi: slice_indices), and the bounds that take CPython's own slice:
# bools, big ints, a huge step.
xs = list(range(10))
t = tuple(xs)
s = "abcdefghij"
vals = [None, -15, -10, -9, -3, -1, 0, 1, 2, 5, 9, 10, 11, 15]
steps = [None, -15, -3, -2, -1, 1, 2, 3, 15]
out = []
for a in vals:
    for b in vals:
        for c in steps:
            out.append((xs[a:b:c], t[a:b:c], s[a:b:c]))
print(len(out), out)
try:
    xs[1:2:0]
except ValueError as e:
    print("ValueError", e)
print(xs[True:], s[False:True], xs[2**70:], xs[-2**70:3], s[::-2**65], xs[::2**65], t[-2**64::-1])
y = list(range(10)); y[2:5] = [7]; print(y)
y[::2] = "abcd"; print(y)
y[-100:100] = [1]; print(y)
y[5:2] = [8, 9]; print(y)
