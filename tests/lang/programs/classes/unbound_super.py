# Checks: super(cls) alone is unbound: it finds nothing, and as a class attribute read through an
# instance it binds itself to that instance (the autosuper metaclass of test_descr; it crashed the VM).
class A:
    def meth(self):
        return "A"
class B(A):
    def meth(self):
        return "B" + self._B__super.meth()
s = super(B)
B._B__super = s
print(B().meth())
print(B._B__super is s, s.__thisclass__.__name__, s.__self__, s.__self_class__)
b = B()
print(b._B__super.__self__ is b, b._B__super.__self_class__.__name__)
try:
    s.meth
except AttributeError as e:
    print("AttributeError", e)
for args in [(1,), (B, 1), (B, B(), 3)]:
    try:
        super(*args)
    except TypeError as e:
        print("TypeError", e)
class autosuper(type):
    def __new__(metaclass, name, bases, dict):
        cls = super(autosuper, metaclass).__new__(metaclass, name, bases, dict)
        setattr(cls, "_%s__super" % name.lstrip("_"), super(cls))
        return cls
class P(metaclass=autosuper):
    def meth(self):
        return "P"
class Q(P):
    def meth(self):
        return "Q" + self.__super.meth()
class R(P):
    def meth(self):
        return "R" + self.__super.meth()
class S(R, Q):
    def meth(self):
        return "S" + self.__super.meth()
print(S().meth())
