# Checks: several live generators interleaved, generators closing over locals, and iter() on them.
def counter(tag, n):
    for i in range(n):
        yield tag + str(i)
a = counter("a", 3)
b = counter("b", 2)
print(next(a), next(b), next(a), next(b), next(a), next(b, None))
def windows(xs, k):
    for i in range(len(xs) - k + 1):
        yield xs[i:i + k]
print(list(windows([1, 2, 3, 4, 5], 3)))
gen = counter("z", 2)
print(iter(gen) is gen, list(gen))
def running_avg():
    total = 0.0
    n = 0
    for x in [2, 4, 9, 1]:
        total += x
        n += 1
        yield total / n
print(list(running_avg()))
