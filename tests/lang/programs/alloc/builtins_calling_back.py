# Checks: builtins that call back into program code which allocates (sort keys, map, join, dict/set/list builders) while holding other objects.
class Rec:
    def __init__(self, a, b):
        self.a = a
        self.b = b
    def __repr__(self):
        return "Rec(" + str(self.a) + ", " + repr(self.b) + ")"
recs = [Rec(i * 7 % 31, "n" + str(i)) for i in range(300)]
by_key = sorted(recs, key=lambda r: (r.a, str(r.b) + "!"))
print(by_key[:3], by_key[-1])
recs.sort(key=lambda r: [r.b[::-1], r.a])
print(recs[:2])
print(min(recs, key=lambda r: (r.a, [r.b])), max(recs, key=lambda r: str(r.a) + r.b))
joined = "-".join(str(r.a) + "/" + r.b for r in recs[:40])
print(len(joined), joined[:40])
table = dict((r.b, [r.a] * 2) for r in recs)
table.update((str(k), (k, float(k))) for k in range(100))
print(len(table), table["n5"], table["99"])
s = set(str(r.a * 1.5) for r in recs)
print(len(s), sorted(s)[:3])
ys = []
ys.extend([r.a, r.b] for r in recs if r.a > 25)
print(len(ys), ys[:2])
floats = list(map(lambda r: r.a / 3, recs))
print(round(sum(x * 1.0 for x in floats), 6), sum(floats[:10]))
pairs = list(zip((r.b for r in recs), map(str, range(300))))
print(pairs[:2], len(pairs), any(a == b for a, b in pairs), all(len(a) > 1 for a, b in pairs))
print(list(filter(lambda r: str(r.a).endswith("3"), recs))[:3])
print(list(enumerate(r.b + "?" for r in recs[:3])), list(reversed([str(r.a) for r in recs[:4]])))
