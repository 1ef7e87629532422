# Checks: dict literals, dict() from pairs and keywords, int/tuple/float keys, equal keys 1 and 1.0 and True.
d = dict([("a", 1), ("b", 2)])
print(d, dict(x=1, y=2), dict(), {}, dict(d), d == {"b": 2, "a": 1})
mixed = {1: "int", 2.5: "float", (1, 2): "tuple", "s": "str", None: "none", False: "false"}
print(mixed, mixed[(1, 2)], mixed[None])
same = {1: "a"}
same[1.0] = "b"
same[True] = "c"
print(same, len(same))
print({0: 0, 0.0: 1}, {-1: "neg", -2: "neg2"})
counts = {}
for ch in "abracadabra":
    counts[ch] = counts.get(ch, 0) + 1
print(counts)
