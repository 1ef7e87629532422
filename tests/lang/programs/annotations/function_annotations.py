# Checks: a def's __annotations__ holds every annotation, in CPython's order (parameters, *args, keyword-only, **kwargs, return), evaluated when the def runs in the enclosing scope; lambdas and unannotated defs have an empty dict; typing.get_type_hints reads them; type[X] is a GenericAlias.
import typing

order = []


def note(value):
    order.append(value)
    return value


def full(a: note(1), /, b: note(2), *args: note(3), c: note(4), d: note(5) = 0, **kw: note(6)) -> note(7):
    pass


print(full.__annotations__, order)


def plain(a, b=1):
    return a


print(plain.__annotations__, (lambda x: x).__annotations__)


def outer():
    local_type = list

    def inner(x: local_type) -> "local_type":
        return x
    return inner


print(outer().__annotations__)
plain.__annotations__ = {"a": int}
print(plain.__annotations__)
full.__annotations__["extra"] = str
print(sorted(full.__annotations__))


class Box:
    def get(self, key: str, __private: int = 0) -> "Box":
        return self


print(Box.get.__annotations__)
print(typing.get_type_hints(Box.get))
print(type[int], type[int].__origin__, type[int].__args__)


def uses_type(cls: type[int]) -> type:
    return cls


print(typing.get_type_hints(uses_type))
