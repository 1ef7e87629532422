# Checks: a types.GenericAlias (collections.abc.Callable[...], list[int]) and a class whose slots name __weakref__ are weakly referable
import weakref, typing, collections.abc
class F:
    __slots__ = ('__weakref__',)
class G(F):
    __slots__ = ('a',)
print(weakref.ref(G()) is not None)
c = collections.abc.Callable[[int], str]
print(type(c).__name__)
r = weakref.ref(c)
print(r() is c)
t = typing.Callable[[int], str]
print(weakref.ref(t)() is t)
print("__weakref__" in dir(list[int]))
