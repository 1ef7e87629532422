# Checks: import math: constants and common functions (sqrt, floor, ceil, trig, log, exp, fabs, gcd, isqrt, hypot, isclose).
import math
print(math.pi, math.e, math.inf, math.sqrt(2), math.sqrt(16), math.floor(-2.5), math.ceil(-2.5), math.floor(3), math.ceil(2.1))
print(math.sin(0), math.cos(0), math.sin(math.pi / 2), math.atan2(1, 1), math.tan(0.5))
print(math.log(math.e), math.log(8, 2), math.log10(1000), math.log2(1024), math.exp(1), math.exp(0))
print(math.fabs(-3), math.gcd(12, 18), math.isqrt(99), math.hypot(3, 4), math.isclose(0.1 + 0.2, 0.3))
print(math.pow(2, 10), math.trunc(-3.7), math.isnan(float("nan")), math.isinf(-math.inf), math.factorial(10))
print(type(math.floor(2.5)).__name__, type(math.sqrt(4)).__name__)
try:
    math.sqrt(-1)
except ValueError as e:
    print("ValueError:", e)
from math import sqrt, pi
print(sqrt(pi * pi))
