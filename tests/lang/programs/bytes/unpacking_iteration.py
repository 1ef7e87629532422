# Checks: unpacking and star-expanding bytes and bytearray, iterating a bytearray that grows meanwhile, and find/index/rfind/count with negative and partial bounds.
a, b = b"xy"
c, *d = bytearray(b"123")
print(a, b, c, d, [*b"ab"], {*b"aa"}, (lambda *x: x)(*b"hi"))
x = bytearray(b"abc")
for i, ch in enumerate(x):
    if i == 0:
        x.append(100)
    print(i, ch)
print(x.find(b"c", -2), x.index(99), b"abc".rfind(b"b", 0, 1), b"aaa".count(b"a", 1))
print(b"abc".split(maxsplit=1), b"a b".split(None), bytes.maketrans(b"", b"")[:3])
