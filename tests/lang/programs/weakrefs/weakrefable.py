# Checks: which objects can be referred to weakly, as CPython decides -- builtin values and types, subclasses of builtin types (not of int, tuple, bytes), __slots__ with and without __weakref__, classes and functions; a class dies when nothing holds it.
import gc
import weakref


def weakrefable(value):
    try:
        weakref.ref(value)
    except TypeError as exc:
        return str(exc)
    return "ok"


class Int(int):
    pass


class Tuple(tuple):
    pass


class Bytes(bytes):
    pass


class Str(str):
    pass


class List(list):
    pass


class Dict(dict):
    pass


class Set(set):
    pass


class Float(float):
    pass


class Slotted:
    __slots__ = ("x",)


class SlottedWeak:
    __slots__ = ("x", "__weakref__")


class SlottedChild(Slotted):
    pass


class Plain:
    def method(self):
        return 0


class Prop(property):
    pass


def function():
    return 0


def generator():
    yield 0


values = [1, True, 2.5, 1j, "s", b"b", bytearray(b"b"), (1,), [1], {1: 2}, {1}, frozenset({1}),
          None, range(3), slice(1), object(), Int(1), Tuple(), Bytes(), Str("s"), List(), Dict(),
          Set(), Float(1.0), Slotted(), SlottedWeak(), SlottedChild(), Plain(), Prop(),
          property(), staticmethod(function), classmethod(function), function, generator(), len,
          Plain, int, Plain().method, iter([]), ValueError("x")]
for value in values:
    print(type(value).__name__, weakrefable(value))


# A class made and dropped dies, and so does its weak reference.
def make_class(n):
    class Made(Plain):
        pass
    Made.n = n
    return Made


died = []
made = make_class(1)
watch = weakref.ref(made, lambda r: died.append("class died"))
print(watch() is made, [c.__name__ for c in Plain.__subclasses__()])
del made
gc.collect()
print(watch(), died, [c.__name__ for c in Plain.__subclasses__()])
many = [weakref.ref(make_class(i)) for i in range(100)]
gc.collect()
print(sum(r() is None for r in many), len(Plain.__subclasses__()))
