# Checks: isinstance() of an instance whose __class__ attribute is not its class
# (CPython's object_isinstance): a property, a class attribute, a
# __getattribute__ that answers for __class__, one made by type().
class Target:
    pass


class ByProperty:
    @property
    def __class__(self):
        return Target


class ByAttribute:
    __class__ = Target


class ByGetattribute:
    def __getattribute__(self, name):
        if name == "__class__":
            return Target
        return object.__getattribute__(self, name)


class Raising:
    @property
    def __class__(self):
        raise AttributeError("no class")


class NotAClass:
    __class__ = 42


class Later:
    pass


for obj in [ByProperty(), ByAttribute(), ByGetattribute(), Raising(), NotAClass(), Later()]:
    print(type(obj).__name__, isinstance(obj, Target), isinstance(obj, type(obj)), isinstance(obj, (int, Target)))

Made = type("Made", (), {"__class__": property(lambda self: Target)})
print("made by type():", isinstance(Made(), Target))


class Sub(ByProperty):
    pass


print("a subclass inherits it:", isinstance(Sub(), Target))


class Loud:
    def __getattribute__(self, name):
        print("asked for", name)
        return object.__getattribute__(self, name)


print(isinstance(Loud(), Target))
