# Checks: a class body reads a free variable from its own namespace first
# (locals()["x"] = ..., a metaclass's __prepare__ mapping), then from the
# enclosing function's cell (CPython's LOAD_CLASSDEREF; test_scope).


def outer():
    x = 42

    class A:
        locals()["x"] = 43
        y = x

    class B:
        y = x

    class C:
        locals()["x"] = 43
        del x

    def later():
        return x

    return A.y, B.y, hasattr(C, "x"), x, later()


print(outer())


class Prepared(type):
    @classmethod
    def __prepare__(mcls, name, bases):
        return {"z": "from __prepare__"}


def with_metaclass():
    z = "from the cell"

    class D(metaclass=Prepared):
        seen = z

    class E:
        seen = z

    return D.seen, E.seen


print(with_metaclass())


def unbound():
    class F:
        try:
            seen = w
        except NameError as e:
            seen = str(e)
    w = 1
    return F.seen


print(unbound())
