# Checks: an operator, call, hash, len, repr or construction of an instance answers as the lookup
# of its special method along the MRO would after every change that could change the answer (the
# VM remembers each class's special methods: vm/special_lookup.pxi): a method added to, replaced
# on or deleted from the class or a base after it was looked up (and found missing), the bases
# replaced, the instance's __class__ reassigned, and many classes looked up alike (one cache).


class Base:
    pass


class Child(Base):
    pass


c = Child()
try:
    c + 1
except TypeError as e:
    print("before:", e)
print("len before:", hasattr(c, "__len__"))
Base.__add__ = lambda self, other: ("Base.__add__", other)
print(c + 1)
Child.__add__ = lambda self, other: ("Child.__add__", other)
print(c + 2)
del Child.__add__
print(c + 3)
del Base.__add__
try:
    c + 4
except TypeError as e:
    print("after del:", e)

Base.__len__ = lambda self: 3
print(len(c), bool(c))
Base.__bool__ = lambda self: False
print(bool(c))
del Base.__bool__
Base.__len__ = lambda self: 0
print(bool(c))


class Other:
    def __len__(self):
        return 11

    def __repr__(self):
        return "Other()"


c.__class__ = Other
print(len(c), repr(c))
c.__class__ = Child
print(len(c))


class Mixin:
    def __neg__(self):
        return "Mixin.__neg__"


class Late(Base):
    pass


x = Late()
try:
    -x
except TypeError as e:
    print("no neg:", e)
Late.__bases__ = (Mixin, Base)
print(-x)
Late.__bases__ = (Base,)
try:
    -x
except TypeError as e:
    print("no neg again:", e)


# construction: __init__ found and replaced, then a __new__ added
class Made:
    def __init__(self, v):
        self.v = v


print(Made(1).v)
Made.__init__ = lambda self, v: setattr(self, "v", v * 10)
print(Made(2).v)
Made.__new__ = lambda cls, v: "from __new__"
print(Made(3))

# hash and equality of instances, before and after __eq__/__hash__ appear
class Key:
    def __init__(self, k):
        self.k = k


a, b = Key(1), Key(1)
print(a == b, hash(a) == hash(a), len({a, b}))
Key.__eq__ = lambda self, other: isinstance(other, Key) and self.k == other.k
Key.__hash__ = lambda self: hash(self.k)
print(a == b, hash(a) == hash(1), len({a, b}))
del Key.__hash__
print(hash(a) == object.__hash__(a))

# many classes, each with its own __call__ and __getitem__, looked up over and over
classes = []
for i in range(300):
    classes.append(type(f"C{i}", (), {"__call__": (lambda i: lambda self: i)(i),
                                       "__getitem__": (lambda i: lambda self, k: i + k)(i)}))
instances = [cls() for cls in classes]
total = 0
for _ in range(3):
    for inst in instances:
        total += inst() + inst[1]
print(total)
classes[7].__call__ = lambda self: -1000
print(instances[7](), sum(inst() for inst in instances))

# a builtin type's own special method, as a method and through the operator
print((1, "a").__hash__() == hash((1, "a")), "abc".__hash__() == hash("abc"),
      b"xy".__hash__() == hash(b"xy"), frozenset({1, 2}).__hash__() == hash(frozenset({1, 2})))


class T(tuple):
    pass


print(hash(T((1, "a"))) == hash((1, "a")), T((1, 2)).__hash__() == hash((1, 2)))
