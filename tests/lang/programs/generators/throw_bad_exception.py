# Checks: generator.throw(cls) where making the exception fails or makes no exception: the TypeError (or what cls() raised) is thrown in at the yield, as CPython's PyErr_NormalizeException; read-only members say "readonly attribute"; classmethod() and staticmethod() take no keyword arguments.
class E(Exception):
    def __new__(cls, *args, **kwargs):
        return cls


class Broken(Exception):
    def __init__(self):
        raise KeyError("in __init__")


def boring():
    yield


def catching():
    while True:
        try:
            yield
        except Exception as e:
            print("caught inside:", type(e).__name__, str(e).replace(__name__, "M"))


for cls in (E, Broken):
    g = boring()
    try:
        g.throw(cls)
    except Exception as e:
        print("raised out:", type(e).__name__, str(e).replace(__name__, "M"))
    print(next(g, "ended"))
    g = catching()
    next(g)
    g.throw(cls)

p = property()
for attr in ("fget", "fset", "fdel"):
    try:
        setattr(p, attr, 1)
    except AttributeError as e:
        print(attr, e)
try:
    (lambda: 0).__globals__ = {}
except AttributeError as e:
    print("__globals__", e)
for maker in (classmethod, staticmethod):
    try:
        maker(len, kw=1)
    except TypeError as e:
        print(e)
