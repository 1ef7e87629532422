# Checks: float repr corner cases: shortest round-trip digits, exponent switch, -0.0, inf, nan.
vals = [0.1, 0.2, 0.1 + 0.2, 1.0, -0.0, 0.0, 1e16, 1e15, 123456789012345678.0, 1e-4, 1e-5,
        0.00001234, 1.5e300, 2.5e-300, 1 / 3, 2 / 3, 100.0, 1e22, 1e23, 5e-324, 1.7976931348623157e308,
        3.141592653589793, 0.1 * 3, 1.1 * 1.1, 9007199254740993.0]
for v in vals:
    print(v, repr(v), str(v))
inf = float("inf")
nan = float("nan")
print(inf, -inf, nan, inf - inf, inf * 0, -inf < 0 < inf)
print(nan == nan, nan != nan, nan < 1, inf == inf)
print([0.5, -1.25, 1e100], (2.0,), {1.5: 2.5})
print(float("1e500"), float("-1e500"), float("-0"))
