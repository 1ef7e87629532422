# Checks: module.__new__(module) makes a module with an empty dict and no __name__ (CPython's new_module); attributes set on it go into that dict (the VM required module's arguments of __new__).
from types import ModuleType as M

m = M.__new__(M)
print(hasattr(m, "__name__"), hasattr(m, "__file__"), hasattr(m, "foo"), m.__dict__)
m.foo = 1
print(m.__dict__, m.foo)
