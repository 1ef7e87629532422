# Checks: recursion over nested list trees: flatten, depth, and a recursive permutations generator.
def flatten(t):
    out = []
    for x in t:
        if isinstance(x, list):
            out.extend(flatten(x))
        else:
            out.append(x)
    return out
def depth(t):
    if not isinstance(t, list):
        return 0
    return 1 + max([depth(x) for x in t] + [0])
tree = [1, [2, [3, [4, [5]]], 6], [[7]], []]
print(flatten(tree), depth(tree), depth([]), depth(3))
def perms(xs):
    if len(xs) <= 1:
        return [xs]
    out = []
    for i in range(len(xs)):
        for p in perms(xs[:i] + xs[i + 1:]):
            out.append([xs[i]] + p)
    return out
ps = perms([1, 2, 3, 4])
print(len(ps), ps[:4], ps[-1])
