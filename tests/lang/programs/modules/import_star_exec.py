# Checks: `from M import *` in code that exec() runs or compile() compiles ('exec' and 'single', as doctest runs it) binds the names in the code's namespace: the globals, or the locals mapping exec was given (a dict or any mapping); in a class body it stays a SyntaxError.
import collections

ns = {}
exec("from math import *\nr = floor(pi)", ns)
print(ns["r"], "sqrt" in ns, "_" in ns)

single = {}
exec(compile("from string import *", "<doctest>", "single"), single)
print(sorted(k for k in single if k != "__builtins__")[:4])

g, loc = {}, {}
exec("from math import *", g, loc)
print("pi" in loc, "pi" in g)


class Recording(collections.UserDict):
    def __setitem__(self, key, value):
        self.order = getattr(self, "order", []) + [key]
        super().__setitem__(key, value)


rec = Recording()
exec("from os.path import *\ns = sep", {}, rec)
print(rec.order[:3], len(rec.order), rec["s"])

try:
    compile("class C:\n    from math import *", "<class>", "exec")
except SyntaxError as e:
    print("SyntaxError:", e.msg)
