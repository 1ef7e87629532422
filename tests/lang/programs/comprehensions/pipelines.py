# Checks: chained generator pipelines built from comprehensions, zip, map, filter and enumerate.
nums = range(1, 31)
evens = (n for n in nums if n % 2 == 0)
squares = (n * n for n in evens)
small = [s for s in squares if s < 500]
print(small)
pairs = [(i, w) for i, w in enumerate("one two three four".split(), 1) if len(w) > 3]
print(pairs)
print(list(map(lambda a, b: a * b, [1, 2, 3], [4, 5, 6])), list(filter(None, [0, 1, "", "x", None, 2])))
print([a + b for a, b in zip("abc", "xyz")], sum(a * b for a, b in zip(range(5), range(5, 10))))
