# Checks: isinstance/issubclass with X | Y unions, nested tuples and objects whose type has __instancecheck__; str subclasses as operands of str methods and 'in'; a bool as a sequence repeat count.
class M(str):
    pass


print(M("a") in "abc", "a" in M("abc"), M("ab").find(M("b")), "x-y".split(M("-")), M("q").join(["1", "2"]))
print(isinstance(1, int | str), issubclass(bool, int | None), isinstance(1, (str, (int, list))),
      isinstance(None, int | None), isinstance("s", (bytes, (list, (tuple, str)))))


class Checker:
    def __instancecheck__(self, obj):
        return obj == 42

    def __subclasscheck__(self, cls):
        return cls is float


print(isinstance(42, Checker()), isinstance(41, Checker()), issubclass(float, Checker()), issubclass(int, (Checker(), str)))
for bad in (1, "x", [int]):
    try:
        isinstance(1, bad)
    except TypeError as e:
        print("TypeError:", e)
    try:
        issubclass(int, bad)
    except TypeError as e:
        print("TypeError:", e)
try:
    issubclass(1, int)
except TypeError as e:
    print("TypeError:", e)
print(True * [1], [2] * False, (1 != 2) * "ab", True * (1,), b"x" * True)
