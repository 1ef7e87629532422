# Checks: list comprehensions with conditions, nested for clauses, nested comprehensions and expressions.
print([x * x for x in range(10)], [x for x in range(20) if x % 3 == 0 if x % 2 == 0])
print([(x, y) for x in range(3) for y in range(x)], [c.upper() for c in "abc"])
matrix = [[1, 2, 3], [4, 5, 6]]
print([[row[i] for row in matrix] for i in range(3)], [v for row in matrix for v in row])
print([x if x % 2 else -x for x in range(6)], [len(w) for w in "the quick brown".split()])
print([[]for _ in range(2)], [i for i in []], [s + "!" for s in ("a", "b")])
