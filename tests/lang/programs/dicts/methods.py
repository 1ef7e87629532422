# Checks: dict get/setdefault/pop/update/keys/values/items with defaults and missing keys.
d = {"a": 1, "b": 2}
print(d.get("a"), d.get("z"), d.get("z", 0), d.setdefault("c", 3), d.setdefault("a", 100), d)
print(d.pop("b"), d.pop("zz", "dflt"), d)
d.update({"x": 9, "a": -1})
d.update([("y", 8)])
print(d, len(d), "x" in d, 9 in d)
print(list(d.keys()), list(d.values()), list(d.items()))
for k, v in d.items():
    print(k, v, end="; ")
print()
try:
    d.pop("missing")
except KeyError as e:
    print("KeyError:", e)
try:
    print(d["nope"])
except KeyError as e:
    print("KeyError:", e)
