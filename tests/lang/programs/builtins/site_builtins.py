# Checks: the names CPython's site module puts into builtins (exit, quit, copyright, credits,
# license, help): their reprs and types, exit()/quit() raising SystemExit with their argument,
# found as globals, as names at module level, in exec'd code, as attributes of builtins and by
# `from builtins import`; one object per name; `del builtins.exit` removes it for good.
import builtins

print(repr(exit), repr(quit), type(exit).__name__, type(help).__name__)
print(repr(help))
print(repr(copyright)[:9], repr(license))
print(str(credits).split()[:4], type(copyright).__name__, type(license).__name__)
print(type(exit).__module__, exit is builtins.exit, quit is not exit)
print(sorted(n for n in ("exit", "quit", "copyright", "credits", "license", "help") if hasattr(builtins, n)))
for f, args in ((exit, ()), (exit, (3,)), (quit, ("bye",))):
    try:
        f(*args)
    except SystemExit as e:
        print("SystemExit", e.code)


def in_function():
    return quit, credits


print(in_function() == (quit, credits), in_function() == (quit, credits))
g = {}
exec("def f():\n    return exit\nr = (repr(f()), repr(quit))", g)
print(g["r"])
from builtins import help as h
print(h is help, getattr(builtins, "license") is license)
del builtins.exit
try:
    exit
except NameError as e:
    print("NameError", e)
print(hasattr(builtins, "exit"), getattr(builtins, "exit", "gone"))
builtins.exit = quit
print(repr(exit))
quit(0)
