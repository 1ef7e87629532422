# Checks: a special method that is an object of a class with __get__ (as
# unittest.mock's MagicProxy is) is what its __get__ gives for the instance;
# one without __get__ is called as it is, without the instance.
class Binder:
    def __init__(self, name):
        self.name = name

    def __get__(self, obj, owner=None):
        return lambda *args: f"{self.name} of {type(obj).__name__} {args}"

    def __call__(self, *args):
        return f"{self.name} called directly {args}"


class Plain:
    def __init__(self, name):
        self.name = name

    def __call__(self, *args):
        return f"{self.name} called plainly, {len(args)} args"


class Box:
    pass


Box.__repr__ = Binder("repr")
Box.__str__ = Binder("str")
Box.__format__ = Binder("format")
box = Box()
print(repr(box))
print(str(box))
print(box)
print(f"{box}")
print(format(box, "spec"))

class Other:
    __repr__ = Plain("repr")
    __str__ = Plain("str")

print(repr(Other()), str(Other()))


class Spec:
    def __format__(self, spec):
        return f"<{spec!r}>"

print(f"{Spec()} {Spec():x} {Spec()!s:>3}"[:9], format(Spec()))
