# Checks: list.__init__ refuses keyword arguments only where the type's __new__ is list's (CPython's
# list___init__): a subclass with its own __new__ (or a base's) may take keywords, one with its own
# __init__ passes them where it likes, and a plain subclass still refuses them.
class Plain(list):
    pass


class WithInit(list):
    def __init__(self, seq, newarg=None):
        super().__init__(seq)
        self.newarg = newarg


class WithNew(list):
    def __new__(cls, seq, newarg=None):
        self = super().__new__(cls, seq)
        self.newarg = newarg
        return self


class FromNewBase(WithNew):
    pass


for make in (lambda: Plain([1, 2]), lambda: WithInit([1, 2], newarg=3), lambda: WithNew([1, 2], newarg=4),
             lambda: FromNewBase([5], newarg=6), lambda: Plain(sequence=()), lambda: list(sequence=()),
             lambda: WithNew([1], bogus=1)):
    try:
        u = make()
        print(type(u).__name__, list(u), getattr(u, "newarg", "-"))
    except TypeError as e:
        print("TypeError", e)
