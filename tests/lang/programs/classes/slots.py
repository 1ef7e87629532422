# Checks: __slots__ restricts attributes (AttributeError on others), slot defaults via __init__, inheritance of slots.
class P:
    __slots__ = ("x", "y")
    def __init__(self, x, y):
        self.x = x
        self.y = y
p = P(1, 2)
p.x = 10
print(p.x, p.y)
try:
    p.z = 3
except AttributeError as e:
    print("AttributeError:", e)
class Q(P):
    __slots__ = ("z",)
    def __init__(self, x, y, z):
        super().__init__(x, y)
        self.z = z
q = Q(1, 2, 3)
print(q.x, q.y, q.z, isinstance(q, P))
class Lazy:
    __slots__ = ("v",)
l = Lazy()
print(hasattr(l, "v"))
l.v = 5
print(hasattr(l, "v"), l.v)
try:
    print(Lazy().v)
except AttributeError as e:
    print("AttributeError:", type(e).__name__)
