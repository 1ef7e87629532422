# Checks: assigning a class's __bases__ as CPython: the new bases checked as type() checks them (classes, acceptable, one layout), no inheritance cycle, no repeated base, the instances' layout unchanged (CPython's messages), the MROs of the class and of every class below it recomputed (and all restored when one cannot be), the subclass lists moved; and the checks around it: float() and bool() refuse keywords (a float subclass's own __init__ takes them), type has no __abstractmethods__, object() has no __dict__.
class C(object):
    pass
class C2(object):
    def __getattribute__(self, attr):
        if attr == 'a':
            return 2
        return super(C2, self).__getattribute__(attr)
    def meth(self):
        return 1
class D(C):
    pass
class E(D):
    pass
class F(D, C2): pass
d = D()
e = E()
D.__bases__ = (C,)
D.__bases__ = (C2,)
print(d.meth(), e.meth(), d.a, e.a, C2.__subclasses__(), C.__subclasses__(), E.__mro__, D.__mro__)
for bases in [(), (D,), (C, C), (E,), [C], (1,), (int,), (type(None),), (object, type(None)), (C, list)]:
    try:
        D.__bases__ = bases
    except TypeError as ex:
        print("TypeError:", ex)
print(D.__bases__, E.__mro__)
try:
    del D.__bases__
except TypeError as ex:
    print("TypeError:", ex)
class L(list): pass
try:
    L.__bases__ = (dict,)
except TypeError as ex:
    print("TypeError:", ex)
try:
    list.__bases__ = (dict,)
except TypeError as ex:
    print("TypeError:", ex)
class A: pass
class B(A): pass
class X(A): pass
class Y(X, B): pass
try:
    B.__bases__ = (X,)  # Y's MRO: X before B, B after X -> conflict
except TypeError as ex:
    print("TypeError:", ex)
print(B.__bases__, Y.__mro__)
class Exc(Exception): pass
Exc.__bases__ = (ValueError,)
print(Exc.__mro__)
for call in (lambda: float(x=2), lambda: bool(x=2), lambda: int(x=1), lambda: tuple(sequence=()), lambda: getattr(type, "__abstractmethods__")):
    try:
        print(call())
    except (TypeError, AttributeError) as ex:
        print(type(ex).__name__ + ":", ex)
class Meta(type): pass
print(hasattr(Meta, "__abstractmethods__"), hasattr(X, "__abstractmethods__"))
try:
    del X.__abstractmethods__
except AttributeError as ex:
    print("AttributeError:", ex)
class FF(float):
    def __init__(self, v, scale=1):
        self.scale = scale
print(FF(2.5, scale=3), FF(2.5, scale=3).scale)
o = object()
print(hasattr(o, "__dict__"), o.__class__, "__dict__" in vars(FF))
for attr in "__dict__", "foo":
    try:
        setattr(o, attr, {})
    except (AttributeError, TypeError) as ex:
        print(type(ex).__name__ + ":", ex)
