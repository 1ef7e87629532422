# Checks: iter() on lists, strings, dicts, tuples, ranges; next() with and without default; iterator exhaustion.
for src in [[1, 2], "ab", {"k": 1, "j": 2}, (3,), range(2), {7}]:
    it = iter(src)
    print(type(src).__name__, next(it), list(it), next(it, "done"))
it = iter([1])
print(next(it))
try:
    next(it)
except StopIteration:
    print("exhausted")
d = {"a": 1}
for k in iter(d):
    print(k, d[k])
