# Checks: an instance of a subclass of super looks past its class as super does (CPython's super_getattro, inherited), a bound one as a class attribute stays bound and an unbound one binds to the instance through type(s)(s.__thisclass__, obj); super(cls, obj) accepts an obj whose __class__ claims a subclass of cls (a proxy).
class mysuper(super):
    def __init__(self, *args):
        return super(mysuper, self).__init__(*args)

    def own(self):
        return "own method"


class A:
    def meth(self, a):
        return "A(%r)" % a


class B(A):
    def meth(self, a):
        return "B(%r)" % a + mysuper(B, self).meth(a)


class C(B):
    def meth(self, a):
        s = self.__super
        return "C(%r)[%s]" % (a, s.__class__.__name__) + s.meth(a)


C._C__super = mysuper(C)
print(B().meth(1))
print(C().meth(2))
s = mysuper(B, B())
print(s.own(), type(s).__name__, s.__thisclass__.__name__, type(s.__self__).__name__)
try:
    s.missing
except AttributeError as e:
    print("AttributeError:", e)


class Proxy:
    def __init__(self, obj):
        self.__obj = obj

    def __getattribute__(self, name):
        if name.startswith("_Proxy__"):
            return object.__getattribute__(self, name)
        return getattr(self.__obj, name)


class D(A):
    def meth(self, a):
        return super(D, self).meth(a) + "->D"


print(D.__dict__["meth"](Proxy(D()), 3))
for obj in Proxy(A()), 42:
    try:
        super(D, obj)
    except TypeError as e:
        print("TypeError:", e)
for make in lambda: super(A, kw=1), lambda: mysuper(A, kw=1):
    try:
        make()
    except TypeError as e:
        print("TypeError:", e)
