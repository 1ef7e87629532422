# Checks: float-heavy allocation: repeated matrix products of boxed floats in nested lists.
# gc-debug: VMSAMPLE_GC_STRESS=61
def matmul(a, b):
    n = len(a)
    m = len(b[0])
    k = len(b)
    out = []
    for i in range(n):
        row = []
        ai = a[i]
        for j in range(m):
            s = 0.0
            for t in range(k):
                s += ai[t] * b[t][j]
            row.append(s)
        out.append(row)
    return out
n = 24
a = [[(i * n + j) % 7 / 7.0 for j in range(n)] for i in range(n)]
ident = [[1.0 if i == j else 0.0 for j in range(n)] for i in range(n)]
m = a
for _ in range(6):
    m = matmul(m, ident)
    m = [[x * 0.5 + 0.25 for x in row] for row in m]
print(round(sum(sum(r) for r in m), 6), m[0][:3], m[-1][-1])
