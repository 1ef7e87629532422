# Checks: inspect.isabstract (Py_TPFLAGS_IS_ABSTRACT in type.__flags__) follows __abstractmethods__,
# through subclasses, overrides, ABCMeta and _py_abc, and setting or deleting it by hand.
import abc
import _py_abc
from inspect import isabstract

for meta in (abc.ABCMeta, _py_abc.ABCMeta):
    for decorator in (abc.abstractmethod, abc.abstractproperty, abc.abstractclassmethod, abc.abstractstaticmethod):
        class C(metaclass=meta):
            @decorator
            def foo(self): pass
            def bar(self): pass

        class D(C):
            def bar(self): pass

        class E(D):
            def foo(self): pass

        class F(E):
            @decorator
            def bar(self): pass

        print(meta.__module__, decorator.__name__,
              [(k.__name__, sorted(k.__abstractmethods__), isabstract(k)) for k in (C, D, E, F)])


class Plain:
    pass


print(isabstract(Plain), isabstract(abc.ABC), isabstract(int), isabstract(len))
Plain.__abstractmethods__ = frozenset({"x"})
print(isabstract(Plain))
try:
    Plain()
except TypeError as e:
    print("TypeError", e)
Plain.__abstractmethods__ = ()
print(isabstract(Plain), type(Plain()).__name__)
Plain.__abstractmethods__ = ["y"]
print(isabstract(Plain))
del Plain.__abstractmethods__
print(isabstract(Plain), bool(Plain.__flags__ & (1 << 20)))
