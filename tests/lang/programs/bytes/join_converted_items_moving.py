# Checks: bytes.join and bytearray.join of items that must be converted first (a memoryview, a bytes or bytearray subclass, a generator) give the same bytes as CPython whatever moves while they are converted: the separator's length is read after the conversion allocated (under a GC stress period other than 1, a young separator moved and its old address was read: "Negative size passed to PyByteArray_FromStringAndSize").
# gc-debug: VMSAMPLE_GC_STRESS=13
class B(bytes):
    pass

results = set()
for i in range(300):
    for t in (bytes, bytearray):
        sep = t(b".:" * (i % 3))
        parts = [memoryview(b"ab" * (i % 5)), b"cd", B(b"ef"), bytearray(b"gh")]
        joined = sep.join(parts)
        again = sep.join(p for p in parts)
        results.add((t.__name__, bytes(joined), joined == again, type(joined).__name__))
for r in sorted(results):
    print(r)
