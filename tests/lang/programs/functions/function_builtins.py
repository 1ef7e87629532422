# Checks: a function's __builtins__ is the builtins of its globals: the module's for ordinary code, the {'__builtins__': ...} dict that eval or exec ran it under (namedtuple's __new__ is made under an empty one), and __globals__ keeps that entry as given.
import builtins
from collections import namedtuple


def plain():
    pass


print(plain.__builtins__ is builtins.__dict__)
C = namedtuple("C", ())
print(C.__new__.__globals__["__builtins__"], C.__new__.__builtins__)
print(C(), C._make([]))

namespace = {"__builtins__": {"len": len}}
f = eval("lambda s: len(s)", namespace)
print(sorted(f.__builtins__), f("abc"), f.__globals__["__builtins__"] is namespace["__builtins__"])
g = eval("lambda: 1", {})
print(g.__builtins__ is builtins.__dict__, g())
scope = {"__builtins__": builtins}
exec("def h(): return abs(-2)", scope)
print(scope["h"].__builtins__ is builtins.__dict__, scope["h"]())
