# Checks: conversions between bytes, str and int: str(b, encoding), encode/decode with errors, int.to_bytes/int.from_bytes (orders, signed, bools), bytes of ints from comprehensions, and hex round trips.
data = "Grüße, 世界".encode("utf-8")
print(data, str(data, "utf-8"), str(data, encoding="utf-8"), str(b"\xff", "latin-1"), str(b"\xffok", "ascii", "ignore"))
print("x".encode("utf-16-le"), "é".encode("ascii", "replace"), "é".encode("ascii", "xmlcharrefreplace"))
print((5).to_bytes(2, "big"), (5).to_bytes(2, "little"), (-1).to_bytes(1, "big", signed=True), (2 ** 64).to_bytes(9, "big"))
print(int.from_bytes(b"\x01\x00", "little"), int.from_bytes(b"\x01\x00", "big"), int.from_bytes(b"\xff", "big", signed=True),
      int.from_bytes(bytearray(b"\x00\x01"), byteorder="big"), int.from_bytes([1, 2], "big"), True.to_bytes(1, "big"))
print(bytes(c ^ 0x20 for c in b"Hello"), bytes.fromhex(b"hex!".hex()), bytes([b"a"[0] + 1]), chr(b"z"[0]))
for bad in [lambda: (256).to_bytes(1, "big"), lambda: str(b"\xff", "utf-8"), lambda: "é".encode("ascii"),
            lambda: int.from_bytes("s", "big")]:
    try:
        bad()
    except (OverflowError, UnicodeError, TypeError) as e:
        print(type(e).__name__, e)
print(int(b"12"), int(bytearray(b" -7 ")), float(b"1.5"), int(b"ff", 16), int("z", base=36), int(b"0x1f", 0))
print(format(b"x", ""), f"{b'ab'}|{bytearray(b'c')!r}|{b'd'!s}", "%s %r" % (b"e", bytearray(b"f")))
for bad in [lambda: int(5, 10), lambda: int("5", "10"), lambda: format(b"x", ">5"), lambda: int(b"x")]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
