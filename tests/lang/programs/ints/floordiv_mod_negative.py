# Checks: floor division and modulo of negative operands follow Python (floor), not C (truncation).
pairs = [(7, 2), (-7, 2), (7, -2), (-7, -2), (0, 3), (0, -3), (1, 3), (-1, 3), (1, -3), (-1, -3),
         (6, 3), (-6, 3), (6, -3), (-6, -3), (100, 7), (-100, 7), (100, -7), (-100, -7)]
for a, b in pairs:
    q = a // b
    r = a % b
    print(a, b, q, r, q * b + r == a, divmod(a, b))
print(-1 // 10, -9 // 10, -10 // 10, -11 // 10)
print(-1 % 10, -9 % 10, -10 % 10, -11 % 10)
print(2 ** 60 // -3, -(2 ** 60) % 1000, (2 ** 60 - 1 + 2 ** 60) // -2)
