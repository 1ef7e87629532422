# Checks: while loops with complex conditions: Collatz lengths, digit sums, Euclid's gcd.
def collatz(n):
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps
print([collatz(n) for n in range(1, 20)])
best = max(range(1, 3000), key=collatz)
print(best, collatz(best))
def gcd(a, b):
    while b:
        a, b = b, a % b
    return a
print(gcd(1071, 462), gcd(17, 5), gcd(0, 9), gcd(2 ** 40, 6 ** 20))
n = 987654321
s = 0
while n > 0:
    s += n % 10
    n //= 10
print(s)
