# Checks: list(), tuple(), set() and frozenset() refuse keyword arguments, as a subclass of tuple does
# unless it has an __init__ of its own (a frozenset subclass never refuses them); reversed() of a sequence
# gives its __length_hint__, and iterating a sequence by __getitem__ ends on StopIteration as on IndexError.
import operator


class Sub(tuple):
    pass


class WithInit(tuple):
    def __init__(self, arg, newarg=None):
        self.newarg = newarg


class WithNew(tuple):
    def __new__(cls, arg, newarg=None):
        self = super().__new__(cls, arg)
        self.newarg = newarg
        return self


class FrozenSub(frozenset):
    def __init__(self, arg, tag=None):
        self.tag = tag


for make in (lambda: tuple(sequence=()), lambda: list(sequence=()), lambda: set(iterable=()),
             lambda: frozenset(iterable=()), lambda: Sub(sequence=()),
             lambda: Sub([1, 2]), lambda: (WithInit([1, 2], newarg=3), WithInit([1, 2], newarg=3).newarg),
             lambda: (WithNew([1], newarg=4), WithNew([1], newarg=4).newarg),
             lambda: (sorted(FrozenSub([1, 2], tag=5)), FrozenSub([1], tag=5).tag)):
    try:
        print(make())
    except TypeError as e:
        print("TypeError", e)


class Seq:
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if i < 5:
            return str(i)
        raise StopIteration


print(list(Seq(5)), list(reversed(Seq(5))), list(Seq(9)))
for s in ("hello", tuple("hello"), list("hello"), range(5), Seq(5), {1: 2, 3: 4}):
    r = reversed(s)
    print(operator.length_hint(r), end=" ")
    next(r)
    print(operator.length_hint(r), end=" ")
    list(r)
    print(operator.length_hint(r))
shrinking = Seq(5)
r = reversed(shrinking)
shrinking.n = 2
print(operator.length_hint(r))


class WeirdLen:
    called = False

    def __len__(self):
        if not self.called:
            self.called = True
            return 10
        raise ZeroDivisionError

    def __getitem__(self, index):
        return index


try:
    operator.length_hint(reversed(WeirdLen()))
except ZeroDivisionError:
    print("ZeroDivisionError")
