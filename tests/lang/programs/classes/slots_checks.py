# Checks: the __slots__ checks CPython's type() makes: items must be str identifiers, no non-empty __slots__ under int/tuple/bytes, __dict__ and __weakref__ only once and only where the instances have none yet, a conflict with a class variable; __qualname__ and __classcell__ may be slots.
def attempt(make):
    try:
        cls = make()
        print("made", cls.__name__, sorted(k for k in cls.__dict__ if not k.startswith("__") or k in ("__dict__", "__weakref__")))
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)

class B:
    pass

class Slotted:
    __slots__ = ("a",)

attempt(lambda: type("A", (), {"__slots__": b"x"}))
attempt(lambda: type("A", (), {"__slots__": [None]}))
attempt(lambda: type("A", (int,), {"__slots__": "x"}))
attempt(lambda: type("A", (tuple,), {"__slots__": ("x", "y")}))
attempt(lambda: type("A", (int,), {"__slots__": ()}))
attempt(lambda: type("A", (str,), {"__slots__": "x"}))
for bad in ("", "42", "x\x00y", "foo bar", "a-b"):
    attempt(lambda: type("A", (), {"__slots__": bad}))
attempt(lambda: type("A", (), {"__slots__": ["a", "a_b", "_a", "A0123456789Z", "\u00e9t\u00e9"]}))
attempt(lambda: type("A", (), {"__slots__": "x", "x": 0}))
attempt(lambda: type("A", (), {"__slots__": ("__dict__", "__dict__")}))
attempt(lambda: type("A", (), {"__slots__": ("__weakref__", "__weakref__")}))
attempt(lambda: type("A", (), {"__slots__": ("__dict__", "__weakref__")}))
attempt(lambda: type("A", (B,), {"__slots__": "__dict__"}))
attempt(lambda: type("A", (B,), {"__slots__": "__weakref__"}))
attempt(lambda: type("A", (Slotted,), {"__slots__": "__dict__"}))
attempt(lambda: type("A", (Slotted,), {"__slots__": "__weakref__"}))
attempt(lambda: type("A", (int,), {"__slots__": "__weakref__"}))

class Meta(type):
    def __new__(cls, name, bases, namespace, attr):
        print(attr, attr in namespace)
        return super().__new__(cls, name, bases, namespace)

class C1:
    def __init__(self):
        self.b = 42

class C2(C1, metaclass=Meta, attr="__classcell__"):
    __slots__ = ["__classcell__"]
    def __init__(self):
        super().__init__()

print(type(C2.__dict__["__classcell__"]).__name__)
c = C2()
print(c.b, hasattr(c, "__classcell__"))
c.__classcell__ = 42
print(c.__classcell__)
try:
    class C3:
        __classcell__ = 42
        __slots__ = ["__classcell__"]
except TypeError as e:
    print("TypeError:", e)

class Q1(metaclass=Meta, attr="__qualname__"):
    __slots__ = ["__qualname__"]

print(Q1.__qualname__, type(Q1.__dict__["__qualname__"]).__name__)

class SubStr(str):
    pass

class WithSubStr:
    __slots__ = [SubStr("s")]

w = WithSubStr()
w.s = 5
print(w.s, type(WithSubStr.__dict__["s"]).__name__)

import abc

class MyABC(metaclass=abc.ABCMeta):
    __slots__ = "a"

class Unrelated:
    pass

MyABC.register(Unrelated)
u = Unrelated()
print(isinstance(u, MyABC))
for call in (lambda: MyABC.a.__set__(u, 3), lambda: MyABC.a.__get__(u), lambda: MyABC.a.__delete__(u)):
    try:
        call()
    except TypeError as e:
        print("TypeError:", e)
