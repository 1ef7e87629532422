# Checks: a builtin sequence + or * an object tries the object's __radd__/__rmul__ first (pyparsing's "u" + element), a repeat count through __index__, and CPython's messages when neither applies; bytearray.extend with a memoryview (chardet).
class P:
    def __call__(self): return 1
    def __radd__(self, other): return "radd " + other
    def copy(self): return P()
print("u" + P().copy())
b = bytearray(b"ab"); buf = b"xyz"; b.extend(buf[1:]); b.extend([1]); b.extend(memoryview(b"q")); print(b)
class I:
    def __index__(self): return 2
print([1] * I(), "ab" * I(), b"x" * I(), (1,) * I())
class N: pass
for a in ("s", [1], (1,), b"b"):
    for op in ("+", "*"):
        try:
            eval("a " + op + " N()")
        except TypeError as e:
            print(e)
b = bytearray(); m = memoryview(b"xyz").cast("c"); b.extend(m[1:]); print(b)  # chardet
