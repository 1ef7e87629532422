# Checks: a comparison method that a property provides, whose getter raises,
# counts as absent (CPython's slot_tp_richcompare drops the error): == and !=
# fall back to identity, < raises TypeError; a getter that works is used;
# a method that allocates and declines leaves the operands intact; an
# __init__ from a property is bound through it.


def booh(self):
    raise AttributeError("booh")


class E:
    __eq__ = property(booh)
    __lt__ = property(booh)


e = E()
print(e == e, e == E(), e != e, e != E())
try:
    e < E()
except TypeError as exc:
    print("TypeError", exc)


class Other:
    def __eq__(self, other):
        return "Other.__eq__"


print(E() == Other(), Other() == E())


class Works:
    @property
    def __eq__(self):
        return lambda other: "bound by the property"


print(Works() == 1, Works() != 1)


class Raises:
    def __eq__(self, other):
        raise AttributeError("from the call")


try:
    Raises() == 1
except AttributeError as exc:
    print("AttributeError", exc)


class Busy:
    # allocates, then declines: the fallback's TypeError still names both
    # operands (under the GC debug knobs they have moved by then)
    def __lt__(self, other):
        junk = [[i] for i in range(200)]
        return NotImplemented


try:
    Busy() < Busy()
except TypeError as exc:
    print("TypeError", exc)


class I:
    # __init__ is looked up as CPython's slot_tp_init does: bound through
    # the property, whose getter's error comes out
    __init__ = property(booh)


try:
    I()
except AttributeError as exc:
    print("AttributeError", exc)


class J:
    @property
    def __init__(self):
        return lambda *args, **kw: print("J init", args, sorted(kw))


J(1, 2, k=3)
