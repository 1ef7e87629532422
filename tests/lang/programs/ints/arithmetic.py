# Checks: + - * / // % ** on ints, unary minus/plus, precedence and int/float results.
a = 17
b = 5
print(a + b, a - b, a * b, a / b, a // b, a % b, a ** 2)
print(-a, +a, -(-a), 2 + 3 * 4, (2 + 3) * 4, 2 ** 3 ** 2, -2 ** 2)
print(7 / 7, 1 / 4, 10 / 3)
print(0 * -1, 0 // 5, 5 // 1, 1 % 1)
x = 10
x += 5
x -= 3
x *= 4
x //= 5
x %= 7
x **= 3
print(x)
total = 0
for i in range(1, 101):
    total += i * i
print(total)
print(type(7 // 2).__name__, type(7 / 2).__name__, type(2 ** -1).__name__, 2 ** -1)
print(True + True, True * 10, False - 1, 3 * False)
