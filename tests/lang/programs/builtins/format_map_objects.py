# Checks: str.format_map formats the program's objects as str.format does (their own __repr__, __str__ and __format__, default reprs naming their class and module), reads each field through the mapping's __getitem__ (a dict subclass's __missing__ included), and refuses positional fields and wrong arguments with CPython's messages.
class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y

    def __repr__(self):
        return f"Point({self.x}, {self.y})"

    def __format__(self, spec):
        return f"<{self.x}:{self.y}{spec}>"


class Default(dict):
    def __missing__(self, key):
        return f"?{key}?"


o = object()
text = "a={a!r}".format_map({"a": o})
print(text == f"a={o!r}", text.startswith("a=<object object at 0x"))
print("{p!r} {p!s} {p} {p:spec} {p.x} {q[1]}".format_map({"p": Point(1, 2), "q": [5, 6]}))
print("{name} is {age:>4}".format_map(Default(name="Ann")))
print("{a:{w}}|".format_map({"a": "x", "w": 5}))
for bad in ("{0}", "{}"):
    try:
        bad.format_map({})
    except ValueError as e:
        print(type(e).__name__, e)
try:
    "{missing}".format_map({})
except KeyError as e:
    print("KeyError", e)
for args, kwargs in (((), {}), (({}, {}), {}), ((), {"a": 1})):
    try:
        "x".format_map(*args, **kwargs)
    except TypeError as e:
        print(e)
