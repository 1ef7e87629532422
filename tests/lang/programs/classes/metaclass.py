# Checks: metaclass= with a subclass of type: the class is an instance of it (type(), isinstance, __class__), inherits it, and gets its __iter__, __len__, __contains__, __getitem__, __reversed__, __bool__, __repr__, __call__, properties and methods; a metaclass conflict; __base__, __bases__, __mro__ and __dict__ of classes.
class Registry(type):
    def __iter__(cls):
        return iter(cls.items)

    def __len__(cls):
        return len(cls.items)

    def __contains__(cls, x):
        return x in cls.items

    def __getitem__(cls, k):
        return cls.items[k]

    def __reversed__(cls):
        return iter(cls.items[::-1])

    def __bool__(cls):
        return bool(cls.items)

    def __repr__(cls):
        return f"<registry {cls.__name__} of {len(cls)}>"

    @property
    def size(cls):
        return len(cls.items)

    def describe(cls, prefix):
        return (prefix, cls.__name__)


class Base(metaclass=Registry):
    items = [1, 2, 3]


class Child(Base):
    items = [4]


class NoItems(Base):
    items = []


print(list(Base), len(Base), 2 in Base, 9 in Base, Base[0], Base[-1], list(reversed(Base)))
print(repr(Base), str(Base), Base, Child, [Base, Child], bool(Base), bool(NoItems))
print(Base.size, Child.size, Base.describe("b"), Child.describe("c"), "yes" if NoItems else "no")
print(type(Base) is Registry, type(Child) is Registry, isinstance(Child, Registry),
      isinstance(Base, type), Base.__class__ is Registry, type(Registry) is type)
print([x * 2 for x in Child], sorted(Base, reverse=True), sum(Base), max(Base))
first, *rest = Base
print(first, rest)


class Counted(type):
    def __call__(cls, *args, **kwargs):
        cls.made = getattr(cls, "made", 0) + 1
        return ("made", cls.__name__, args, sorted(kwargs.items()), cls.made)


class Thing(metaclass=Counted):
    def __init__(self, x):
        raise AssertionError("the metaclass's __call__ decides")


print(Thing(1), Thing(2, k=3), Thing.made)


class Plain:
    pass


class Other(type):
    pass


try:
    class Mixed(Base, metaclass=Other):
        pass
except TypeError as e:
    print("TypeError", e)


class Explicit(Child, metaclass=Registry):
    items = ["e"]


class Deeper(Registry):
    pass


class Deep(Base, metaclass=Deeper):
    items = [0]


print(list(Explicit), type(Deep) is Deeper, isinstance(Deep, Registry), Deep.size)
print(Child.__base__ is Base, Child.__bases__ == (Base,), Plain.__bases__ == (object,),
      [k.__name__ for k in Deep.__mro__], object.__bases__)
print([k for k in Base.__dict__ if not k.startswith("__")], Child.__dict__["items"])
