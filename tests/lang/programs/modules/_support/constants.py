# Heap constants (floats, big ints, tuples, bytes, long strings) in a module
# body and nested functions: loading them allocates, so collections run in the
# middle of loading this module's code objects.
BIG = 2 ** 100 + 7
RATIO = 0.1 + 0.2
TABLE = (1.5, 2.5, (3 ** 70, b"bytes"), "a string long enough to be a heap object, surely")


def outer():
    limits = (1e300, -2.5e-300, 10 ** 40)

    def inner(k):
        return (k * 0.25, k + 2 ** 90, limits, b"\x00\x01" * k, frozenset({1.25, 2.75}))

    return inner


def more(n):
    return [(n, 3.75, 7 ** 50, ("nested", (4.5, 5 ** 30)))] * n
