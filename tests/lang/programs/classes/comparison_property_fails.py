# Checks: a comparison method that a property provides, whose getter raises,
# counts as absent (CPython's slot_tp_richcompare drops the error): == and !=
# fall back to identity, < raises TypeError; a getter that works is used;
# a method that allocates and declines leaves the operands intact.


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
