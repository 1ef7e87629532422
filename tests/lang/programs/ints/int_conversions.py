# Checks: int() from strings, floats and bools, truncation toward zero, and str()/repr() of ints.
print(int("42"), int("-17"), int("  8  "), int("+5"), int("0"))
print(int(3.9), int(-3.9), int(0.5), int(-0.5), int(1e10))
print(int(True), int(False), int(7))
print(int("ff", 16), int("777", 8), int("1010", 2), int("z", 36))
print(str(123), repr(-45), str(0), len(str(2 ** 60)))
try:
    int("abc")
except ValueError as e:
    print("ValueError:", e)
try:
    int("4.5")
except ValueError as e:
    print("ValueError:", e)
