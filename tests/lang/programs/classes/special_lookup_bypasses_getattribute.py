# Checks: list()'s __length_hint__, sys.getsizeof's __sizeof__ and dir()'s __dir__ are looked up on the type, never through the instance's __getattribute__ or __getattr__, and bound through a descriptor's __get__, whose error propagates (CPython's _PyObject_LookupSpecial); list() checks the hint (the VM never asked for it).
import sys


class Loud:
    def __getattribute__(self, name):
        print("__getattribute__", name)
        return object.__getattribute__(self, name)

    def __getattr__(self, name):
        print("__getattr__", name)
        raise AttributeError(name)


class Recorded:
    def __init__(self, impl):
        self.impl = impl

    def __get__(self, obj, owner):
        print("__get__", self.impl.__name__)
        return self.impl.__get__(obj, owner)


class Failing(Exception):
    pass


class Raises:
    def __get__(self, obj, owner):
        raise Failing


def iden(self):
    return self


def stop(self):
    raise StopIteration


def hint(self):
    print("hint asked")
    return 3


def sizeof(self):
    return 17


def names(self):
    return ["b", "a"]


for name, impl, run in [("__length_hint__", hint, list), ("__sizeof__", sizeof, lambda o: sys.getsizeof(o) >= 17),
                        ("__dir__", names, dir)]:
    for wrap in (lambda f: f), Recorded, (lambda f: Raises()):
        X = type("X", (Loud,), {"__iter__": iden, "__next__": stop, name: wrap(impl)})
        try:
            print(name, run(X()))
        except Failing:
            print(name, "Failing")

for value in "many", -1, NotImplemented, True:
    class Hinted:
        def __iter__(self):
            return iter([1, 2])

        def __length_hint__(self):
            return value
    try:
        print(list(Hinted()))
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)


class TypeErrorHint:
    def __iter__(self):
        return iter("ab")

    def __length_hint__(self):
        raise TypeError("means no hint")


class Sized:
    def __iter__(self):
        return iter("cd")

    def __len__(self):
        return 2

    def __length_hint__(self):
        raise Failing("never asked: __len__ first")


print(list(TypeErrorHint()), list(Sized()))
