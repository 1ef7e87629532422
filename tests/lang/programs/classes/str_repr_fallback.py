# Checks: str() falls back to __repr__, print uses __str__, containers use __repr__ of elements.
class OnlyRepr:
    def __repr__(self):
        return "OnlyRepr()"
class Both:
    def __repr__(self):
        return "Both(repr)"
    def __str__(self):
        return "Both(str)"
o = OnlyRepr()
b = Both()
print(o, str(o), repr(o), b, str(b), repr(b), [o, b], (b,), {1: b})
print("%s %r" % (b, b), "{} {!r}".format(b, b), f"{b} {b!r}")
