# Checks: a class body that reads __annotations__ before (or instead of) annotating gets its own dict, not the module's, as CPython's SETUP_ANNOTATIONS and LOAD_NAME (a metaclass's annotations, typing.get_type_hints of it); an implicit global read in a class body is looked up in the class namespace first.
import typing

x = "module x"


class M(type):
    __annotations__["123"] = 123
    o: type = object


print(M.__annotations__, M.__dict__["__annotations__"], typing.get_type_hints(M))


class C:
    print(__annotations__)
    y: int = 1
    print(__annotations__)


class E:
    print(x)
    x = "class x"
    print(x)


print(C.__annotations__, E.x)
