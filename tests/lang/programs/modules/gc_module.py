# Checks: import gc: gc.collect() runs (returns an int) and live objects survive collections unchanged.
import gc
keep = [[i] * 3 for i in range(100)]
table = {i: str(i) for i in range(100)}
for round_ in range(3):
    junk = [[j] for j in range(1000)]
    n = gc.collect()
    print(type(n).__name__, n >= 0)
print(sum(sum(x) for x in keep), table[42], len(table), keep[99])
