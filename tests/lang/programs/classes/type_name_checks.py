# Checks: a class's __name__ (from type() or assigned) is any str -- empty, dotted, non-ASCII, a str subclass's instance -- but not one with a NUL (ValueError) or a lone surrogate (UnicodeEncodeError); a builtin class's getsets refuse even a direct __set__/__delete__, a class's __doc__/__module__/__name__ cannot be deleted; type()'s namespace keeps an OrderedDict's own order.
import collections

for name in "A", "\xc4", "\U0001f40d", "B.A", "42", "":
    A = type(name, (), {})
    print(repr(A.__name__), repr(A.__qualname__), A.__module__, repr(A)[:20])
for bad in "A\x00B", "A\udcdcB", b"A":
    try:
        type(bad, (), {})
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)

C = type("C", (), {})
for name in "A", "\xc4", "B.A", "":
    C.__name__ = name
    print(repr(C.__name__), repr(C.__qualname__))
for bad in "A\x00B", "A\udcdcB", b"A", None:
    try:
        C.__name__ = bad
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
    print(repr(C.__name__))

class Nasty(str):
    pass

C.__name__ = Nasty("abc")
print(C.__name__, type(C.__name__) is str or type(C.__name__) is Nasty)
C.__qualname__ = Nasty("q")
print(C.__qualname__)

class X:
    "elephant"

X.__doc__ = "banana"
print(X.__doc__)
for attr in "__doc__", "__module__", "__name__", "__qualname__", "__bases__":
    try:
        delattr(X, attr)
    except TypeError as e:
        print("TypeError:", e)
for attr, value in ("__doc__", "blah"), ("__name__", "L"), ("__module__", "m"), ("__qualname__", "q"):
    try:
        type(list).__dict__[attr].__set__(list, value)
    except TypeError as e:
        print("TypeError:", e)
try:
    type(list).__dict__["__doc__"].__delete__(list)
except TypeError as e:
    print("TypeError:", e)
print(list.__name__, list.__module__)
X.__annotations__ = {"a": int}
del X.__annotations__
print(X.__annotations__)

od = collections.OrderedDict([("a", 1), ("b", 2)])
od.move_to_end("a")
C = type("C", (), od)
print(list(C.__dict__.items())[:2])

class D(dict):
    def __getitem__(self, key):
        return "never used"

print(type("E", (), D(x=1, y=2)).x)
