# Checks: backtracking N-queens with sets and recursion; counts solutions for N = 1..8 and prints one board.
def solve(n):
    solutions = []
    cols = set()
    diag1 = set()
    diag2 = set()
    placed = []
    def place(row):
        if row == n:
            solutions.append(placed[:])
            return
        for c in range(n):
            if c in cols or row + c in diag1 or row - c in diag2:
                continue
            cols.add(c)
            diag1.add(row + c)
            diag2.add(row - c)
            placed.append(c)
            place(row + 1)
            placed.pop()
            cols.discard(c)
            diag1.discard(row + c)
            diag2.discard(row - c)
    place(0)
    return solutions
print([len(solve(n)) for n in range(1, 9)])
first = solve(6)[0]
for c in first:
    print("".join("Q" if i == c else "." for i in range(6)))
