# Checks: infinite generators consumed partially, generators holding state (fib, primes sieve).
def naturals():
    n = 0
    while True:
        yield n
        n += 1
def take(n, it):
    out = []
    for x in it:
        if len(out) == n:
            break
        out.append(x)
    return out
def fibs():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
def primes():
    found = []
    for n in naturals():
        if n < 2:
            continue
        if all(n % p for p in found if p * p <= n):
            found.append(n)
            yield n
print(take(5, naturals()), take(12, fibs()), take(15, primes()))
it = fibs()
print([next(it) for _ in range(5)], next(it))
