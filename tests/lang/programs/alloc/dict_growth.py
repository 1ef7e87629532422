# Checks: dicts grow and shrink through many resizes while other garbage is allocated; order and contents stay correct.
# gc-debug: VMSAMPLE_GC_STRESS=31
d = {}
for i in range(20000):
    d[i] = [i]
    if i % 2:
        d.pop(i - 1)
print(len(d), list(d)[:5], sum(v[0] for v in d.values()))
sd = {}
for i in range(5000):
    sd["key" + str(i % 1500)] = (i, "v" * (i % 5))
print(len(sd), sd["key0"], sd["key1499"], list(sd)[:3])
nested = {}
for i in range(3000):
    nested.setdefault(i % 37, {})[i] = float(i)
print(len(nested), len(nested[0]), sum(nested[36].values()))
