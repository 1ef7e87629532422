# Checks: an exception class with __slots__ still gives its instances a
# __dict__ (BaseException's own), so other attributes and __reduce__ work;
# which of __dict__ / __weakref__ enter the subclass's own dict; the
# __slots__ checks that follow from it.
class E(Exception):
    __slots__ = ("a",)


e = E(1)
e.a = 2
e.b = 3
print(e.a, e.b, e.__dict__, e.__reduce__())
print(sorted(k for k in E.__dict__ if k != "__doc__"))


class F(E):
    __slots__ = ()


f = F("x")
f.z = 1
print(f.__dict__, f.args)


class G(Exception):
    pass


print("__dict__" in G.__dict__, "__weakref__" in G.__dict__)


class W(Exception):
    __slots__ = ("a", "__weakref__")


print(sorted(k for k in W.__dict__ if k != "__doc__"))
try:
    class D(Exception):
        __slots__ = ("__dict__",)
except TypeError as exc:
    print("TypeError", exc)
