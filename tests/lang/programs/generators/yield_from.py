# Checks: yield from delegation, the value a sub-generator returns, and nested delegation.
def inner(n):
    for i in range(n):
        yield i
    return n * 100
def outer():
    r = yield from inner(3)
    print("inner returned", r)
    r2 = yield from inner(0)
    yield r + r2
    yield from [7, 8]
    yield from "ab"
print(list(outer()))
def tree(t):
    if isinstance(t, list):
        for c in t:
            yield from tree(c)
    else:
        yield t
print(list(tree([1, [2, [3, 4], [[5]]], 6])))
def chain(*its):
    for it in its:
        yield from it
print(list(chain(range(2), (9,), [])))
