# Checks: code run by exec()/eval() under globals whose __builtins__ is not the builtins reads its builtin names (and class statements their __build_class__) there, as CPython: an empty dict hides print, a dict subclass is asked through its __getitem__, a module stands for its dict, anything else is subscripted; the same code under the real builtins still sees them.
import builtins

code = compile("print('Hello World!')", "", "exec")
for b in {}, 123, None:
    try:
        exec(code, {"__builtins__": b})
    except (NameError, TypeError) as e:
        print(type(e).__name__ + ":", e)
exec(code, {"__builtins__": builtins})
exec(code, {"__builtins__": builtins.__dict__})
exec(code, {})


class frozendict_error(Exception):
    pass


class frozendict(dict):
    def __setitem__(self, key, value):
        raise frozendict_error("frozendict is readonly")


frozen = frozendict(builtins.__dict__)
try:
    exec(compile("__builtins__['superglobal'] = 2; print(superglobal)", "test", "exec"), {"__builtins__": frozen})
except frozendict_error as e:
    print("frozendict_error:", e)

klass = compile("class A: pass\nprint(A.__name__)", "", "exec")
for b in {}, frozendict():
    try:
        exec(klass, {"__builtins__": b})
    except NameError as e:
        print("NameError:", e)
exec(klass, {"__builtins__": frozen})


class customdict(dict):
    pass


superglobal = compile("superglobal", "test", "eval")
print(eval(superglobal, {"__builtins__": customdict({"superglobal": 1})}))
try:
    eval(superglobal, {"__builtins__": customdict()})
except NameError as e:
    print("NameError:", e)


class loud(dict):
    def __getitem__(self, key):
        print("getitem", key)
        return dict.__getitem__(self, key)


print(eval("len('abc') + superglobal", {"__builtins__": loud(len=len, superglobal=10)}))


class setonlyerror(Exception):
    pass


class setonlydict(dict):
    def __getitem__(self, key):
        raise setonlyerror("no")


try:
    exec(compile("superglobal", "test", "exec"), {"__builtins__": setonlydict({"superglobal": 1})})
except setonlyerror as e:
    print("setonlyerror:", e)

# functions made by the exec'd code read the same builtins, in a loop too
ns = {"__builtins__": {"range": lambda n: [n, n + 1]}}
exec("def f():\n    total = 0\n    for i in range(3):\n        total += i\n    return total", ns)
print(ns["f"](), ns["f"]())
try:
    exec("def g():\n    return len('x')\nprint(g())", ns)
except NameError as e:
    print("NameError:", e)
print(len("still here"))
