# Checks: list +, *, in, ==, <, nested lists, list repetition aliasing and list() conversions.
a = [1, 2]
b = [3]
print(a + b, a * 3, [0] * 0, 2 * [None], [] + [], 2 in a, 5 not in a)
print([1, 2] == [1, 2], [1, 2] < [1, 3], [1, 2] < [1, 2, 0], [2] > [1, 100], [] < [0])
grid = [[0] * 3] * 2
grid[0][0] = 1
print(grid)
grid = [[0] * 3 for _ in range(2)]
grid[0][0] = 1
print(grid)
a += [4]
a *= 2
print(a, len(a))
print(list("abc"), list((1, 2)), list(range(3)), list({"k": 1, "j": 2}), list())
nested = [1, [2, [3, [4]]]]
print(nested, nested[1][1][1][0], len(nested))
