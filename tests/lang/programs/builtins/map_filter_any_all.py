# Checks: map (one and several iterables), filter (function and None), any and all on empty and mixed inputs.
print(list(map(str, [1, 2, 3])), list(map(lambda a, b: a - b, [10, 20], [1, 2, 3])), list(map(abs, [])))
print(list(filter(lambda x: x % 2, range(10))), list(filter(None, [0, "", None, 3, "a", [], [0]])))
print(any([]), all([]), any([0, "", None]), any([0, 1]), all([1, "x", [0]]), all([1, 0]))
m = map(lambda x: x * 10, [1, 2, 3])
print(next(m), list(m), list(m))
print(any(x > 2 for x in range(5)), all(c.isalpha() for c in "abc1"))
