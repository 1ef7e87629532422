# Checks: struct's pack/unpack/calcsize/unpack_from/iter_unpack/pack_into and Struct with byte orders, sizes, padding, floats, bytes and bools, and struct.error's messages.
import struct

int2byte = struct.Struct(">B").pack
print(int2byte(0), int2byte(255), [int2byte(i) for i in (65, 66)], struct.Struct(">B").size)
print(struct.pack("<I", 1), struct.pack(">I", 1), struct.pack("<hhl", 1, -2, 3), struct.pack("!d", 1.5))
print(struct.unpack("<I", b"\x01\x00\x00\x00"), struct.unpack(">hH", b"\xff\xfe\x00\x10"), struct.calcsize("<iqd"))
print(struct.pack("3s?x", b"abcd", True), struct.unpack("3s?x", b"ab\x00\x01\x00"), struct.calcsize("@ci"))
print(struct.unpack_from("<H", b"\x00\x01\x02\x03", 1), list(struct.iter_unpack("<h", b"\x01\x00\x02\x00")))
s = struct.Struct("<2sf")
print(s.format, s.size, s.pack(b"xy", 0.25), s.unpack(s.pack(b"xy", 0.25)), s.unpack_from(b"..xy\x00\x00\x80>", 2))
buf = bytearray(8)
struct.pack_into("<HH", buf, 2, 513, 65535)
s.pack_into(buf, 0, b"zz", 0.0)
print(buf, struct.pack(b"<q", -1))
for bad in [lambda: struct.pack("<B", 256), lambda: struct.unpack("<I", b"\x00"), lambda: struct.calcsize("y"),
            lambda: struct.pack("<i", 1.5), lambda: struct.pack("<ii", 1)]:
    try:
        bad()
    except struct.error as e:
        print("struct.error", e)
    except TypeError as e:
        print("TypeError", e)
