# Checks: import random: seeded generators give values in the documented ranges; shuffle/sample keep elements (stream-independent facts only).
import random
random.seed(12345)
fs = [random.random() for _ in range(1000)]
print(all(0.0 <= f < 1.0 for f in fs), len(set(fs)) > 990)
ints = [random.randint(1, 6) for _ in range(600)]
print(min(ints), max(ints), sorted(set(ints)))
rs = [random.randrange(0, 10, 2) for _ in range(200)]
print(sorted(set(rs)))
xs = list(range(20))
random.shuffle(xs)
print(sorted(xs) == list(range(20)), len(xs))
print(random.choice(["only"]), random.choice("abc") in "abc")
smp = random.sample(range(100), 10)
print(len(smp), len(set(smp)), all(0 <= v < 100 for v in smp))
u = [random.uniform(-2.0, 3.0) for _ in range(100)]
print(all(-2.0 <= v <= 3.0 for v in u))
random.seed(7)
a = [random.random() for _ in range(5)]
random.seed(7)
b = [random.random() for _ in range(5)]
print(a == b)
