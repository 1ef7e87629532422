# Checks: bytes and bytearray +, *, +=, *=, in, ==/!=/</<= between bytes and bytearray, hashing (dict keys, sets), sorting, and %-formatting.
a, b = b"abc", bytearray(b"abd")
print(a + b, b + a, a * 3, 2 * b, a * 0, a * -1, b"" * 5, type(a + b).__name__, type(b + a).__name__)
print(a == b"abc", a == bytearray(b"abc"), bytearray(b"abc") == a, a != b, a == "abc", a < b, b > a,
      a <= b"abc", b >= b"abd", b"" < b"\x00", b"ab" < b"abc", b"b" > b"abc")
print(b"b" in a, b"bc" in a, b"" in a, 99 in a, 100 in a, b"x" not in b, bytearray(b"ab") in a)
d = {b"k": 1, b"": 2}
d[b"k2"] = 3
print(d[b"k"], d[bytes(b"k2")], b"" in d, len(d), sorted(d), hash(b"abc") == hash(b"ab" + b"c"))
s = {b"x", b"y", b"x", bytes([120])}
print(len(s), sorted(s), sorted([b"b", b"a", b"ab", b""]), sorted([bytearray(b"z"), bytearray(b"y")]))
c = bytearray(b"12")
alias = c
c += b"34"
c += bytearray(b"5")
c *= 2
print(c, alias is c, alias)
x = b"im"
y = x
x += b"mutable"
print(x, y, x is y)
print(b"%d %s %r %x %c %5.1f" % (42, b"bytes", b"r", 255, 65, 2.5), b"%s" % b"one", b"%%", bytearray(b"%d") % 7)
print(b"a" * 3 == b"aaa", [b"x"] * 2, (b"y",) * 2, b"abc"[1:] + b"abc"[:1])
