# Checks: breakpoint() calls sys.breakpointhook, whose default reads $PYTHONBREAKPOINT:
# "module.attr" or a builtin's name is the hook, "0" none, empty or unset
# pdb.set_trace, and a name that cannot be imported is ignored with a warning.
import os
import sys
import warnings


def fake_set_trace(*args, **kws):
    print("  pdb.set_trace called with", args, sorted(kws.items()))
    return "pdb"


import pdb
pdb.set_trace = fake_set_trace
os.environ.pop("PYTHONBREAKPOINT", None)
print("unset:", breakpoint())

for value in ("", "0", "int", "sys.getrecursionlimit", "os.path.join",
              ".", "..", ".foo", "foo.", ".int", "int.", "..foo.bar", "/./",
              "nosuchbuiltin", "nosuchmodule.nosuchcallable"):
    os.environ["PYTHONBREAKPOINT"] = value
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        if value == "int":
            result = breakpoint("7")
        elif value == "os.path.join":
            result = breakpoint("a", "b")
        elif value == "sys.getrecursionlimit":
            result = breakpoint() > 0
        else:
            result = breakpoint()
    print(repr(value), "->", repr(result), [(w.category.__name__, str(w.message)) for w in caught])

os.environ["PYTHONBREAKPOINT"] = "sys.exit"
sys.breakpointhook = lambda *a, **k: ("own hook", a, sorted(k.items()))
print(breakpoint(1, 2, three=3))
sys.breakpointhook = sys.__breakpointhook__
del os.environ["PYTHONBREAKPOINT"]
print(breakpoint(4, five=5))
try:
    sys.breakpointhook = lambda: None
    breakpoint(1)
except TypeError as e:
    print("TypeError:", e)
