# Checks: a set display whose items CPython's optimizer folds to constants
# (2**40, 1 << 100, 3 * 7, ...) is laid out as CPython lays out its frozenset
# constant: the same iteration order (found by tools/fuzz_vm.py, seed 517).
print({-5, 100, 2**40, 8, 16})
s = {-5, 100, 2**40, 8, 16}
print(s, sorted(s), repr(s))
print({2**40, 1 << 100, 3 * 7, 2.5 * 2, 10 // 3, -7 % 3, 1 / 4, 2 ** -1, 5 - 9, 1 << 3, 9 >> 1, 6 & 3, 6 | 9, 6 ^ 3})
# Too big to fold (over 128 bits) or raising: built item by item instead.
print({2**200, 1, 2}, {1 << 130, 5, 6}, {3 ** 90, 4, 5}, {2 ** 127, 9, 17})
x = 0
try:
    print({1 // x, 2, 3})
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
