# Checks: a class with several bases.
class A:
    pass
class B:
    pass

class C(A, B):
    pass
print(C)
