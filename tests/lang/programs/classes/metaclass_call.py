# Checks: a metaclass's __call__ that calls type.__call__ (pygments' LexerMeta) makes the instance once, without calling the metaclass again; for a subclass too.
class Meta(type):
    def __call__(cls, *args, **kw):
        print("meta call", cls.__name__, args, kw)
        return type.__call__(cls, *args, **kw)


class A(metaclass=Meta):
    def __init__(self, x, y=0):
        self.x = x + y


class B(A):
    pass


print(A(3).x, B(4, y=1).x, type(B(1)).__name__)


class Singleton(type):
    instances = {}

    def __call__(cls, *args):
        if cls not in Singleton.instances:
            Singleton.instances[cls] = super().__call__(*args)
        return Singleton.instances[cls]


class S(metaclass=Singleton):
    def __init__(self, v):
        self.v = v


print(S(1) is S(2), S(3).v)


class AsDict(type):
    __call__ = dict         # not a function: called as it is (typing_extensions' TypedDict)


class TD(dict, metaclass=AsDict):
    pass


print(TD(title="x"), type(TD(a=1)).__name__)
