# Checks: big-int + - on any two ints, * by a 64-bit int, // and % by a positive small int (vm/bigints.pxi's C paths) at the byte and word boundaries of the two's complement payload (+-2**(8k-1), +-2**(64k)), the tagged-int edges, bools, and long chains mixing them with the converted paths.
import random
random.seed(5)
edges = [0, 1, -1, 2**62-1, -2**62, 2**62, -2**62-1, 2**63-1, 2**63, -2**63, -2**63-1, 2**64-1, 2**64, -2**64,
         2**127, -2**127, 2**128, -2**128, 2**200+1, -2**200, True, False, 3, -7]
for k in range(1, 40):
    edges += [2**(8*k-1), -2**(8*k-1), 2**(8*k-1)-1, -2**(8*k-1)+1, 2**(64*k), -2**(64*k)]
vals = edges + [random.randrange(-2**300, 2**300) for _ in range(60)] + [random.randrange(-2**70, 2**70) for _ in range(60)]
smalls = [1, 2, 3, 7, 10, 2**62-1, -2**62, -1, -3, 2**31, 255, 256]
acc = 0                     # (a digest: every result feeds it)
for a in vals:
    for b in vals[::3]:
        acc ^= hash((a + b, a - b, b - a))
    for m in smalls:
        acc ^= hash((a * m, m * a))
        if m > 0:
            acc ^= hash((a // m, a % m))
print(acc)
x = 1
for i in range(1, 300):
    x = x * (2*i+1) + i
    x = x - 3 * x // 7
print(x % 1000000007, x.bit_length())
print([(v * 3 + 1, v - 2**64, (v << 1) // 2, -v % 10) for v in edges[:30]])
