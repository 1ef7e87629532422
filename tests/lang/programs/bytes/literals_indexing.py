# Checks: bytes literals (escapes, raw, implicit concatenation), len, indexing to ints (negative too), slicing with steps, iteration, repr and str, truth, and bytes() / bytearray() from ints, iterables, bytes-likes and encoded strings.
b = b"hello\x00\xff\n\t'\"" b"\\end"
print(b, len(b), b[0], b[-1], b[5], b[-2], repr(b), str(b))
print(b[1:3], b[:0], b[::2], b[::-1], b[100:], b[-3:], b[2:8:3], b[8:2:-2])
print(rb"\d+\n", br"raw", b"", bool(b""), bool(b"x"), not b"")
print(list(b"abc"), [c for c in b"\x00\x7f\x80\xff"], tuple(bytearray(b"hi")), sum(b"\x01\x02\x03"))
print(bytes(), bytes(4), bytes([0, 1, 127, 128, 255]), bytes(range(65, 70)), bytes((x * 2 for x in range(5))))
print(bytes(b"copy"), bytes(bytearray(b"from array")), bytes("héllo", "utf-8"), bytes("abc", encoding="ascii"))
print(bytearray(), bytearray(3), bytearray([104, 105]), bytearray(b"xyz"), bytearray("ü", "utf-8"))
print(bytes([True, False]), bytearray(range(3)), bytes(sorted(b"banana")), bytes(reversed(b"abc")))
it = iter(b"ok")
print(next(it), next(it), next(it, "done"), enumerate(b"ab").__next__() if False else list(enumerate(b"ab")))
print(max(b"azb"), min(b"azb"), b"abc"[True], bytearray(b"xyz")[-1], ord(b"A"), ord(bytearray(b"z")))
print(type(b).__name__, type(bytearray()).__name__, isinstance(b, bytes), isinstance(bytearray(), bytes),
      isinstance(b"", (str, bytes)), type(b"") is bytes, bytes is not bytearray)
