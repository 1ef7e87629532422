# Checks: exact arithmetic near the 62-bit signed limits [-2**61, 2**61 - 1] (products, sums, floor division, comparisons).
big = 2 ** 60
top = big - 1 + big
print(big, top, -top - 1, big + big // 2, -big - big // 2)
print(top - top, top // 3, top % 1000, -top // 7, top > big, -top - 1 < -big)
a = 1518500249
print(a * a, a * a % 1000000007, top - a * a)
h = 0
for i in range(200):
    h = (h * 31 + i) % 1000000007
print(h)
fib = [0, 1]
while len(fib) < 90:
    fib.append(fib[-1] + fib[-2])
print(fib[-1], fib[60], fib[89] > fib[88], top - fib[89])
print(max(big, big - 1), big == 2 ** 60, big != 2 ** 60 + 1, big > 2 ** 59, 10 ** 18 * 2)
