# Checks: __getattr__ is consulted when the normal lookup fails (it was once
# never called) and only then: instance and class attributes, methods and
# properties win; an AttributeError it raises reaches the caller and
# hasattr(); a proxy delegates method calls.
class Proxy:
    kind = "proxy"

    def __init__(self, target):
        self.target = target

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.target, name)

    def describe(self):
        return "proxy of " + str(self.target)

    @property
    def size(self):
        return len(self.target)


p = Proxy([3, 1, 2])
p.sort()
print(p.target, p.count(1), p.kind, p.describe(), p.size)
try:
    p._hidden
except AttributeError as e:
    print("AttributeError", e)
print(hasattr(p, "_y"), hasattr(p, "append"), getattr(p, "_z", "default"))


class Defaults:
    def __getattr__(self, name):
        return name.upper()


d = Defaults()
d.x = 1
print(d.x, d.y, d.anything_else)
