# Checks: complex compares and hashes by value with ints and floats (1 ==
# 1+0j, dict keys), its truth, abs(), format() with a spec, complex(complex),
# and the TypeError of ordering complex numbers.
values = [0j, 1 + 0j, 2.5 + 0j, 3 + 4j, -1j, complex(-0.0, 0.0), complex(1e300, 1e300)]
others = [0, 1, 2.5, -0.0, True, False, 10**30]
for z in values:
    print(repr(z), bool(z), abs(z), hash(z) == hash(complex(z.real, z.imag)))
    print("  ", [z == x for x in others], [x != z for x in others])
for x in range(-5, 6):
    print(x, hash(x) == hash(complex(x, 0)), hash(x / 3) == hash(complex(x / 3, 0.0)))
print(complex(3, 4) == complex(3, 4), complex(3, 4) != complex(3, 4), 0j == 0, 1j == 1j)
d = {1: "one", 2.5: "two and a half", 3 + 4j: "three four"}
print(d[1 + 0j], d[complex(2.5)], d[complex(3, 4)], 1j in d, 0j in {0})
print(sorted({1, 1 + 0j, 1.0, 2j, 2j}, key=abs))
for a, b in [(1j, 2j), (1j, 1), (1, 1j), (1j, 1.5)]:
    try:
        print(a < b)
    except TypeError as e:
        print("TypeError:", e)
print([1 + 2j, 3j].index(3j), (1 + 2j) in [1, 1 + 2j], [0j, 0].count(0))
print(format(1 + 3j, ""), format(3.2 + 0j, "-"), format(4 / 7 - 100j / 7, "10"))
print(format(1 + 3j, "g"), format(1.5 - 2j, ">20.3f"), format(-1j, "+.2e"), format(3j, "^12"))
print(f"{2 - 1j:*<16}|{complex(1.25, -0.5):.1f}|{0j!r:>6}")
print(complex(1 + 2j), complex(1 + 2j, 1j), complex(2.5), complex("1+2j"), complex(" -3.5j "))
print(not 0j, not complex(0.0, -0.0), not complex(1e-300, 0))
c = 1 + 2j
print(complex(c) is c, (-8.0) ** (1 / 3), (-2) ** 0.5, pow(-4.0, 0.5))
