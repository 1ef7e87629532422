# Checks: sys.set_int_max_str_digits sets the limit that int() and str() of
# ints keep (CPython's setting, checks and messages).
import sys
print(sys.get_int_max_str_digits())
big = 10 ** 5000
try:
    str(big)
except ValueError as e:
    print("ValueError:", str(e)[:60])
sys.set_int_max_str_digits(6000)
print(sys.get_int_max_str_digits(), len(str(big)), int("9" * 5500) % 1000)
try:
    int("1" * 6001)
except ValueError as e:
    print("ValueError:", e)
sys.set_int_max_str_digits(maxdigits=0)
print(sys.get_int_max_str_digits(), len(str(10 ** 20000)), len(hex(10 ** 20000)))
for bad in (5, -1):
    try:
        sys.set_int_max_str_digits(bad)
    except ValueError as e:
        print("ValueError:", e)
sys.set_int_max_str_digits(4300)
print(int("0x" + "f" * 5000, 16) % 7, len(str(10 ** 4299)))
