# Checks: __repr__/__str__ may return a str subclass; str join of one str and str * 1 give the same object; str % a str subclass tries its __rmod__ first; str % complex formats or gives CPython's message; format_map reads the mapping's own [key] (__missing__)
class S(str):
    pass
class R:
    def __repr__(self): return S("r-sub")
    def __str__(self): return S("s-sub")
print(repr(R()), str(R()), ascii(R()), f"{R()!r} {R()!s} {R()!a}", [R()])
s = "abcd"
print("".join([s]) is s, type("".join([S("abcd")])).__name__, "".join([S("abcd")]) is not s)
a = "123abc1@"
print(a * 1 is a, 1 * a is a, S("q") * 1 is not S("q"))
class Rm(str):
    def __rmod__(self, other):
        return "rmod " + other
print("lhs %% %r" % Rm("rhs"))
for fmt in ("%x", "%d", "%c", "%o", "%X", "%i"):
    try:
        print(fmt % 3j)
    except TypeError as e:
        print(e)
print(repr("\u0378"), "{!r}".format("\u0378"), "%r" % "\u0378", ascii("\u0378"))
class M(dict):
    def __missing__(self, key):
        return key.upper()
print("{hello} {x}".format_map(M(x=1)))
