# Checks: the VM's dataclasses against CPython's: fields from annotations, defaults and default_factory, generated __init__/__repr__/__eq__, order=True, unsafe_hash and frozen hashing, __post_init__, inheritance, fields/asdict/astuple/replace, and the errors of __init__ and of bad field orders.
from dataclasses import asdict, astuple, dataclass, field, fields, is_dataclass, replace
from typing import List


@dataclass
class Point:
    x: int
    y: int = 0


@dataclass(order=True)
class Version:
    major: int
    minor: int = 0
    label: str = field(default="", compare=False)


@dataclass
class Basket:
    owner: str
    items: List[str] = field(default_factory=list)
    total: float = field(default=0.0, repr=False)

    def __post_init__(self):
        self.total = float(len(self.items))


@dataclass(frozen=True)
class Key:
    name: str
    n: int


@dataclass
class Point3(Point):
    z: int = 0


p = Point(1)
print(p, Point(2, y=5), p == Point(1, 0), p == (1, 0), Point.__init__ is not object.__init__)
print(sorted([Version(1, 2), Version(0, 9, "beta"), Version(1, 0)]), Version(1) < Version(1, 1), Version(2, 0, "a") == Version(2, 0, "b"))
b = Basket("ann", ["apple", "pear"])
print(b, b.total, Basket("bob"), Basket("cid").items is not Basket("dan").items)
print({Key("a", 1): "first"}[Key("a", 1)], hash(Key("a", 1)) == hash(("a", 1)))
print(Point3(1, 2, 3), [f.name for f in fields(Point3)], is_dataclass(p), is_dataclass(5))
print(asdict(b), astuple(Point(3, 4)), replace(p, y=9), asdict(Basket("e", ["x"])))
for args, kwargs in [((), {}), ((1, 2, 3), {}), ((1,), {"w": 2}), ((1,), {"x": 2})]:
    try:
        Point(*args, **kwargs)
    except TypeError as e:
        print("TypeError:", e)
try:
    @dataclass
    class Bad:
        a: int = 1
        b: int
except TypeError as e:
    print("TypeError:", e)
try:
    @dataclass
    class Mutable:
        items: list = []
except ValueError as e:
    print("ValueError:", e)
try:
    hash(Point(1, 2))
except TypeError as e:
    print("TypeError:", e)
