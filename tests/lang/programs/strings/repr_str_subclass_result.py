# Checks: repr(), str() and ascii() hand back an instance of a str subclass that a class's own __repr__ or __str__ returns as is (CPython's PyObject_Repr, PyObject_Str, PyObject_ASCII), while a non-ASCII repr gives ascii() a new str and a non-str result is a TypeError; the !a conversion escapes a repr's non-ASCII characters without escaping its backslashes twice.
class Tagged(str):
    pass


class WithRepr:
    def __init__(self, value):
        self.value = value

    def __repr__(self):
        return self.value


class WithStr(WithRepr):
    def __str__(self):
        return self.value


class StrWithStr(str):
    def __str__(self):
        return Tagged("from __str__")


def show(label, result):
    print(label, type(result).__name__, result)


show("repr", repr(WithRepr(Tagged("<abc>"))))
show("repr str", repr(WithRepr("<abc>")))
show("str of repr", str(WithRepr(Tagged("<abc>"))))
show("str", str(WithStr(Tagged("abc"))))
show("str subclass __str__", str(StrWithStr("x")))
show("ascii", ascii(WithRepr(Tagged("<abc>"))))
show("ascii escaped", ascii(WithRepr(Tagged("<\U0001f40d>"))))
show("f-string", f"{WithStr(Tagged('abc'))}!")
show("exception str", str(KeyError(Tagged("k"))))
show("plain", repr(Tagged("q")))

for bad in (WithRepr(42), WithStr(b"x")):
    for convert in (repr, str):
        try:
            convert(bad)
        except TypeError as e:
            print(convert.__name__, "TypeError:", e)

# the !a conversion: the repr made ASCII, its own escapes kept (not escaped twice)
text = "a\nb\u0378\xe9\\"
print("{0!a}".format(text), f"{text!a}", f"{text!a:>30}", "%a" % (text,), ascii(text))
odd = WithRepr(Tagged("<\xe9>"))
print(f"{odd!a}", "{0!a}".format(WithRepr("\\n")))
