# Checks: a nested function that calls itself through its own closure cell, and closures created in methods.
def count_paths(grid):
    rows = len(grid)
    cols = len(grid[0])
    memo = {}
    def walk(r, c):
        if r >= rows or c >= cols or grid[r][c] == "#":
            return 0
        if (r, c) == (rows - 1, cols - 1):
            return 1
        if (r, c) not in memo:
            memo[(r, c)] = walk(r + 1, c) + walk(r, c + 1)
        return memo[(r, c)]
    return walk(0, 0)
print(count_paths(["....", ".#..", "...#", "#..."]), count_paths(["."]), count_paths([".#", "#."]))
class Scaler:
    def __init__(self, k):
        self.k = k
    def make(self):
        return lambda x: x * self.k
s = Scaler(3)
f = s.make()
s.k = 4
print(f(10))
