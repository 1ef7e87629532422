# Checks: __slots__ built while the program runs (a young tuple or list)
# under a base with slots of its own: the class statement reads __slots__
# after it has laid out the inherited members.  Under the GC debug knobs a
# stale read of it crashed the VM when a collection came in between, which
# a collection at every allocation never brings about (the tuple is old by
# then): hence a collection every 101st allocation, and classes made after
# different amounts of garbage.
# gc-debug: VMSAMPLE_GC_STRESS=101
class Base:
    __slots__ = ("a", "b", "c", "d", "e", "f", "g", "h", "i")


def names(n):
    return tuple(["y", "z", "w"][:n])


made = []
for i in range(400):
    junk = [[j] for j in range(i % 13)]
    cls = type("C%d" % i, (Base,), {"__slots__": names(1 + i % 3)})
    made.append(cls)

    class Statement(Base):
        __slots__ = list(names(1 + i % 3))

    made.append(Statement)
for cls in made[:6]:
    obj = cls()
    obj.a = 1
    obj.y = 2
    print(cls.__name__, sorted(k for k in cls.__dict__ if not k.startswith("__")), obj.a, obj.y,
          hasattr(obj, "__dict__"))
print(len(made), sum(len(c.__slots__) for c in made))
