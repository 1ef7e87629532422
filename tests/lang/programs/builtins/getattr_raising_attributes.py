# Checks: getattr(o, name) without a default re-raises the AttributeError a descriptor, a property or
# __getattr__ raised in Python code (the VM crashed on it: the exception was cleared, then re-raised),
# with its message and context; with a default or in hasattr it is swallowed; other errors propagate.
class Raising:
    def __get__(self, instance, owner=None):
        if instance is None:
            try:
                return {}["key"]
            except KeyError:
                raise AttributeError(f"{owner.__name__} has no attribute 'x'")
        raise AttributeError("instance-level")


class Meta(type):
    pass


class Base(metaclass=Meta):
    x = Raising()

    @property
    def p(self):
        raise AttributeError("from the property")

    @property
    def q(self):
        raise ValueError("not an attribute error")


class Child(Base):
    def __getattr__(self, name):
        if name == "dynamic":
            return 42
        raise AttributeError(f"no {name} here")


def attempt(*args):
    try:
        return repr(getattr(*args))
    except AttributeError as e:
        return f"AttributeError: {e} (context: {type(e.__context__).__name__})"
    except ValueError as e:
        return f"ValueError: {e}"


for target in (Base, Child, Base(), Child()):
    print(type(target).__name__, attempt(target, "x"), attempt(target, "x", "default"), hasattr(target, "x"))
for name in ("p", "q", "dynamic", "missing"):
    print(name, attempt(Child(), name), attempt(Child(), name, None), end=" ")
    try:
        print(hasattr(Child(), name))
    except ValueError as e:
        print("hasattr raised", e)
for _ in range(3):      # the exception state stays sound after each
    print(attempt(Base, "x"), attempt(Base(), "p"))
