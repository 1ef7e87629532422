# Checks: a prime sieve over a 100,000-entry list and binary search over its result.
# gc-debug: VMSAMPLE_GC_STRESS=97
def sieve(n):
    is_prime = [True] * (n + 1)
    is_prime[0] = is_prime[1] = False
    p = 2
    while p * p <= n:
        if is_prime[p]:
            is_prime[p * p::p] = [False] * len(range(p * p, n + 1, p))
        p += 1
    return [i for i, v in enumerate(is_prime) if v]
def bsearch(xs, target):
    lo, hi = 0, len(xs)
    while lo < hi:
        mid = (lo + hi) // 2
        if xs[mid] < target:
            lo = mid + 1
        else:
            hi = mid
    return lo
primes = sieve(100000)
print(len(primes), primes[:10], primes[-3:])
for q in [2, 3, 4, 97, 98, 99991, 100000]:
    i = bsearch(primes, q)
    print(q, i, i < len(primes) and primes[i] == q)
