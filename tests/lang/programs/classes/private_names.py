# Checks: private name mangling as CPython's compiler does it: attributes, locals, parameters, def/class names bound (but __name__ kept), nested functions and classes, class names with leading underscores, keyword arguments not mangled.
class A:
    __shared = "class attr"

    def __init__(self, __x=1):
        self.__p = __x
        __local = 5
        self.seen = [k for k in vars(self)] + [__local]

    def __hidden(self):
        return "hidden"

    def get(self):
        def inner():
            return self.__p
        return inner(), self.__hidden(), A.__shared

    class __Inner:
        def __init__(self):
            self.__q = 1


a = A(3)
print(a._A__p, a.get(), a.seen, sorted(k for k in vars(A) if "__" in k and not k.endswith("__")))
print(A._A__hidden.__name__, A._A__hidden.__qualname__, A._A__Inner.__name__)
print(vars(A._A__Inner()))
try:
    A(__x=2)
except TypeError as e:
    print("TypeError:", e)
print(A.__init__.__code__.co_varnames)


class _Under:
    def f(self):
        self.__v = 1
        return sorted(vars(self))


class ___:
    def f(self):
        self.__v = 1
        return sorted(vars(self))


print(_Under().f(), ___().f())


class Outer:
    def make(self):
        class Inner:
            def g(self):
                self.__w = 2
                return sorted(vars(self))
        self.__mine = 1
        return Inner().g(), sorted(vars(self))


print(Outer().make())
print(getattr(a, "__p", "plain getattr is not mangled"))
