# Checks: a class's __slots__ members enter its __dict__ sorted by their (mangled) names, as CPython's type_new_copy_slots sorts them, while __slots__ itself keeps the order written; the members of two classes with the same slots in another order read and write the same values.
class G:
    __slots__ = ["zeta", "alpha", "__private", "mid", "__dict__"]

class H(G):
    __slots__ = ("c", "b", "a")

print(list(G.__slots__), [k for k in G.__dict__ if not k.startswith("__")])
print([k for k in H.__dict__ if not k.startswith("__")])
print([type(G.__dict__[k]).__name__ for k in ("alpha", "_G__private", "mid", "zeta")])
h = H()
h.a, h.b, h.c, h.zeta, h.alpha, h.mid = 1, 2, 3, 4, 5, 6
h.extra = 7
print(h.a, h.b, h.c, h.zeta, h.alpha, h.mid, h.__dict__)
del h.b
print(hasattr(h, "b"), h.a, h.c)

class P:
    __slots__ = ["y", "x"]
class Q:
    __slots__ = ["x", "y"]
p = P()
p.x, p.y = "x", "y"
p.__class__ = Q
print(type(p).__name__, p.x, p.y)
