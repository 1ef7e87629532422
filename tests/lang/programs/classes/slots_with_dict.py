# Checks: a class whose __slots__ name "__dict__" besides other slots keeps the slots out of its instances' __dict__ (found by _functools.partial, which is such a class).
class Slotted:
    __slots__ = ("a", "b", "__dict__")

    def __init__(self):
        self.a = 1
        self.b = 2


s = Slotted()
print(s.__dict__, vars(s))
s.extra = 3
print(s.__dict__, s.a, s.b, sorted(k for k in dir(s) if not k.startswith("__")))
s.__dict__.clear()
print(s.__dict__, s.a, s.b)
del s.a
print(hasattr(s, "a"), s.__dict__)
