# Checks: the VM's abc against CPython's: ABC and metaclass=ABCMeta, abstractmethod on methods, properties, class and static methods; instantiation refused until every abstract method is overridden (the message lists them sorted); __abstractmethods__; register() and virtual subclasses; __subclasshook__; isinstance/issubclass answers and errors; update_abstractmethods.
from abc import ABC, ABCMeta, abstractmethod, update_abstractmethods


class Shape(ABC):
    @abstractmethod
    def area(self):
        ...

    @abstractmethod
    def perimeter(self):
        ...

    def describe(self):
        return f"{type(self).__name__} area={self.area()} perimeter={self.perimeter()}"


class Square(Shape):
    def __init__(self, side):
        self.side = side

    def area(self):
        return self.side ** 2


class FullSquare(Square):
    def perimeter(self):
        return 4 * self.side


class Named(metaclass=ABCMeta):
    @property
    @abstractmethod
    def name(self):
        ...

    @classmethod
    @abstractmethod
    def make(cls):
        ...

    @staticmethod
    @abstractmethod
    def helper():
        ...


class Thing(Named):
    name = "thing"

    @classmethod
    def make(cls):
        return cls()

    @staticmethod
    def helper():
        return "helped"


for cls in (Shape, Square, Named):
    try:
        cls(2) if cls is Square else cls()
    except TypeError as e:
        print("TypeError", e)
print(sorted(Shape.__abstractmethods__), sorted(Square.__abstractmethods__),
      sorted(FullSquare.__abstractmethods__), sorted(Named.__abstractmethods__))
sq = FullSquare(3)
print(sq.describe(), isinstance(sq, Shape), issubclass(FullSquare, Shape), issubclass(int, Shape))
t = Thing.make()
print(t.name, t.helper(), isinstance(t, Named), type(Shape).__name__, isinstance(Shape, ABCMeta))


class Sized(ABC):
    @classmethod
    def __subclasshook__(cls, other):
        if cls is Sized:
            return any("__len__" in k.__dict__ for k in other.__mro__)
        return NotImplemented


class Box:
    def __len__(self):
        return 0


print(isinstance(Box(), Sized), issubclass(Box, Sized), isinstance(3, Sized), issubclass(Square, Sized))


class Drawable(ABC):
    pass


class Canvas:
    pass


print(issubclass(Canvas, Drawable), isinstance(Canvas(), Drawable))
print(Drawable.register(Canvas) is Canvas, issubclass(Canvas, Drawable), isinstance(Canvas(), Drawable))


class SubCanvas(Canvas):
    pass


print(issubclass(SubCanvas, Drawable), Drawable.register(SubCanvas) is SubCanvas)
for bad in [lambda: issubclass(3, Drawable), lambda: Drawable.register(3),
            lambda: Shape.register(FullSquare) and Square.register(Shape)]:
    try:
        print(bad())
    except (TypeError, RuntimeError) as e:
        print(type(e).__name__, e)


class Later(ABC):
    @abstractmethod
    def run(self):
        ...


class Impl(Later):
    pass


Impl.run = lambda self: "ran"
update_abstractmethods(Impl)
print(sorted(Impl.__abstractmethods__), Impl().run())
