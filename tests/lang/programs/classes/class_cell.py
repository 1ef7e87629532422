# Checks: a method's __class__ (the implicit cell zero-argument super() uses) in methods, class and static methods, generators, nested functions and lambdas, a metaclass's methods, and before the class exists (NameError); `nonlocal __class__` assigned (the cell all methods share; super() then refuses a non-type), super() in a function with no arguments (RuntimeError when it runs).
class A:
    def f(self):
        return __class__
    def g(self):
        return super().__repr__ is not None
    @classmethod
    def c(cls):
        return __class__, cls
    @staticmethod
    def s():
        return __class__
    def gen(self):
        yield __class__
    def nested(self):
        def inner():
            return __class__
        return inner()
    def lam(self):
        return (lambda: __class__)()
print(A().f() is A, A().g(), A.c(), A.s(), next(A().gen()), A().nested(), A().lam())
class B(A):
    def f(self):
        x = __class__
        return x, super().f()
print(B().f(), B.c())
class Early:
    def m(self):
        return __class__
    try:
        m(None)
    except NameError as e:
        print(type(e).__name__, e)
print(Early().m())
class Meta(type):
    def __new__(mcls, name, bases, ns):
        return super().__new__(mcls, name, bases, ns)
    def who(cls):
        return __class__
class C(metaclass=Meta):
    pass
print(C.who(), type(C))


# `nonlocal __class__` assigned: the cell every method of the class shares
class Shared:
    def get(self):
        return __class__
    def put(self, value):
        nonlocal __class__
        __class__ = value
s = Shared()
s.put(42)
print(s.get(), Shared.get(None))
try:
    super(Shared, s)
except TypeError as e:
    print("TypeError", e)
class Sub(Shared):
    def zero(self):
        return super().get()
print(Sub().zero())
Shared.put(None, Shared)
print(s.get() is Shared)
class WithSuper:
    def method(self):
        return super().__init__
    def broken(self):
        nonlocal __class__
        __class__ = 7
        return super().__init__
for f in (WithSuper().method, WithSuper().broken):
    try:
        print(f() is not None)
    except RuntimeError as e:
        print("RuntimeError", e)


def not_a_method():
    return super()
for args in [(), ]:
    try:
        not_a_method(*args)
    except RuntimeError as e:
        print("RuntimeError", e)
