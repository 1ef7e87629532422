# Checks: staticmethod and classmethod objects have a __dict__, as CPython 3.10+: it starts as
# their callable's __module__, __name__, __qualname__, __doc__ and __annotations__ (as functools.wraps
# copies them) and takes attributes (typing.final marks a classmethod so).
def f(a: int) -> str:
    "doc of f"
f.y = 2
for kind in (classmethod, staticmethod):
    c = kind(f)
    print(kind.__name__, c.__name__, c.__doc__, c.__qualname__, c.__module__, c.__annotations__)
    c.x = 1
    print(sorted(c.__dict__.items(), key=str), hasattr(f, "x"), c.x)
    del c.x
    print(hasattr(c, "x"), "__dict__" in kind.__dict__)
    try:
        del c.x
    except AttributeError as e:
        print("AttributeError", e)
    s = kind(len)
    print(s.__name__, s.__module__, sorted(s.__dict__))
    n = kind(None)
    print(n.__doc__, sorted(n.__dict__))


class Methods:
    @classmethod
    def clsmethod(cls):
        "cm doc"

    @staticmethod
    def stmethod():
        pass


import inspect
cm = inspect.getattr_static(Methods, "clsmethod")
cm.__final__ = True
print(cm.__final__, Methods.clsmethod.__name__, Methods.clsmethod(), cm.__doc__, Methods.stmethod.__doc__)
