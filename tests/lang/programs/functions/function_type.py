# Checks: types.FunctionType(code, globals, name=None, argdefs=None,
# closure=None) makes a function as CPython's does (it once raised "cannot
# create 'function' instances"; networkx copies functions so): a copy with
# another name, defaults and closure; a copy under another globals dict
# reads its names there (and two copies under one dict share it); each
# argument's checks and messages, by position and by keyword.
import types

SCALE = 10


def scaled(x, y=2):
    "Scale a sum."
    return (x + y) * SCALE


def copyfunc(f, name=None):
    # networkx's isomorphism.matchhelpers.copyfunc
    return types.FunctionType(f.__code__, f.__globals__, name or f.__name__, f.__defaults__, f.__closure__)


c = copyfunc(scaled, "renamed")
print(c(1), c(1, 3), c.__name__, c.__qualname__, c.__doc__, c.__module__, c is scaled)
print(c.__defaults__, c.__kwdefaults__, c.__closure__, c.__globals__ is globals())
print(types.FunctionType(scaled.__code__, globals())(4, 0), type(c) is types.FunctionType)
bare = types.FunctionType(scaled.__code__, globals())
print(bare.__defaults__, bare.__name__)
try:
    bare(1)
except TypeError as e:
    print("TypeError", e)
print(types.FunctionType(scaled.__code__, globals(), argdefs=(5, 6))())


def counter():
    n = 0

    def step(by=1):
        nonlocal n
        n += by
        return n
    return step


step = counter()
twin = types.FunctionType(step.__code__, step.__globals__, "twin", (10,), step.__closure__)
print(step(), twin(), step(), twin.__name__, len(twin.__closure__))

other = {"SCALE": 100, "__name__": "elsewhere"}
moved = types.FunctionType(scaled.__code__, other, None, (0,))
print(moved(1), moved.__module__, moved.__globals__ is other, moved.__name__)
other["SCALE"] = 1000
print(moved(1), scaled(1))
again = types.FunctionType(scaled.__code__, other)
print(again(1, 1), again.__globals__ is moved.__globals__)


def setter(v):
    global SCALE
    SCALE = v


types.FunctionType(setter.__code__, other)(7)
print(other["SCALE"], SCALE)


def kwonly(a, *, b=1):
    return a, b


k = types.FunctionType(kwonly.__code__, globals())
print(k.__kwdefaults__)
try:
    k(1)
except TypeError as e:
    print("TypeError", e)
k.__kwdefaults__ = {"b": 9}
print(k(1))

F = types.FunctionType
code = scaled.__code__
for args, kwargs in [((), {}), ((code,), {}), ((1, {}), {}), ((code, []), {}), ((code, {}, 1), {}),
                     ((code, {}, None, [1]), {}), ((code, {}, None, None, (1,)), {}),
                     ((code, {}, None, None, 5), {}), ((code, {}), {"x": 1}),
                     ((code, {}, None, None, None, 6), {}), ((code, {}), {"code": 1}),
                     ((), {"code": code, "globals": {}, "name": "kw"}), ((), {"globals": {}}),
                     ((), dict(code=code, globals={}, name=None, argdefs=None, closure=None, x=1)),
                     ((step.__code__, {}), {}), ((step.__code__, {}, None, None, ()), {}),
                     ((step.__code__, {}, None, None, (1,)), {}),
                     ((step.__code__, {}, None, None, step.__closure__ * 2), {})]:
    try:
        f = F(*args, **kwargs)
        print("made", f.__name__)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
