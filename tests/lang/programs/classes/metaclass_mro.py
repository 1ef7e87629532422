# Checks: a metaclass's own mro() makes its classes' __mro__ (called at class creation and again when __bases__ is assigned to the class or a base), its result checked as CPython's mro_check (classes only, layouts the instances extend); an exception in it leaves the class as it was.
class A(object):
    def f(self): return "A"
class B(A):
    pass
class C(A):
    def f(self): return "C"
class D(B, C):
    pass
print(A.mro(), D.mro(), D.__mro__, D().f())


class PerverseMetaType(type):
    def mro(cls):
        L = type.mro(cls)
        L.reverse()
        return L


class X(D, B, C, A, metaclass=PerverseMetaType):
    pass


print(X.__mro__, X().f())

for result in ("[self, dict, object]", "[self, 1]", "(self, object)", "iter([self, object])"):
    class Meta(type):
        def mro(self):
            return eval(result)
    try:
        class Y(object, metaclass=Meta):
            pass
        print(result, Y.__mro__)
    except TypeError as e:
        print(result, "TypeError:", e)


class WorkOnce(type):
    def __new__(self, name, bases, ns):
        self.flag = 0
        return super().__new__(self, name, bases, ns)

    def mro(self):
        if self.flag > 0:
            raise RuntimeError("bozo")
        self.flag += 1
        return type.mro(self)


class Base: pass
class Base2: pass
class Derived(Base, metaclass=WorkOnce): pass
class Sub(Derived): pass

try:
    Derived.__bases__ = (Base2,)
except RuntimeError as e:
    print("RuntimeError:", e)
print(Derived.__bases__, Derived.__mro__, Sub.__mro__)

calls = []


class Counting(type):
    def mro(cls):
        calls.append((cls.__name__, cls.__mro__ is None))
        return type.mro(cls)


class P0: pass
class P(P0, metaclass=Counting): pass
class Q(P): pass
class R(Q): pass
P.__bases__ = (Base,)
try:
    Base2.__bases__ = (A,)
except TypeError as e:
    print("TypeError:", e)
print(calls, R.__mro__)


class Incomplete(type):
    def mro(cls):
        if cls.__mro__ is None and cls.__name__ != "Sub2":
            try:
                class Sub2(cls):
                    pass
            except TypeError as e:
                print("TypeError:", e)
        return type.mro(cls)


class Top(metaclass=Incomplete):
    pass


print(Top.__mro__)
