# Checks: float arithmetic, mixed int/float, float floor division and modulo with negatives.
a = 7.5
b = -2.0
print(a + b, a - b, a * b, a / b, a // b, a % b, a ** 2, -a)
print(7.0 // 2, -7.0 // 2, 7.0 % 3, -7.0 % 3, 7.0 % -3, -7.5 // -2)
print(1 + 2.0, 3 * 0.5, 10 / 4, 2 ** 0.5, 1e3 + 1)
print(0.1 + 0.2 == 0.3, abs(0.1 + 0.2 - 0.3) < 1e-9)
x = 1.0
for i in range(10):
    x = x * 1.5 + 0.25
print(x)
s = 0.0
for i in range(1, 1001):
    s += 1.0 / (i * i)
print(s)
print(divmod(7.5, 2), divmod(-7.5, 2), divmod(7.5, -2))
print(float(3), float(-2), 3.0 == 3, 2.5 > 2, int(2.999), 1.0 / 8)
try:
    print(1.0 / 0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    print(5.0 // 0.0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
