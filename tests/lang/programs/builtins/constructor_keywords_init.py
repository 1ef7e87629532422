# Checks: a subclass of map, filter or reversed with its own __init__ may take keyword arguments (CPython's constructors leave them to that __init__), while the types themselves and their subclasses without __init__ refuse them with CPython's message; zip's and enumerate's keywords stay their own.
import operator


def is_even(x):
    return x % 2 == 0


cases = [(map, (str, [1, 2])), (filter, (None, [0, 1])), (reversed, ("abc",))]
for cls, args in cases:
    class WithInit(cls):
        def __init__(self, *args, newarg=None):
            self.newarg = newarg

    u = WithInit(*args, newarg=3)
    print(cls.__name__, type(u) is WithInit, list(u), u.newarg)

    class Plain(cls):
        pass

    for maker in (cls, Plain):
        try:
            maker(*args, newarg=3)
        except TypeError as e:
            print("TypeError", e)

    class WithNew(cls):
        def __new__(klass, *args, newarg=None):
            self = super().__new__(klass, *args)
            self.newarg = newarg
            return self

    w = WithNew(*args, newarg=4)
    print(list(w), w.newarg)

for call in (lambda: zip([1], newarg=3), lambda: enumerate([1], newarg=3)):
    try:
        call()
    except TypeError as e:
        print("TypeError", e)
