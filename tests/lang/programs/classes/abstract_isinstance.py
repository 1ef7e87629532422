# Checks: isinstance/issubclass beyond classes, as CPython's abstract protocol: any object with a __bases__ tuple is a class (found by identity along its bases), an instance's __class__ attribute names its class (a proxy is an instance of what it stands for), an AttributeError from __bases__ or __class__ is "no class" (TypeError), other errors propagate, and a __bases__ that names itself is a RecursionError.
class AbstractClass:
    def __init__(self, bases):
        self.bases = bases
    @property
    def __bases__(self):
        return self.bases
    def __call__(self):
        return AbstractInstance(self)


class AbstractInstance:
    def __init__(self, klass):
        self.klass = klass
    @property
    def __class__(self):
        return self.klass


Super = AbstractClass(())
Child = AbstractClass((Super,))
Other = AbstractClass((AbstractClass(()), Child))
print(issubclass(Child, Super), issubclass(Super, Child), issubclass(Other, Super))
print(isinstance(Child(), Super), isinstance(Super(), Child), isinstance(Other(), Child))


class Real:
    pass


class Proxy:
    def __init__(self, target):
        self.target = target
    @property
    def __class__(self):
        return type(self.target)


print(isinstance(Proxy(Real()), Real), isinstance(Proxy(Real()), Proxy), isinstance(Proxy(3), int))
print(isinstance(Proxy(Real()), (str, Real)), type(Proxy(Real())).__name__)


class NoBases:
    @property
    def __bases__(self):
        raise AttributeError("no")


class Failing:
    @property
    def __bases__(self):
        raise RuntimeError("bases failed")


class Looping:
    @property
    def __bases__(self):
        return (self, self)


for call in (lambda: isinstance(1, NoBases()), lambda: issubclass(NoBases(), Real),
             lambda: issubclass(Real, NoBases()), lambda: issubclass(Failing(), Real),
             lambda: isinstance(1, Failing()), lambda: issubclass(Looping(), int),
             lambda: issubclass(Child, 3), lambda: isinstance(1, 3)):
    try:
        print(call())
    except (TypeError, RuntimeError) as e:
        print(type(e).__name__, str(e)[:60])
