# Checks: allocations far beyond any memory fail at once with CPython's
# exception -- MemoryError, or OverflowError where the size does not fit a
# machine word -- and the program goes on.  A repeat count whose product
# wrapped around 64 bits once allocated a tiny list and wrote past it (a
# segfault); list(range(10**12)) once appended until memory ran out; a
# count below -2**63 once gave an empty sequence (found by the fuzzer).
def attempt(name, make):
    try:
        make()
        print(name, "allocated")
    except (MemoryError, OverflowError) as e:
        print(name, type(e).__name__)


def grow_in_place():
    x = [1, 2, 3]
    x *= 10**13


attempt("[0] * 10**12", lambda: [0] * 10**12)
attempt("'x' * 10**12", lambda: "x" * 10**12)
attempt("(1, 2) * 10**12", lambda: (1, 2) * 10**12)
attempt("[1, 2, 3, 4] * 2**62", lambda: [1, 2, 3, 4] * 2**62)
attempt("'abcd' * 2**62", lambda: "abcd" * 2**62)
attempt("2**62 * 'ab'", lambda: 2**62 * "ab")
attempt("[0] * 10**30", lambda: [0] * 10**30)
attempt("'x' * 10**30", lambda: "x" * 10**30)
attempt("-10**30 * (1, 2)", lambda: -10**30 * (1, 2))
attempt("list(range(10**12))", lambda: list(range(10**12)))
attempt("list(range(10**30))", lambda: list(range(10**30)))
attempt("x *= 10**13", grow_in_place)
attempt("1 << 10**12", lambda: 1 << 10**12)
print([0] * -5, "ab" * -1, [1] * 0, len([0] * 1000))
