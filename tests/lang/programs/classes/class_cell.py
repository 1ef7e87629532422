# Checks: a method's __class__ (the implicit cell zero-argument super() uses) in methods, class and static methods, generators, nested functions and lambdas, a metaclass's methods, and before the class exists (NameError).
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
