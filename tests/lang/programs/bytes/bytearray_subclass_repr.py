# Checks: the repr of a bytearray subclass's instance names the subclass (CPython's bytearray_repr uses the type's name), also inside containers and through str() and %r, and is its str() even when the subclass has its own __repr__ (CPython's bytearray_str); a subclass with its own __repr__ keeps it; bytes subclasses show as bytes.
class B(bytearray):
    pass

class Named(bytearray):
    def __repr__(self):
        return "Named!"

class Bs(bytes):
    pass

b = B(b"x\x00'")
print(repr(b), str(b), [b], "%r" % (b,), f"{b!r}")
print(repr(B()), repr(bytearray(b"plain")), repr(Named(b"q")), [Named()])
b += b"more"
print(repr(b), type(b).__name__, repr(b[1:3]), type(b[1:3]).__name__)
print(repr(Bs(b"y")), bytearray.__repr__(B(b"z")), bytearray.__repr__(Named(b"n")))
print(str(Named(b"s")), bytearray.__str__(Named()), "%s" % Named(b"t"), f"{Named(b'u')}")
