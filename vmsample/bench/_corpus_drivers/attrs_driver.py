# Driver (written for vmsample's corpus) of attrs: classes defined by their attributes, validators, converters, evolve.
import attr
import attrs


@attrs.define
class Point:
    x: int = 0
    y: int = attrs.field(default=0, converter=int)

    def norm1(self):
        return abs(self.x) + abs(self.y)


@attrs.frozen(order=True)
class Version:
    major: int
    minor: int = 0
    tags: tuple = attrs.field(factory=tuple, eq=False)


@attr.s(auto_attribs=True, slots=True)
class User:
    name: str = attr.ib(validator=attr.validators.instance_of(str))
    age: int = attr.ib(default=0, validator=[attr.validators.instance_of(int), attr.validators.ge(0)])
    email: str = attr.ib(default=None, repr=False)
    friends: list = attr.ib(factory=list)

    @age.validator
    def _check_age(self, attribute, value):
        if value > 150:
            raise ValueError(f"{attribute.name} too large: {value}")


@attrs.define(kw_only=True)
class Config:
    path: str
    retries: int = 3
    ratio: float = attrs.field(default=0.5, validator=attrs.validators.and_(attrs.validators.ge(0), attrs.validators.le(1)))

    def __attrs_post_init__(self):
        self.path = self.path.rstrip("/")


p = Point(1, "2")
print(p, p == Point(1, 2), p.norm1(), attrs.asdict(p), attrs.astuple(p), attrs.evolve(p, x=5))
p.x = 10
print(p, [a.name for a in attrs.fields(Point)], attrs.has(Point), attrs.has(int))
v1, v2 = Version(1, 2, ("a",)), Version(1, 10)
print(v1 < v2, sorted([v2, v1, Version(0, 9)]), v1 == Version(1, 2), hash(v1) == hash(Version(1, 2, ("b",))))
try:
    v1.major = 3
except attrs.exceptions.FrozenInstanceError as e:
    print("frozen:", type(e).__name__)
u = User("ann", 30, email="a@x")
print(u, attr.asdict(u), attr.asdict(u, filter=attr.filters.exclude(attr.fields(User).email)))
for args in [(5,), ("bob", -1), ("bob", 200), ("bob", "x")]:
    try:
        User(*args)
    except (TypeError, ValueError) as e:
        print("invalid", args, "->", type(e).__name__, str(e).split(",")[0][:60])
c = Config(path="/tmp/x/", retries=5)
print(c, attrs.fields_dict(Config)["ratio"].default)
try:
    Config(path="p", ratio=2)
except ValueError as e:
    print("ratio:", str(e)[:40])
try:
    Config("positional")
except TypeError as e:
    print("kw_only:", type(e).__name__)
Dynamic = attrs.make_class("Dynamic", {"a": attrs.field(default=1), "b": attrs.field(default=[2])})
print(Dynamic(), Dynamic(b=3) != Dynamic(), attrs.resolve_types(Point) is Point)
