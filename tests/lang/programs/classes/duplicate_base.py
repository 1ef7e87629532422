# Checks: a base class named twice is CPython's "duplicate base class" error (checked before the
# MRO merge), in a class statement, in type() and when __bases__ is assigned; a consistent order
# that cannot be found is the MRO error.
class A:
    pass


class B(A):
    pass


def attempt(make):
    try:
        make()
    except TypeError as e:
        print("TypeError:", e)


def statement():
    class X(A, B, A):
        pass


attempt(statement)
attempt(lambda: type("Y", (int, int), {}))
attempt(lambda: type("Z", (A, B), {}))


class C:
    pass


class D(C):
    pass


def assign():
    D.__bases__ = (C, C)


attempt(assign)
print(D.__bases__, D.__mro__)
