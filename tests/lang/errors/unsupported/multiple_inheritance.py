# Refused when it runs: classes with more than one base (only single inheritance is supported).
# refused: 8:12 multiple inheritance
class A:
    pass
class B:
    pass

class C(A, B):
    pass
print(C)
