# Checks: repr of self-referencing lists and dicts prints [...] / {...} instead of recursing forever.
a = [1, 2]
a.append(a)
print(a, len(a), a[2] is a)
d = {"k": 1}
d["self"] = d
print(d)
outer = [[]]
outer[0].append(outer)
print(outer, str(outer), repr(outer) == str(outer))
