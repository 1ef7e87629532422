# Checks: lexicographic tuple comparison, equality, tuples as dict keys and set members, sorting tuples.
print((1, 2) < (1, 3), (1, 2) < (1, 2, 0), (2,) > (1, 9, 9), (1, 2) == (1, 2), (1, 2) != (2, 1))
print((1, "a") < (1, "b"), () < (0,), (1, 2) <= (1, 2), (3, 0) >= (2, 99))
grid = {}
for x in range(3):
    for y in range(3):
        grid[(x, y)] = x * 3 + y
print(grid[(1, 2)], grid[2, 0], (0, 0) in grid, (5, 5) in grid)
seen = set()
for p in [(1, 2), (2, 1), (1, 2), (0, 0)]:
    seen.add(p)
print(len(seen), (2, 1) in seen)
pairs = [(3, "c"), (1, "z"), (2, "b"), (1, "a")]
print(sorted(pairs), sorted(pairs, reverse=True), min(pairs), max(pairs))
print(hash((1, 2)) == hash((1, 2)), (1, 2) == (1.0, 2.0))
