# Checks: a property subclass's instance read from its class is itself (not the property it carries), and its
# __doc__ is the getter's, kept in the instance's __dict__ (CPython 3.11's property_init), through copies
# made by setter/getter; a __slots__ subclass cannot take a getter's doc.
import abc


class Sub(property):
    """the subclass's own doc"""


class Slotted(property):
    """a subclass with __slots__"""
    __slots__ = ()


def documented(self):
    "the getter's doc"
    return 1


def undocumented(self):
    return 2


class Host:
    a = Sub(documented)
    b = Sub(undocumented)
    c = Sub(documented, doc="given")
    d = Sub()
    e = abc.abstractproperty(documented)

    @Sub
    def f(self):
        "f's getter"
        return self._f

    @f.setter
    def f(self, value):
        "f's setter: ignored"
        self._f = value


for name in "abcdef":
    p = Host.__dict__[name]
    print(name, Host.__dict__[name] is getattr(Host, name), type(getattr(Host, name)).__name__,
          repr(p.__doc__), p.__dict__ if hasattr(p, "__dict__") else "-")
h = Host()
h.f = 5
print(h.a, h.b, h.f, Host.e.__isabstractmethod__, Host.a.__get__(None, Host) is Host.a)
for make in (lambda: Slotted(documented), lambda: Slotted(undocumented), lambda: Slotted(doc="x"), Slotted):
    try:
        p = make()
        print("made", repr(p.__doc__))
    except AttributeError:
        print("AttributeError")
try:
    Host.a.__get__(None, None)
except TypeError as e:
    print("TypeError", e)
