# Checks: __slots__ names are member descriptors in the class's dict (six.add_metaclass pops them), private slot names are mangled, a name twice is one member (datetime's), a slot that conflicts with a class variable raises, members work through __get__/__set__ and copy/dataclass(slots=True).
class A:
    __slots__ = ("x", "__p")

    def __init__(self):
        self.x = 1
        self.__p = 2

    def p(self):
        return self.__p


a = A()
print(sorted(k for k in A.__dict__ if not k.startswith("__")), a.x, a.p())
print(A.x, type(A.x).__name__, A.x.__get__(a), A.x.__name__, A.x.__objclass__ is A)
A.x.__set__(a, 5)
print(a.x)
del a.x
try:
    a.x
except AttributeError as e:
    print("AttributeError:", e)
try:
    class B:
        __slots__ = ("y",)
        y = 3
except ValueError as e:
    print("ValueError:", e)


class Twice:
    __slots__ = ("a", "b") + ("b", "c")


print(sorted(k for k in Twice.__dict__ if len(k) == 1))


class C(A):
    __slots__ = ("z",)


c = C()
c.z = 3
print(c.x, c.z, hasattr(c, "__dict__"))
import copy
print(copy.copy(c).z, copy.deepcopy(c).x)
from dataclasses import dataclass


@dataclass(slots=True)
class D:
    a: int
    b: str = "q"


print(D(1), D.__slots__, D(2).b, type(D.__dict__["a"]).__name__)
try:
    A.x.__get__(3)
except TypeError as e:
    print("TypeError:", e)


def add_metaclass(metaclass):
    # six.add_metaclass, as six writes it
    def wrapper(cls):
        orig_vars = cls.__dict__.copy()
        slots = orig_vars.get("__slots__")
        if slots is not None:
            if isinstance(slots, str):
                slots = [slots]
            for slots_var in slots:
                orig_vars.pop(slots_var)
        orig_vars.pop("__dict__", None)
        orig_vars.pop("__weakref__", None)
        return metaclass(cls.__name__, cls.__bases__, orig_vars)
    return wrapper


class Meta(type):
    pass


@add_metaclass(Meta)
class Other:
    __slots__ = ("a",)


o = Other()
o.a = 7
print(type(Other).__name__, o.a)
