# Checks: the VM's fractions.Fraction against CPython's: construction from
# ints, pairs, floats, strings and Fractions (normalised, sign on the
# numerator), repr/str, arithmetic with ints, Fractions and floats (exact or
# float results), powers, floor/mod/divmod, rounding, comparisons and
# equality across types, hashes equal to equal numbers', limit_denominator,
# use as dict keys and in sum/min/max/sorted, and the errors.
from fractions import Fraction
from collections import defaultdict
import math

values = [Fraction(), Fraction(3), Fraction(6, -4), Fraction(0, -5), Fraction(0.375), Fraction(-2.5),
          Fraction("3/7"), Fraction(" -12/8 "), Fraction("1.25"), Fraction("-2e-3"), Fraction("1_000"),
          Fraction(Fraction(1, 3), Fraction(2, 5)), Fraction(True), Fraction(1e20), Fraction(0.1)]
print(values)
print([str(v) for v in values], [v.numerator for v in values[:4]], [v.denominator for v in values[:4]])
a, b = Fraction(1, 3), Fraction(-5, 6)
print(a + b, a - b, a * b, a / b, a // b, a % b, divmod(b, a), -a, +b, abs(b), a ** 2, b ** -3, a ** 0)
print(a + 1, 1 + a, a - 2, 2 - a, a * 3, 3 * a, a / 4, 4 / a, 7 // a, 7 % a, a + 0.5, 0.5 - a, a * 1.5, 2.0 ** a)
print(a == Fraction(2, 6), a == 1 / 3, Fraction(1, 2) == 0.5, Fraction(2) == 2, a != b, a < b, a > b, b <= -1, a >= 0.3, a < 1)
print(float(a), int(b), int(Fraction(7, 2)), b.__floor__(), b.__ceil__(), round(Fraction(5, 2)), round(Fraction(7, 2)),
      round(Fraction(-3, 8), 1), round(Fraction(1234, 1), -2), bool(Fraction(0)), bool(a))
print(hash(Fraction(4, 2)) == hash(2), hash(Fraction(1, 2)) == hash(0.5), hash(Fraction(1, 3)), hash(Fraction(-7, 9)), hash(Fraction(0)))
print(Fraction(math.pi).limit_denominator(), Fraction(math.pi).limit_denominator(100), Fraction(3, 7).limit_denominator(5),
      Fraction(10, 4).as_integer_ratio(), Fraction.from_float(0.75), Fraction.from_float(3))
d = defaultdict(Fraction)
for i in range(1, 8):
    d[i % 3] += Fraction(1, i)
print(dict(d), sum(d.values()), min(d.values()), max(d.values()), sorted([b, a, Fraction(0), Fraction(1, 4)]))
print({Fraction(1, 2): "half", Fraction(2): "two"}[Fraction(2, 4)], Fraction(2) in {2: 1}, 0.5 in {Fraction(1, 2)})
total = Fraction(0)
for k in range(1, 30):
    total += Fraction(1, k * (k + 1))
print(total, 1 - total, total * 30 == 29)
for bad in [lambda: Fraction(1, 0), lambda: Fraction("x"), lambda: Fraction("1/"), lambda: Fraction([1]),
            lambda: Fraction(1.5, 2), lambda: a / Fraction(0), lambda: Fraction(0) ** -1, lambda: Fraction(float("nan")),
            lambda: Fraction(float("inf")), lambda: a < "x", lambda: a + "x", lambda: Fraction(1, 2).limit_denominator(0)]:
    try:
        print(bad())
    except (ZeroDivisionError, ValueError, TypeError, OverflowError) as e:
        print(type(e).__name__, e)
