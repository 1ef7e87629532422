# Checks: dir(module) lists the module's __dict__, not the module type's attributes
# (__class__, __eq__...), as CPython's module.__dir__; a __dir__ in the module's dict
# (PEP 562) is called instead; a subclass of ModuleType lists its instances' dicts too.
import json
import math
import sys
import types

print(dir(math) == sorted(vars(math)), "__class__" in dir(sys), "__eq__" in dir(json), "dumps" in dir(json))
m = types.ModuleType("m", "the doc")
print(dir(m))
m.x = 1
m._y = 2
print(dir(m))
m.__dir__ = lambda: ["zeta", "alpha"]
print(dir(m), types.ModuleType.__dir__(m))
del m.__dir__
print(m.__dir__())


class Sub(types.ModuleType):
    extra = 1

    def method(self):
        return self


s = Sub("s")
s.attr = 3
print(dir(s), s.extra, s.method() is s)
print(dir(types.ModuleType) == sorted(set(dir(types.ModuleType))), "__dir__" in dir(types.ModuleType))
print(types.ModuleType.__dir__.__name__)
