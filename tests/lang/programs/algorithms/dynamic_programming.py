# Checks: 2-D dynamic programming tables: edit distance, longest common subsequence and 0/1 knapsack.
def edit_distance(a, b):
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
        prev = cur
    return prev[-1]
def lcs(a, b):
    table = [[""] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) - 1, -1, -1):
        for j in range(len(b) - 1, -1, -1):
            if a[i] == b[j]:
                table[i][j] = a[i] + table[i + 1][j + 1]
            else:
                table[i][j] = max(table[i + 1][j], table[i][j + 1], key=len)
    return table[0][0]
def knapsack(items, capacity):
    best = [0] * (capacity + 1)
    for weight, value in items:
        for c in range(capacity, weight - 1, -1):
            best[c] = max(best[c], best[c - weight] + value)
    return best[capacity]
for a, b in [("kitten", "sitting"), ("flaw", "lawn"), ("", "abc"), ("same", "same")]:
    print(a, b, edit_distance(a, b), repr(lcs(a, b)))
print(knapsack([(12, 4), (2, 2), (1, 1), (1, 2), (4, 10)], 15), knapsack([], 10), knapsack([(5, 10)], 4))
