# Checks: super() called by another name: the calling frame's first argument and
# __class__ cell, as when it is called `super()` (CPython's
# super_init_without_args), and the errors when the frame has neither.
s = super


class A:
    def hello(self):
        return "A.hello"


class B(A):
    def hello(self):
        __class__               # the cell super() reads
        return "B+" + s().hello()

    def cell_first(self):
        __class__
        f = lambda: self        # the first argument lives in a cell
        return s().hello() + " " + str(f() is self)

    @classmethod
    def make(cls):
        __class__
        return s().__repr__ is not None


print(B().hello())
print(B().cell_first())
print(B.make())


def no_args():
    return s()


try:
    no_args()
except RuntimeError as e:
    print("RuntimeError:", e)


def deleted(self):
    del self
    return s()


try:
    deleted(1)
except RuntimeError as e:
    print("RuntimeError:", e)


def no_cell(self):
    return s()


try:
    no_cell(1)
except RuntimeError as e:
    print("RuntimeError:", e)

print(type(super.__new__(super)).__name__)
