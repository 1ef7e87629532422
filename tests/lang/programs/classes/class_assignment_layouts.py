# Checks: __class__ assignment between classes whose instances are laid out alike (CPython's compatible_for_assignment): __slots__ in another order, a class adding nothing to its base, __dict__ and __weakref__ from __slots__ or from no __slots__; refused otherwise with "object layout differs".
class C: pass
class D: pass
class E: pass
class F(D, E): pass
class G: __slots__ = ["a", "b"]
class H: __slots__ = ["b", "a"]
class I: __slots__ = ["a", "b"]
class J: __slots__ = ["c", "b"]
class K: __slots__ = ["a", "b", "d"]
class L(H): __slots__ = ["e"]
class M(I): __slots__ = ["e"]
class N(J): __slots__ = ["__weakref__"]
class P(J): __slots__ = ["__dict__"]
class Q(J): pass
class R(J): __slots__ = ["__dict__", "__weakref__"]
class Int(int): __slots__ = []

for cls in C, D, E, F:
    for cls2 in C, D, E, F:
        x = cls()
        x.v = cls.__name__
        x.__class__ = cls2
        assert x.__class__ is cls2 and x.v == cls.__name__
print("plain classes: all compatible")
for cls, cls2 in (G, H), (G, I), (I, H), (Q, R), (R, Q):
    x = cls()
    x.b = 1
    x.__class__ = cls2
    print(cls.__name__, "->", type(x).__name__, x.b)
    x.__class__ = cls
refused = []
for cls in G, J, K, L, M, N, P, R, list, Int:
    for cls2 in G, J, K, L, M, N, P, R, list, Int:
        if cls is cls2:
            continue
        try:
            cls().__class__ = cls2
        except TypeError as e:
            refused.append(str(e))
print(len(refused), refused[0])
print(refused[-1])
