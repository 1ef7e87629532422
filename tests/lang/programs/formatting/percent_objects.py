# Checks: %-formatting hands objects to CPython's formatting lazily: __float__/__int__/__index__ for %f/%d, a mapping with __getitem__ for %(key)s, __repr__ not called for %s, str subclasses' super().__mod__ with any operand (markupsafe), bytes % with __bytes__ and a dict.
class F:
    def __float__(self):
        return 2.5

    def __repr__(self):
        raise ValueError("not called")

    def __str__(self):
        return "F!"


print("%.1f %s" % (F(), F()))
try:
    "%d" % F()
except TypeError as e:
    print("TypeError:", e)


class I:
    def __index__(self):
        return 10


print("%x %o %d" % (I(), I(), 7))


class G:
    def __getitem__(self, k):
        return k * 2


print("%(ab)s!" % G(), "%s" % [1, 2], "%s" % G.__name__)


class Helper:
    def __init__(self, o):
        self.o = o

    def __getitem__(self, k):
        return Helper(self.o[k])

    def __str__(self):
        return "<" + str(self.o) + ">"


class Markup(str):
    def __mod__(self, arg):
        if not isinstance(arg, tuple) and hasattr(type(arg), "__getitem__") and not isinstance(arg, str):
            arg = Helper(arg)
        return Markup(super().__mod__(arg))


m = Markup("%(a)s|%(b)s") % {"a": "<", "b": 2}
print(m, type(m).__name__, Markup("%s-%s") % (1, 2))
print(str.__mod__("%(a)s", Helper({"a": 1})))


class B:
    def __bytes__(self):
        return b"bb"

    def __repr__(self):
        return "B()"


print(b"%s|%r|%b" % (B(), B(), b"x"), b"%(k)s" % {b"k": b"v"}, b"%d" % 3)
try:
    b"%s" % object()
except TypeError as e:
    print("TypeError:", str(e).split(" not ")[0])
