# Checks: & | ^ ~ << >> on positive and negative ints (two's complement semantics).
vals = [0, 1, 5, 12, -1, -5, 255, -256, 1000]
for a in vals:
    print(a, ~a, a << 3, a >> 1, a >> 3, a & 0xF, a | 0x10, a ^ 0xFF)
print(0b1010 & 0b0110, 0b1010 | 0b0110, 0b1010 ^ 0b0110)
print(1 << 40, (1 << 40) >> 39, -1 >> 100, 1 >> 100)
print(0o17, 0x7f, 0b11111111, 1_000_000)
mask = 0
for bit in [0, 3, 5, 7]:
    mask |= 1 << bit
print(mask, mask & (mask - 1), mask & -mask)
x = 0xFFFF
x &= 0x0F0F
x ^= 0x00FF
x <<= 2
x >>= 1
print(x)
