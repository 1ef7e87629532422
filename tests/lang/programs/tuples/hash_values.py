# Checks: hash() of tuples is CPython's (xxHash over the item hashes, a signed
# 64-bit result; the VM masked it to 61 bits: found by tools/fuzz_vm.py).
print(hash(()), hash((1,)), hash((1, 2)), hash((-1, -2)), hash((1.5, -1)))
print(hash((True, False, 0)), hash(((1, 2), (3,))), hash((2**70, -2**64)))
print(hash((1, 2)) == hash((1, 2)), hash((1, 2)) == hash((2, 1)))
print({(1, 2): "a", (2, 1): "b"}[(2, 1)], len({(i, i % 3) for i in range(30)}))
