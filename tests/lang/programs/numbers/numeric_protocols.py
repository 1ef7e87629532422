# Checks: math's functions, int() and float() call a class's own numeric
# protocols (__index__, __float__, __floor__, __ceil__, __trunc__, __int__,
# arithmetic for math.prod), fall back where CPython falls back, and name the
# type in their errors; Fraction and Decimal work with math.
import math
from fractions import Fraction
from decimal import Decimal

class Idx:
    def __init__(self, v):
        self.v = v
    def __index__(self):
        return self.v

class FloatLike:
    def __init__(self, v):
        self.v = v
    def __float__(self):
        return self.v

class Rounding:
    def __floor__(self):
        return "floor"
    def __ceil__(self):
        return "ceil"
    def __trunc__(self):
        return 7
    def __float__(self):
        return 2.5

class Plain:
    pass

print(math.comb(Idx(5), Idx(2)), math.perm(Idx(5), 2), math.gcd(Idx(12), 18), math.lcm(Idx(4), Idx(6)))
print(math.isqrt(Idx(17)), math.factorial(Idx(5)), [1, 2, 3][Idx(1)])
print(math.sqrt(FloatLike(2.25)), math.floor(FloatLike(2.5)), math.ceil(FloatLike(2.5)))
print(math.hypot(FloatLike(3.0), 4), math.dist([FloatLike(1.0)], [4]), math.fsum([FloatLike(0.5), 1]))
print(math.floor(Rounding()), math.ceil(Rounding()), math.trunc(Rounding()), math.sqrt(Rounding()))
print(math.isclose(Decimal("1.00000001"), Decimal("1.0")), math.isclose(Fraction(1, 3), 0.3333333333))
print(math.prod([Fraction(1, 2), Fraction(2, 3)]), math.prod([2.0, Fraction(1, 4)]), math.prod([3, Fraction(1, 3)]))
print(math.floor(Fraction(7, 2)), math.ceil(Fraction(7, 2)), math.trunc(Fraction(-7, 2)), math.isfinite(Decimal(3)))
print(int(Idx(9)), float(Idx(3)), float(FloatLike(1.5)))
for f, args in [(math.sqrt, (Plain(),)), (math.comb, (Plain(), 1)), (math.floor, (Plain(),)),
                (math.trunc, (Plain(),)), (int, (Plain(),)), (float, (Plain(),)), (math.sqrt, (Idx(-1),))]:
    try:
        print(f(*args))
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)

class BadIndex:
    def __index__(self):
        return 1.5

class Raises:
    def __float__(self):
        raise ZeroDivisionError("from __float__")

for f, x in [(math.comb, BadIndex()), (math.sqrt, Raises()), (int, BadIndex())]:
    try:
        print(f(x, 1) if f is math.comb else f(x))
    except (TypeError, ZeroDivisionError) as e:
        print(type(e).__name__, e)
print(int("100", base=2))
for kw in ({"x": 1.2}, {"base": 10}):
    try:
        int(**kw)
    except TypeError as e:
        print("TypeError:", e)

# int() through __trunc__ and a __complex__ giving a complex subclass warn,
# through the program's warnings module.
import warnings

class JustTrunc:
    def __trunc__(self):
        return 42

class ComplexSub(complex):
    def __complex__(self):
        return self

class ComplexLike:
    def __complex__(self):
        return ComplexSub(1, 2)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(int(JustTrunc()), complex(ComplexLike()))
print([(w.category.__name__, str(w.message)[:60]) for w in caught])
with warnings.catch_warnings():
    warnings.simplefilter("error")
    try:
        int(JustTrunc())
    except DeprecationWarning as e:
        print("DeprecationWarning:", e)

# Conversions that return a subclass's instance, on a plain class and on
# subclasses of int and float: CPython's checks and deprecation warnings.
class OtherFloat(float):
    pass

class GivesSub:
    def __float__(self):
        return OtherFloat(4.5)
    def __index__(self):
        return True

class FloatSelf(float):
    def __float__(self):
        return self

class FloatGivesInt(float):
    def __float__(self):
        return 42

class IntGivesBool(int):
    def __int__(self):
        return True

class IntGivesFloat(int):
    def __int__(self):
        return 4.0

class StrFloat(str):
    def __float__(self):
        return float(str(self)) + 1

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    for f, x in [(float, GivesSub()), (int, GivesSub()), (float, FloatSelf(2.5)), (float, FloatGivesInt(1.0)),
                 (int, IntGivesBool(7)), (int, IntGivesFloat(7)), (float, StrFloat("8")), (int, IntGivesBool(0))]:
        try:
            r = f(x)
            print(r, type(r).__name__)
        except TypeError as e:
            print("TypeError:", e)
print([str(w.message)[:50] for w in caught])
