# Checks: the VM's enum against CPython's: members in definition order, aliases, private and sunder names, methods and properties, lookup by value (calling the class), by name and through _missing_, iteration, reversed, len, in, __members__, auto() and _generate_next_value_, tuple values passed to __init__, a custom __new__, _ignore_, unique, hashing and copying, reprs, strs and format, the errors.
import copy
from enum import Enum, EnumMeta, EnumType, auto, unique


class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3
    CRIMSON = 1
    _hidden = 5
    _Color__private = 6

    def describe(self):
        return f"{self.name.lower()}={self.value}"

    @property
    def is_warm(self):
        return self is Color.RED

    @classmethod
    def default(cls):
        return cls.GREEN


print(list(Color), len(Color), list(reversed(Color)))
print(Color.RED, repr(Color.RED), Color.CRIMSON is Color.RED, Color.CRIMSON.name)
print(Color(2), Color["BLUE"], Color(Color.RED), Color.RED.describe(), Color.RED.is_warm,
      Color.default())
print(Color.__members__, repr(Color.__members__), list(Color.__members__))
print(Color._member_names_, Color._value2member_map_, Color._Color__private)
print(repr(Color), str(Color), Color, Color.__name__)
print(isinstance(Color.RED, Color), type(Color.RED) is Color, isinstance(Color, EnumMeta),
      EnumMeta is EnumType, type(Color) is EnumType)
print(Color.RED in Color, Color.RED == 1, Color.RED != Color.GREEN, Color.RED == Color.CRIMSON)
print(hash(Color.RED) == hash("RED"), {Color.RED: "r", Color.GREEN: "g"}[Color.CRIMSON])
print(f"{Color.BLUE}", f"[{Color.BLUE:>12}]", "{}".format(Color.GREEN), str(Color.GREEN))
print(copy.copy(Color.RED) is Color.RED, copy.deepcopy([Color.RED])[0] is Color.RED)
print(sorted(Color, key=lambda c: c.value), max(Color, key=lambda c: c.value))
print([c.name for c in Color if c.value > 1], dict((c.name, c.value) for c in Color))
a, b, c, d = Color
print(a, b, c, d)


class Planet(Enum):
    MERCURY = (3.303e23, 2.4397e6)
    EARTH = (5.976e24, 6.37814e6)

    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius

    @property
    def surface_gravity(self):
        return 6.673e-11 * self.mass / (self.radius * self.radius)


print(Planet.EARTH.value, Planet.EARTH.mass, round(Planet.EARTH.surface_gravity, 3),
      Planet((3.303e23, 2.4397e6)))


class Ordinal(Enum):
    FIRST = auto()
    SECOND = auto()
    TENTH = 10
    ELEVENTH = auto()


print(list(Ordinal), Ordinal.ELEVENTH.value)


class Named(Enum):
    def _generate_next_value_(name, start, count, last_values):
        return name.lower() + str(count)
    NORTH = auto()
    SOUTH = auto()


print(list(Named), Named("south1"))


class Coded(Enum):
    def __new__(cls, code, label):
        member = object.__new__(cls)
        member._value_ = code
        member.label = label
        return member
    OK = (200, "fine")
    MISSING = (404, "not found")


print(Coded(404), Coded.OK.label, Coded.MISSING.value)


class Lenient(Enum):
    _ignore_ = "scratch"
    scratch = 99
    ONE = 1
    TWO = 2

    @classmethod
    def _missing_(cls, value):
        if isinstance(value, str):
            return cls[value.upper()]
        return None


print(Lenient("two"), list(Lenient), hasattr(Lenient, "scratch"))


class Unhashable(Enum):
    A = [1, 2]
    B = [3]


print(Unhashable([3]), Unhashable.A.value)


class Empty(Enum):
    pass


class Extended(Empty):
    X = auto()


print(list(Empty), len(Empty), bool(Empty), list(Extended))


@unique
class Distinct(Enum):
    A = 1
    B = 2


print(list(Distinct))

tests = [lambda: Color(9), lambda: Color["PURPLE"], lambda: Color.RED < Color.GREEN,
         lambda: Lenient(7)]
for bad in tests:
    try:
        bad()
    except (ValueError, KeyError, TypeError) as e:
        print(type(e).__name__, e)
try:
    class More(Color):
        PURPLE = 4
except TypeError as e:
    print("TypeError", e)
try:
    @unique
    class Twice(Enum):
        A = 1
        B = 1
        C = 2
        D = 2
except ValueError as e:
    print("ValueError", e)
