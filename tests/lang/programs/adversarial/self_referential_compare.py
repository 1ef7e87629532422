# Checks: ==, !=, <, `in` between distinct self-referential containers raise
# RecursionError (the VM once crashed with SIGSEGV; found again by
# tools/fuzz_vm.py), while identical ones compare by identity and repr shows [...].
a = [1]; a.append(a)
b = [1]; b.append(b)
print(a, a == a, a in [a], len(repr(a)))
for name, test in [("==", lambda: a == b), ("!=", lambda: a != b), ("<", lambda: a < b),
                   ("in", lambda: a in [b]), ("tuple ==", lambda: (a,) == (b,))]:
    try:
        print(name, test())
    except RecursionError as e:
        print(name, "RecursionError:", e)
d = {"k": 1}; d["me"] = d
e = {"k": 1}; e["me"] = e
print(d)
try:
    print(d == e)
except RecursionError as err:
    print("RecursionError:", err)
m = [{}]; m[0]["up"] = m
n = [{}]; n[0]["up"] = n
try:
    print(m == n)
except RecursionError as err:
    print("RecursionError:", err)
print("still running", a[0], d["k"])
