# Checks: one LOAD_ATTR/STORE_ATTR site seeing many classes (each keeps the
# name at another slot), attributes added in different orders, deleted ones
# falling back to the class attribute, slots past an instance's inline
# capacity, __class__ reassigned, and a property defined after the sites
# have cached instance slots (the inline caches of vm/attributes.pxi must
# never answer for another class or shadow a property).
# gc-debug: VMSAMPLE_NURSERY=4K VMSAMPLE_GC_STRESS=7
import gc


class A:
    x = "class A"


class B:
    def __init__(self):
        self.a = 1
        self.b = 2
        self.x = "B's own"


class C(B):
    pass


def read_x(o):
    return o.x


def write_x(o, v):
    o.x = v


objs = [A(), B(), C(), A(), B()]
objs[3].x = "A instance"
for round_ in range(3):
    print([read_x(o) for o in objs])
    for i, o in enumerate(objs):
        write_x(o, (round_, i))
    gc.collect()
print([read_x(o) for o in objs])

# Attributes added in a different order on each instance of one class.
class D:
    pass


d1, d2 = D(), D()
d1.p = 1
d1.q = 2
d2.q = 3
d2.p = 4
for o in (d1, d2, d1):
    print(o.p, o.q)
for i in range(40):                 # far past the inline slots
    setattr(d1, f"f{i}", i)
    d1.last = i
print(d1.f0, d1.f39, d1.last, sorted(d2.__dict__))

# A deleted instance attribute falls back to the class attribute.
a = A()
a.x = "own"
print(read_x(a))
del a.x
print(read_x(a))
write_x(a, "again")
print(read_x(a))

# __class__ reassignment: the cache follows the instance's current class.
c = C()
print(read_x(c))
try:
    c.__class__ = A
    print(type(c).__name__, read_x(c))
except TypeError as e:
    print("TypeError", e)
for target in (int, 5, A):
    try:
        c.__class__ = target
        print("now", type(c).__name__, read_x(c))
    except TypeError as e:
        print("TypeError:", e)


# A property defined after the sites above cached instance slots.
class E:
    @property
    def x(self):
        return "property"

    @x.setter
    def x(self, v):
        print("setter", v)


e = E()
print(read_x(e))
write_x(e, 5)
print([read_x(o) for o in objs])
