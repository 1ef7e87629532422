# Checks: a property learns its name from __set_name__ (in a class body, or called by hand) and its errors name it and the class's __qualname__; getter/setter/deleter copies keep the name; a property set on the class later has none; classmethod wrapping a property (a class __doc__ too).
class Outer:
    class Inner:
        ro = property(lambda self: 1)
        wo = property(None, lambda self, v: None)
        nothing = property()


def attempt(what, f):
    try:
        f()
    except (AttributeError, TypeError) as e:
        print(what, "->", type(e).__name__, e)


inner = Outer.Inner()
attempt("set ro", lambda: setattr(inner, "ro", 2))
attempt("del ro", lambda: delattr(inner, "ro"))
attempt("get wo", lambda: inner.wo)
attempt("get nothing", lambda: inner.nothing)
Outer.Inner.late = property(lambda self: 3)
attempt("set late", lambda: setattr(inner, "late", 4))
p = property()
p.__set_name__(Outer, "given")
Outer.Inner.given = p
attempt("get given", lambda: inner.given)
Outer.Inner.copied = p.setter(lambda self, v: None)
attempt("get copied", lambda: inner.copied)
for args in [(), (1,), (1, 2, 3)]:
    attempt(f"__set_name__{args}", lambda: p.__set_name__(*args))


class A:
    """First"""
    @classmethod
    @property
    def __doc__(cls):
        return f"doc of {cls.__name__}"

    @classmethod
    @property
    def kind(cls):
        return cls.__name__.lower()


class B(A):
    pass


print(A.__doc__, B.__doc__, A.kind, B().kind)
