# Checks: hasattr and getattr with a default answer a miss without raising, on every kind of object
# (built-in values and types, host-backed modules, classes with __getattr__ or __getattribute__),
# leave the exception being handled as it was, and still propagate errors other than AttributeError.
import sys
import types


class Dynamic:
    def __getattr__(self, name):
        if name.startswith("dyn_"):
            return name[4:]
        raise AttributeError(name)


class Guarded:
    def __getattribute__(self, name):
        if name == "secret":
            raise AttributeError("guarded")
        if name == "broken":
            raise KeyError(name)
        return object.__getattribute__(self, name)


lazy = types.ModuleType("lazy")
lazy.__getattr__ = lambda name: f"lazy {name}" if name == "computed" else (_ for _ in ()).throw(AttributeError(name))

targets = [1, 2.5, "s", b"b", [], (), {}, set(), len, int, object(), object, Dynamic(), Guarded(), lazy,
           sys, memoryview(b"xy"), range(3), None, ...]
for t in targets:
    row = [hasattr(t, n) for n in ("real", "__len__", "append", "dyn_x", "secret", "computed", "nope")]
    got = [getattr(t, n, "-") for n in ("dyn_y", "computed", "nope")]
    print(type(t).__name__, row, got)

try:
    raise ValueError("being handled")
except ValueError:
    misses = sum(not hasattr(t, "nope") for t in targets) + sum(getattr(t, "nope", 0) == 0 for t in targets)
    print(misses, sys.exc_info()[0].__name__, sys.exc_info()[1])

for name in ("broken",):
    for call in (lambda: hasattr(Guarded(), name), lambda: getattr(Guarded(), name, None)):
        try:
            call()
        except KeyError as e:
            print("KeyError", e)
try:
    hasattr(1, 2)
except TypeError as e:
    print("TypeError", e)
try:
    getattr(1, "nope")
except AttributeError as e:
    print("AttributeError", e, e.name, e.obj)
