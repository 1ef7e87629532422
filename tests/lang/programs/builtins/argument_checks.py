# Checks: setattr/delattr/getattr/hasattr with a non-str name (was a crash), with a str subclass's instance as the name; len() of __len__ results (bool, negative, huge, float, None); min/max refusing a default with several arguments; sum refusing str/bytes/bytearray starts; CPython's arity messages.
import sys


class Name(str):
    pass


class Box:
    pass


b = Box()
setattr(b, Name("x"), 1)
print(getattr(b, Name("x")), hasattr(b, Name("x")), b.x)
delattr(b, Name("x"))
print(hasattr(b, "x"))
for call in (lambda: setattr(), lambda: setattr(sys), lambda: setattr(sys, "spam"),
             lambda: setattr(sys, 1, "spam"), lambda: delattr(), lambda: delattr(sys),
             lambda: delattr(sys, 1), lambda: getattr(sys, 1), lambda: hasattr(sys, 1),
             lambda: getattr(), lambda: divmod(1), lambda: isinstance(1)):
    try:
        call()
        print("no error")
    except TypeError as e:
        print("TypeError:", e)


def sized(result):
    class Sized:
        def __len__(self):
            return result
    return Sized()


for result in (True, False, 3, -1, sys.maxsize + 1, -sys.maxsize - 10, 4.5, None, "3"):
    try:
        print(len(sized(result)))
    except (TypeError, ValueError, OverflowError) as e:
        print(type(e).__name__, e)

for call in (lambda: max(1, 2, default=None), lambda: min(1, 2, default=0, key=abs),
             lambda: sum(["a", "b"], ""), lambda: sum([b"a"], b""), lambda: sum([], bytearray()),
             lambda: sum([[1], [2]])):
    try:
        print(call())
    except TypeError as e:
        print("TypeError:", e)
print(max([], default=7), min([3, 1], default=0), sum([[1], [2]], []))
