# Checks: setting and deleting many attributes on classes, modules and functions just made (young objects whose attribute dicts grow while collections move them), as class decorators do.
import math as inv


def decorate(cls):
    for i in range(40):
        setattr(cls, "attr_%d" % i, [i] * 3)
    for i in range(0, 40, 3):
        delattr(cls, "attr_%d" % i)
    cls.describe = lambda self: sum(len(k) for k in dir(self) if k.startswith("attr_")) if False else 0
    return cls


made = []
for n in range(30):
    @decorate
    class Fresh:
        pass
    made.append(Fresh)


def f():
    pass


for i in range(40):
    setattr(f, "tag_%d" % i, i)
    setattr(inv, "extra_%d" % i, str(i))
print(sum(c.attr_4[0] + c.attr_38[2] for c in made), hasattr(made[0], "attr_3"), made[-1]().describe())
print(f.tag_39, inv.extra_17, sum(getattr(f, "tag_%d" % i) for i in range(40)))
