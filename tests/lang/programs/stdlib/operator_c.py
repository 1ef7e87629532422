# Checks: operator's C parts as CPython runs them (_operator): attrgetter, itemgetter and methodcaller (reprs, pickling, calls, no subclassing), index and length_hint with their messages, the in-place functions, countOf/indexOf, concat and _compare_digest.
import _operator
import operator
import pickle
from collections import namedtuple


def show(f, *args, **kwargs):
    try:
        print(repr(f(*args, **kwargs)))
    except Exception as e:
        print(type(e).__name__ + ":", e)


Point = namedtuple("Point", "x y")
Line = namedtuple("Line", "start end")
line = Line(Point(1, 2), Point(3, 4))
get = operator.attrgetter("start.x", "end.y")
print(get(line), operator.attrgetter("end")(line), repr(get), get.__reduce__())
print(pickle.loads(pickle.dumps(get))(line), type(get).__name__, type(get).__module__)
items = operator.itemgetter(2, 0, -1)
print(items("abcdef"), operator.itemgetter("k")({"k": 9}), repr(items), items.__reduce__())
print(sorted([(2, "b"), (1, "z"), (2, "a")], key=operator.itemgetter(0)), pickle.loads(pickle.dumps(items))([5, 6, 7]))
call = operator.methodcaller("split", ",", maxsplit=1)
plain = operator.methodcaller("upper")
print(call("a,b,c"), plain("xy"), repr(call), repr(plain), plain.__reduce__())
print(pickle.loads(pickle.dumps(call))("1,2,3"), repr(call.__reduce__()[0]).split(" at ")[0])
show(operator.attrgetter)
show(operator.attrgetter, 5)
show(operator.itemgetter)
show(operator.methodcaller)
show(operator.methodcaller, 5)
show(operator.attrgetter("nope"), 1)
for base in (operator.attrgetter, operator.itemgetter, operator.methodcaller):
    try:
        type("Sub", (base,), {})
    except TypeError as e:
        print("TypeError:", e)


class Hinted:
    def __init__(self, hint):
        self.hint = hint

    def __length_hint__(self):
        if isinstance(self.hint, type):
            raise self.hint("no hint")
        return self.hint


print(operator.length_hint([1, 2]), operator.length_hint(iter(range(7))), operator.length_hint(Hinted(4)),
      operator.length_hint(Hinted(NotImplemented), 9), operator.length_hint(Hinted(TypeError), 3), operator.length_hint(5, 1))
show(operator.length_hint, Hinted("x"))
show(operator.length_hint, Hinted(-1))
show(operator.length_hint, [], "0")
show(operator.length_hint, Hinted(KeyError))
print(operator.index(7), operator.index(True))
show(operator.index, 2.5)
show(operator.index, "3")
acc = [1]
print(operator.iadd(acc, [2]) is acc, acc, operator.iconcat(acc, (3,)), operator.isub(10, 3), operator.ipow(2, 5),
      operator.imatmul.__name__, operator.ior({1}, {2}), operator.ixor(6, 3), operator.itruediv(7, 2))
show(operator.iconcat, 1, [2])
show(operator.concat, {}, {})
show(operator.concat, [1], (2,))
print(operator.countOf([1, 2, 1, 1.0], 1), operator.indexOf("abc", "c"), operator.contains(range(5), 3))
show(operator.indexOf, [1, 2], 5)
show(operator.countOf, 3, 1)
nan = float("nan")
print(operator.countOf([nan, nan], nan), operator.indexOf([0, nan], nan), operator.truth([]), operator.not_(0), operator.is_not(None, 0))
print(operator.call(max, 3, 9, key=lambda v: -v), operator.pow(2, 10), operator.neg(-4), operator.abs(-2.5), operator.inv(5), operator.matmul.__doc__)
print(_operator._compare_digest(b"abc", b"abc"), _operator._compare_digest("abc", "abd"), _operator._compare_digest(bytearray(b"x"), b"x"))
show(_operator._compare_digest, "é", "é")
show(_operator._compare_digest, "a", b"a")
show(_operator._compare_digest, 1, 2)
print(operator.__lt__ is operator.lt, operator.add.__module__, operator.attrgetter.__module__)
