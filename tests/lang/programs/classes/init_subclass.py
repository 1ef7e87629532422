# Checks: __init_subclass__ of a base runs for every subclass (it was once
# never called), is an implicit classmethod, chains through
# super().__init_subclass__() to object's (which does nothing), and an
# explicit @classmethod works too.
class Plugin:
    registry = []

    def __init_subclass__(cls):
        super().__init_subclass__()
        Plugin.registry.append(cls.__name__)


class A(Plugin):
    pass


class B(A):
    pass


print(Plugin.registry)


class Counted:
    @classmethod
    def __init_subclass__(cls):
        print("subclass", cls.__name__, issubclass(cls, Counted))


class E(Counted):
    pass


class Plain:
    pass


class F(Plain):
    pass


print(hasattr(object, "__init_subclass__"), F.__name__)
