# Checks: the match statement (PEP 634): literal, capture, wildcard, value, sequence (with a star),
# mapping (with **rest), class (positional via __match_args__, keyword, int/str matching themselves),
# or- and as-patterns, guards; a failed case binds nothing; what each test asks of the subject.
import collections
import dataclasses
import enum


class Color(enum.Enum):
    RED = 1
    GREEN = 2


@dataclasses.dataclass
class Point:
    x: int
    y: int


class Loud:
    __match_args__ = ("a", "b")

    def __init__(self, a, b):
        self._a, self.b = a, b

    @property
    def a(self):
        print("  (reading a)")
        return self._a


class Recorder(collections.abc.Mapping):
    def __init__(self, d):
        self.d = d

    def __getitem__(self, k):
        return self.d[k]

    def __iter__(self):
        return iter(self.d)

    def __len__(self):
        return len(self.d)

    def get(self, k, default=None):
        print("  (get", repr(k) + ")")
        return self.d.get(k, default)


def describe(subject):
    match subject:
        case None:
            return "None"
        case True | False as b:
            return f"bool {b}"
        case 0 | 0.0:
            return "zero"
        case int(n) if n < 0:
            return f"negative {n}"
        case int(n):
            return f"int {n}"
        case "" | b"":
            return "empty text"
        case str() as s if len(s) > 5:
            return f"long str {s[:5]}..."
        case str(s):
            return f"str {s}"
        case Color.RED:
            return "red"
        case Color():
            return f"other color {subject.name}"
        case []:
            return "empty sequence"
        case [x]:
            return f"one item {x!r}"
        case [first, *middle, last] if not middle:
            return f"pair {first!r} {last!r}"
        case [1, 2, *rest]:
            return f"starts 1, 2 then {rest}"
        case [first, *_, last]:
            return f"from {first!r} to {last!r}"
        case {"type": "point", "x": x, "y": y, **rest}:
            return f"point map {x},{y} rest {rest}"
        case {"type": kind}:
            return f"typed {kind}"
        case {}:
            return f"mapping of {len(subject)}"
        case Point(x=0, y=0):
            return "origin"
        case Point(0, y) | Point(y, 0):
            return f"on an axis at {y}"
        case Point(x, y) if x == y:
            return f"diagonal {x}"
        case Point(x=px, y=py):
            return f"point {px},{py}"
        case float(f) | complex(real=f):
            return f"number {f}"
        case _:
            return f"something else: {type(subject).__name__}"


for value in (None, True, False, 0, 0.0, -3, 7, "", b"", "abcdefgh", "hi", Color.RED, Color.GREEN,
              [], (), [5], (1, 9), [1, 2, 3, 4], [1, 2], range(3, 8), collections.deque("xyz"), "seq?",
              {"type": "point", "x": 1, "y": 2, "z": 3}, {"type": "circle"}, {1: 2}, {},
              Point(0, 0), Point(0, 5), Point(4, 0), Point(2, 2), Point(1, 3), 2.5, 1j, object, {1, 2}):
    print(repr(value)[:40], "->", describe(value))

# A failed case binds nothing; captures are stored before the guard runs.
unbound = "unbound"
match [1, 2]:
    case [unbound, 3]:
        pass
    case [a, b] if (a, b) == (0, 0):
        pass
    case _:
        print("failed cases:", unbound, "guard saw", a, b)

# What the tests ask of the subject: positional attributes through __match_args__, keys through get().
match Loud(1, 2):
    case Loud(1, 3):
        print("no")
    case Loud(a, b=2):
        print("loud", a)
match Recorder({"a": 1, "b": 2}):
    case {"a": 1, "c": _}:
        print("no")
    case {"b": value, **others}:
        print("recorder", value, others)

# Nested patterns and or-patterns binding the same names in different orders.
for item in ([("x", 1), ("y", [2, 3])], [("y", 1), ("x", [4])], [[1, 2], [3]]):
    match item:
        case [(("x" | "y") as k1, v1), (("x" | "y") as k2, [v2, *more])]:
            print("pairs", k1, v1, k2, v2, more)
        case [[a, b], [c]] | [[c], [a, b]]:
            print("nested", a, b, c)

# Errors CPython raises while matching.
class NotTuple:
    __match_args__ = ["x"]


class BadName:
    __match_args__ = (1,)


for subject, pattern in ((1, "case 1(x): pass"),):
    pass
for make in (lambda: NotTuple(), lambda: BadName()):
    try:
        match make():
            case NotTuple(x) | BadName(x):
                print("matched", x)
    except TypeError as e:
        print("TypeError:", e)
try:
    match Point(1, 2):
        case Point(1, 2, 3):
            pass
except TypeError as e:
    print("TypeError:", e)
try:
    match 5:
        case Color.RED.value.bit_length():
            pass
except Exception as e:
    print(type(e).__name__)
for source in ("match x:\n case y: pass\n case 1: pass", "match x:\n case [a, a]: pass",
               "match x:\n case [a] | (b,): pass", "match x:\n case {1: _, 1: _}: pass",
               "match x:\n case P(a=1, a=2): pass", "match x:\n case [*a, *b]: pass",
               "match x:\n case a | 1: pass", "match x:\n case _: pass\n case 1: pass"):
    try:
        compile(source, "<pattern>", "exec")
    except SyntaxError as e:
        print("SyntaxError:", e.msg, e.lineno, e.offset)

# A pattern in a loop, a function and a class body (captures are locals, globals, class attributes).
def classify(items):
    out = []
    for it in items:
        match it:
            case (k, v):
                out.append(f"{k}={v}")
            case _:
                continue
    return out


print(classify([("a", 1), 3, ("b", 2)]))


class Config:
    match {"debug": True}:
        case {"debug": debug}:
            pass


print(Config.debug)
