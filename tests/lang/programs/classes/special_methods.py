# Checks: __repr__ __str__ __eq__ __lt__ __add__ __len__ __iter__ __getitem__ __contains__ __hash__ used by builtins and operators.
class Vec:
    def __init__(self, *xs):
        self.xs = list(xs)
    def __repr__(self):
        return "Vec(" + ", ".join(repr(x) for x in self.xs) + ")"
    def __str__(self):
        return "<" + " ".join(str(x) for x in self.xs) + ">"
    def __eq__(self, other):
        return isinstance(other, Vec) and self.xs == other.xs
    def __lt__(self, other):
        return self.norm() < other.norm()
    def __add__(self, other):
        return Vec(*[a + b for a, b in zip(self.xs, other.xs)])
    def __len__(self):
        return len(self.xs)
    def __iter__(self):
        return iter(self.xs)
    def __getitem__(self, i):
        return self.xs[i]
    def __contains__(self, v):
        return v in self.xs
    def __hash__(self):
        return hash(tuple(self.xs))
    def norm(self):
        return sum(x * x for x in self.xs)
a = Vec(1, 2)
b = Vec(3, 4)
print(a, repr(a), str(b), [a, b], (a,), {"k": a})
print(a + b, a == Vec(1, 2), a == b, a != b, a < b, b < a, len(a), a[1], a[-1], 2 in a, 5 in a)
print(list(a), sorted([b, a, Vec(0, 0)]), max([a, b]), f"{a} {a!r}")
s = {a, Vec(1, 2), b}
print(len(s), Vec(3, 4) in s, {a: "first"}[Vec(1, 2)])
x, y = b
print(x, y, sum(b), bool(Vec()), bool(a))
