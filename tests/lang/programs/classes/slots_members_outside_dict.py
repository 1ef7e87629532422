# Checks: an instance whose class has __slots__ members and a __dict__ too ('__dict__' among the slots, or a dict from a base, or a subclass without slots) keeps its members out of its __dict__: __dict__ holds the other attributes only, before and after the dict was first asked for, after __dict__ is replaced, and members can still be read, set and deleted; functools.partial's state is not in its __dict__.
import functools


class Slotted:
    __slots__ = ("a", "b", "__dict__")


class Sub(Slotted):
    pass


class WithSlots(Sub):
    __slots__ = ("c",)


for cls in (Slotted, Sub, WithSlots):
    o = cls()
    o.a = 1
    o.extra = 2
    print(cls.__name__, o.__dict__, o.a)
    o.b = 3
    o.more = 4
    print(sorted(o.__dict__.items()), o.a, o.b)
    del o.a
    print(hasattr(o, "a"), o.__dict__)
    try:
        del o.a
    except AttributeError as e:
        print("AttributeError", e)
    o.__dict__ = {"fresh": 5}
    print(o.b, o.fresh, o.__dict__, vars(o))
    o.a = 6
    print(o.a, o.__dict__)
    if cls is WithSlots:
        o.c = 7
        print(o.c, o.__dict__)


def capture(*args, **kwargs):
    return args, kwargs


p = functools.partial(capture, 1, a=2)
print(p.__dict__)
p.attr = []
print(p.__dict__, p(3))
p.__setstate__((capture, (1,), {"a": 10}, {"attr": []}))
print(p.__dict__, p.func is capture, p.args, p.keywords)


class MyPartial(functools.partial):
    pass


q = MyPartial(capture, 5)
q.note = "n"
print(q.__dict__, q(6))
