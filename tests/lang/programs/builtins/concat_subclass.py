# Checks: a str, list or tuple + an instance of a subclass of its own type
# concatenates (the result of the left operand's exact type), after the
# subclass's __radd__ if it has one; the subclass's storage is what is read,
# whatever its methods say.  The VM once raised "can only concatenate tuple
# (not "Traceback") to tuple" for (frame,) + a namedtuple, which
# inspect.getinnerframes does (pyparsing's ParseException.explain).
import inspect
from collections import namedtuple

P = namedtuple("P", "x y")
t = (0,) + P(1, 2)
print(t, type(t).__name__)


class L(list):
    def __iter__(self):
        return iter(["not", "read"])

    def __len__(self):
        return 99


class S(str):
    pass


class T(tuple):
    def __radd__(self, other):
        return "radd " + repr(other)


r = [0] + L([1, 2])
print(r, type(r).__name__, "a" + S("b"), type("a" + S("b")).__name__, (1,) + T((2,)))
acc = (0,)
acc += P(3, 4)
print(acc)
try:
    (1,) + [2]
except TypeError as e:
    print("TypeError", e)
try:
    [1] + S("x")
except TypeError as e:
    print("TypeError", e)


def explain():
    try:
        {}["missing"]
    except KeyError as e:
        frames = inspect.getinnerframes(e.__traceback__, 0)
        return [(f.function, f.lineno - explain.__code__.co_firstlineno, type(f).__name__) for f in frames]


print(explain())
