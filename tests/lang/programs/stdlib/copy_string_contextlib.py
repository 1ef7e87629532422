# Checks: the VM's copy, string and contextlib modules against CPython's: shallow and deep copies of containers and instances (shared and cyclic parts), string constants and capwords, contextmanager (normal exit, exceptions passed in, caught and re-raised), suppress, nullcontext, closing.
import copy
import string
from contextlib import closing, contextmanager, nullcontext, suppress


class Box:
    def __init__(self, items, label):
        self.items = items
        self.label = label

    def __repr__(self):
        return f"Box({self.items!r}, {self.label!r})"


shared = [1, 2]
src = {"a": shared, "b": [shared, {"c": 3}], "t": (shared, 4)}
shallow = copy.copy(src)
deep = copy.deepcopy(src)
shared.append(9)
print(shallow, deep, deep["b"][0] is deep["a"], deep["t"][0] is deep["a"])
box = Box([1, [2]], "x")
b1, b2 = copy.copy(box), copy.deepcopy(box)
box.items[1].append(3)
print(b1, b2, b1.items is box.items, type(b2).__name__)
cyclic = [1]
cyclic.append(cyclic)
twin = copy.deepcopy(cyclic)
print(twin[1] is twin, twin[0], copy.copy((1, 2)), copy.deepcopy("s"))

print(string.ascii_lowercase, string.ascii_uppercase[:5], string.digits, string.hexdigits, string.octdigits)
print(repr(string.whitespace), len(string.printable), string.punctuation)
print(string.capwords("hello  big   world"), string.capwords("a-b-c", "-"))


@contextmanager
def tag(name, log):
    log.append("<" + name + ">")
    try:
        yield name.upper()
    except KeyError as e:
        log.append("handled " + repr(e))
    finally:
        log.append("</" + name + ">")


log = []
with tag("b", log) as t:
    log.append(t)
with tag("i", log):
    {}["missing"]
try:
    with tag("p", log):
        raise ValueError("not handled")
except ValueError as e:
    log.append("escaped " + repr(e))
print(log)
with suppress(KeyError, IndexError):
    [][1]
print("suppressed")
with nullcontext(42) as v:
    print(v)


class Resource:
    def close(self):
        print("closed")


with closing(Resource()) as r:
    print(type(r).__name__)
