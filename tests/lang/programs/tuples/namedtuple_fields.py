# Checks: a named tuple's fields read as collections' _tuplegetter.__get__ reads them (the VM
# answers most reads without calling it: vm/attributes.pxi, "named tuples' fields"): on the
# class, on an instance, on a subclass's instance (also one that overrides __getitem__ and
# __len__), through getattr, on a tuple and on objects that are no tuples.
import collections

Point = collections.namedtuple("Point", "x y")
p = Point(1, 2)
print(p.x, p.y, getattr(p, "y"), Point.x.__get__(p), Point.y.__get__(p, Point))
print(type(Point.x).__name__, Point.x.__doc__, Point.x.__get__(None, Point) is Point.x)
print(Point.x.__get__((7, 8)), Point.y.__get__((7, 8)))


class Sub(Point):
    __slots__ = ()

    def __getitem__(self, i):
        return "Sub.__getitem__"

    def __len__(self):
        return 0


s = Sub(3, 4)
print(s.x, s.y, s[0], len(s))

for bad in ([1, 2], "ab", 5):
    try:
        print(Point.x.__get__(bad))
    except TypeError as e:
        print("TypeError:", e)
try:
    print(Point.y.__get__((1,)))
except IndexError as e:
    print("IndexError:", e)

Wide = collections.namedtuple("Wide", [f"f{i}" for i in range(40)])
w = Wide(*range(40))
print(sum(getattr(w, f"f{i}") for i in range(40)), w.f39, w._replace(f3=-3).f3)
Nested = collections.namedtuple("Nested", "inner label")
n = Nested(p, "n")
print(n.inner.x + n.inner.y, n.label, n._asdict())
