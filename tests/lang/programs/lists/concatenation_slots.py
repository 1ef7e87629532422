# Checks: list.__add__/tuple.__add__ refuse another type (CPython's sequence concatenation slots raise, never NotImplemented) while [1] + x still reaches x.__radd__; list.__iadd__ extends by any iterable, for a list subclass too.
class Foo:
    def __radd__(self, other):
        return ("radd", other)
class L(list):
    def __add__(self, other):
        return ("L.add", super().__add__(other))
class T(tuple):
    pass
for src in ["[].__iadd__(None)", "[].__iadd__(3)", "[1] + None", "[1].__add__(None)", "[1].__add__((2,))",
            "[1].__iadd__((2, 3))", "[1].__iadd__('ab')", "[1] + Foo()", "(1,) + Foo()", "L([1]) + [2]",
            "L([1]) + (2,)", "T((1,)) + (2,)", "(1,).__add__([2])", "tuple.__add__((1,), T((2,)))",
            "list.__add__([1], L([2]))", "[1, 2].__mul__(2)"]:
    try:
        print(src, "->", eval(src))
    except Exception as e:
        print(src, "->", type(e).__name__, e)
x = [1]
x += (2, 3)
x += "ab"
print(x)
y = L([1])
y += {5: 6}
print(y, type(y).__name__)
