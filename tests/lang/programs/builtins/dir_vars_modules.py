# Checks: dir(module) is the names of the module's dict (vars(module)'s), or what its own __dir__ (PEP 562) returns, sorted; deleting an instance's __dict__ empties it, and only a dict may replace it.
import sys
import types

print(set(vars(sys)) == set(dir(sys)), "exit" in dir(sys), "__class__" in dir(sys))
m = types.ModuleType("m", "doc")
m.x = 1
print(dir(m))
m.__dir__ = lambda: ["b", "a", "c"]
print(dir(m))


class C:
    pass


a = C()
a.__dict__ = {"b": 1}
print(a.b, a.__dict__)
for bad in None, [], 1:
    try:
        a.__dict__ = bad
    except TypeError as e:
        print("TypeError:", e)
del a.__dict__
print(a.__dict__, hasattr(a, "b"))
a.c = 3
print(a.__dict__, vars(a))
