# Checks: isinstance with builtin types and tuples, hasattr/getattr/setattr with defaults, type(x).__name__ of values.
vals = [1, 1.5, "s", True, None, [1], (1,), {1: 1}, {1}, range(2)]
for v in vals:
    print(type(v).__name__, isinstance(v, int), isinstance(v, (str, list)))
print(isinstance(True, int), isinstance(1, bool), isinstance(1, float), isinstance(1.0, (int, float)))
class Obj:
    a = 1
o = Obj()
print(hasattr(o, "a"), hasattr(o, "b"), getattr(o, "a"), getattr(o, "b", "dflt"))
setattr(o, "b", 2)
print(hasattr(o, "b"), o.b, getattr(o, "b"), hasattr("str", "upper"), hasattr(5, "upper"))
try:
    getattr(o, "zzz")
except AttributeError as e:
    print("AttributeError:", e)
