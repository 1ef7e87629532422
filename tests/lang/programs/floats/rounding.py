# Checks: round() with and without ndigits (banker's rounding, float representation effects).
for v in [0.5, 1.5, 2.5, 3.5, -0.5, -1.5, 2.675, 1.005, 0.125, 0.375, 7.0, -7.45]:
    print(v, round(v), round(v, 1), round(v, 2))
print(round(1234.5678, -2), round(1250, -2), round(1350, -2), round(-1250, -2), round(17))
print(type(round(2.5)).__name__, type(round(2.5, 1)).__name__, type(round(7)).__name__)
print(round(1e20 / 3, 2), round(0.1 + 0.2, 10))
