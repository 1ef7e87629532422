# Checks: object.__repr__'s default text: a plain object() has no module prefix (<object object at 0x...>), a program's class is named by its module and __qualname__ (nested classes too), and str.format, f-strings, %-formatting and format_map give the same text.
import re


def shape(text):
    return re.sub(r"0x[0-9a-f]+", "0xADDR", text)


class Outer:
    class Inner:
        pass


o = object()
print(shape(repr(o)), shape(str(o)), shape(f"{o!r}"), shape("%r" % (o,)))
print(shape("{0!r}".format(o)), shape("{o!r}".format_map({"o": o})))
print(shape(repr(Outer())), shape(repr(Outer.Inner())))
print(repr(o) == object.__repr__(o), repr(Outer.Inner()).startswith("<__main__.Outer.Inner object at 0x"))
