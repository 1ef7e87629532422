# Checks: ** with int exponents, negative exponents (float result), zero cases and right associativity.
for base in range(-3, 4):
    row = []
    for e in range(0, 6):
        row.append(base ** e)
    print(base, row)
print(2 ** 10, 2 ** 30, 2 ** 60, 3 ** 38, (-3) ** 37)
print(0 ** 0, 1 ** 100, (-1) ** 101, (-2) ** 3)
print(2 ** -2, 10 ** -3, (-2) ** -1)
print(2 ** 3 ** 2, (2 ** 3) ** 2)
print(2.0 ** 10, 4 ** 0.5, 9 ** 0.5)
