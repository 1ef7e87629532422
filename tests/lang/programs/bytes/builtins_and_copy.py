# Checks: bytes and bytearray with the builtins and the library around them: copy and deepcopy, reversed, any/all, zip/dict/map over bytes, truth in conditions, *= on an immutable bytes name.
import copy
ba = bytearray(b"abc")
c = copy.copy(ba); d = copy.deepcopy([ba, b"x"])
c.append(1)
print(ba, c, d, d[0] is ba, copy.copy(b"x"))
print(repr(iter(b"")).split(" ")[0], reversed(b"ab").__next__() if False else list(reversed(bytearray(b"ab"))))
print(b"abc".__len__() if False else 0, bytes.__name__, bytearray.__name__, bytes.fromhex.__name__ if False else "")
s = b"x"
s *= 3
print(s, [b for b in bytearray(3)], any(b"\x00\x01"), all(b"\x01"), dict(zip(b"ab", b"cd")))
print(b"a" if b"" else b"b", b"abc" and 1, {b"\x00": 1}.get(bytes(1)), list(map(hex, b"\x10\x20")))
