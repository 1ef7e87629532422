# Checks: multiple return values as tuples, early returns from loops, and implicit None.
def minmax(xs):
    lo = hi = xs[0]
    for x in xs:
        if x < lo:
            lo = x
        if x > hi:
            hi = x
    return lo, hi
lo, hi = minmax([4, -2, 9, 0])
print(lo, hi, minmax([7]))
def find(xs, target):
    for i, x in enumerate(xs):
        if x == target:
            return i
    return -1
print(find([5, 6, 7], 7), find([], 1), find([1, 1], 1))
def side_effect(log):
    log.append("called")
log = []
print(side_effect(log), log)
