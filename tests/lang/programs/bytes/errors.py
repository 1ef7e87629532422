# Checks: the errors bytes and bytearray raise, with CPython's types and messages: bad indices, items out of range, mixing with str, unhashable bytearray, bad constructor arguments and methods given the wrong types.
def attempt(label, f):
    try:
        r = f()
    except Exception as e:
        print(label, type(e).__name__, e)
    else:
        print(label, "ok", r)


b = b"abc"
ba = bytearray(b"abc")
attempt("index", lambda: b[3])
attempt("neg index", lambda: ba[-4])
attempt("str index", lambda: b["x"])
attempt("ba str index", lambda: ba["x"])
attempt("set item", lambda: b.__class__)
attempt("concat str", lambda: b + "x")
attempt("ba concat str", lambda: ba + "x")
attempt("str concat", lambda: "x" + b)
attempt("mul str", lambda: b * "x")
attempt("in str", lambda: "a" in b)
attempt("in big", lambda: 300 in b)
attempt("hash ba", lambda: hash(ba))
attempt("ba key", lambda: {ba: 1})
attempt("bytes neg", lambda: bytes(-1))
attempt("bytes str", lambda: bytes("abc"))
attempt("bytes big", lambda: bytes([256]))
attempt("bytes float", lambda: bytes([1.5]))
attempt("bytes float2", lambda: bytes(1.5))
attempt("lt str", lambda: b < "abc")
attempt("join str", lambda: b"".join([b"a", "b"]))
attempt("find str", lambda: b.find("a"))
attempt("decode", lambda: b"\xff".decode())
attempt("fromhex", lambda: bytes.fromhex("zz"))
attempt("index missing", lambda: b.index(b"z"))


def set_item(i, v):
    ba[i] = v


def set_slice(v):
    ba[0:1] = v


attempt("set 256", lambda: set_item(0, 256))
attempt("set str", lambda: set_item(0, "a"))
attempt("set out", lambda: set_item(10, 1))
attempt("slice int", lambda: set_slice(5))
attempt("slice str", lambda: set_slice("x"))
attempt("append big", lambda: ba.append(-1))
attempt("extend str", lambda: ba.extend("x"))
attempt("remove missing", lambda: ba.remove(122))
attempt("pop empty", lambda: bytearray().pop())
attempt("bytes item set", lambda: b.__setitem__)
try:
    b[0] = 1
except TypeError as e:
    print("immutable", e)
try:
    del b[0]
except TypeError as e:
    print("no del", e)
print(ba)
for kw in [{"sep": b"-"}, {"end": 5}]:
    try:
        print(1, 2, **kw)
    except TypeError as e:
        print("print", e)
