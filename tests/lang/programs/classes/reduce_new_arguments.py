# Checks: object.__reduce_ex__(2+) looks __getnewargs_ex__ and __getnewargs__ up on the type (never __getattr__), checks what they return with CPython's messages, and takes the slot names from the class's __slotnames__ (copyreg's), read with getattr.
import copyreg


class Picky:
    def __getstate__(self):
        return {}

    def __getattr__(self, attr):
        if attr in ("__getnewargs__", "__getnewargs_ex__"):
            raise AssertionError(attr)
        return None


print(Picky().__reduce_ex__(2)[1:3])


def returning(value):
    class Returns:
        def __getnewargs_ex__(self):
            return value
    return Returns()


for value in ((1, 2), {}), ((1,), {"k": 2}), ((1,), "bad dict"), ("bad tuple", {}), (), "bad args":
    try:
        print(returning(value).__reduce_ex__(2)[1][1:])
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)


class BadArgs:
    def __getnewargs__(self):
        return "bad args"


try:
    BadArgs().__reduce_ex__(2)
except TypeError as e:
    print("TypeError:", e)


class S(str):
    pass


class Named:
    __slotnames__ = [S("spam")]

    def __getattr__(self, attr):
        if attr == "spam":
            return 42
        raise AttributeError(attr)


print(Named().__reduce_ex__(2) == (copyreg.__newobj__, (Named,), (None, {"spam": 42}), None, None))


class Slotted:
    __slots__ = ("a", "__b")

    def __init__(self):
        self.a = 1
        self.__b = 2


print(Slotted().__reduce_ex__(2)[2], Slotted.__slotnames__)
