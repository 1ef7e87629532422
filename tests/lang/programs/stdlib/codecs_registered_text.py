# Checks: str.encode and bytes.decode with codecs the program registers (codecs.register): the
# VM's registry is asked when the host's does not know the encoding, with CPython's checks of a
# text encoding and of the coder's result, and the decoder given a memoryview.
import codecs
import warnings


class Rot(codecs.Codec):
    def encode(self, s, errors="strict"):
        if s == "boom":
            raise ValueError("boom")
        return bytes(ord(c) + 1 for c in s), len(s)

    def decode(self, b, errors="strict"):
        print("decoder got", type(b).__name__)
        return "".join(chr(c - 1) for c in bytes(b)), len(b)


def search(name):
    if name == "plusone":
        c = Rot()
        return codecs.CodecInfo(c.encode, c.decode, name="plusone")
    if name == "tostr":
        return codecs.CodecInfo(lambda s, e="strict": (s, len(s)), lambda b, e="strict": (b, len(b)), name="tostr")
    if name == "toba":
        return codecs.CodecInfo(lambda s, e="strict": (bytearray(b"x"), len(s)), lambda b, e="strict": (b"y", 1),
                                name="toba")
    if name == "binary":
        return codecs.CodecInfo(lambda s, e="strict": (b"", 0), lambda b, e="strict": ("", 0), name="binary",
                                _is_text_encoding=False)
    if name == "plain":
        return (lambda s, e="strict": (b"p" + s.encode(), len(s)), lambda b, e="strict": (str(bytes(b)), len(b)),
                None, None)
    return None


codecs.register(search)
print("abc".encode("plusone"), b"bcd".decode("plusone"), bytearray(b"bcd").decode("PlusOne"))
print("abc".encode(encoding="plusone", errors="ignore"), b"bcd".decode(errors="strict", encoding="plusone"))
print(codecs.encode("abc", "plusone"), codecs.decode(b"bcd", "plusone"))
print("q".encode("plain"), b"q".decode("plain"))
for call in (lambda: "x".encode("tostr"), lambda: b"x".decode("toba"), lambda: "x".encode("binary"),
             lambda: b"x".decode("binary"), lambda: "x".encode("nosuch"), lambda: b"x".decode("nosuch"),
             lambda: "boom".encode("plusone"), lambda: "x".encode("utf-8", "nosuchhandler")):
    try:
        print(call())
    except Exception as e:
        print(type(e).__name__, e)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    print("x".encode("toba"))
    print([(type(x.message).__name__, str(x.message), x.lineno) for x in w])
print(str(b"bcd", "plusone"), str(bytearray(b"bcd"), encoding="plusone"), str(memoryview(b"bcd"), "plusone"))
print(str(memoryview(b"abc"), "ascii"), str(memoryview(b"ab\xffc"), "ascii", "replace"))
