# Checks: __new__: called with the class and the call's arguments (an implicit static method), __init__ runs only when it returns an instance of the class, super().__new__ and object.__new__ (and their argument checks), a __new__ that returns a cached or foreign object, inherited __new__.
class Interned:
    _cache = {}

    def __new__(cls, key):
        if key in cls._cache:
            return cls._cache[key]
        self = super().__new__(cls)
        self.key = key
        self.inits = 0
        cls._cache[key] = self
        return self

    def __init__(self, key):
        self.inits += 1


a, b, c = Interned("a"), Interned("b"), Interned("a")
print(a is c, a is b, a.inits, b.inits, a.key)


class Sub(Interned):
    _cache = {}


s = Sub("a")
print(type(s).__name__, s is a, s.inits)


class Foreign:
    def __new__(cls, x):
        print("new", cls.__name__, x)
        return [x]

    def __init__(self, x):
        raise AssertionError("not called: __new__ returned a list")


print(Foreign(3))


class KeepsArgs:
    def __new__(cls, *args, **kw):
        self = object.__new__(cls)
        self.seen = (args, sorted(kw.items()))
        return self


print(KeepsArgs(1, 2, z=3).seen, type(KeepsArgs.__new__).__name__)
blank = object.__new__(KeepsArgs)
print(type(blank).__name__, hasattr(blank, "seen"))


class Plain:
    pass


class WithInit:
    def __init__(self, a):
        self.a = a


print(type(object.__new__(WithInit, 1)).__name__)
for bad in [lambda: object.__new__(int), lambda: object.__new__(KeepsArgs, 1),
            lambda: object.__new__(Plain, 1), lambda: object.__new__(5)]:
    try:
        bad()
    except TypeError as e:
        print("TypeError", e)
