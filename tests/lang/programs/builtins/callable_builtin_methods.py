# Checks: callable() of built-in methods, bound and unbound (found by CPython's test_functools: partial(str.join, '')).
import functools

print(callable(str.join), callable("".join), callable(list.append), callable([].append), callable(dict.fromkeys))
join = functools.partial(str.join, "")
print(join(["a", "b"]), functools.partial("-".join)(["c", "d"]))
