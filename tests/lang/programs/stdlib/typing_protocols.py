# Checks: the VM's typing against CPython's: Protocol and runtime_checkable -- structural isinstance() over attributes, properties, class and instance variables and methods (a method set to None blocks it), nominal subclasses, issubclass() for method-only protocols and its errors, answers remembered as abc's caches remember them, instantiation errors -- and the annotation names, TypeVar, cast, TYPE_CHECKING.
from typing import (Any, Callable, Dict, Generic, Iterator, List, Optional, Protocol,
                    TYPE_CHECKING, Tuple, TypeVar, Union, cast, runtime_checkable)
import typing


@runtime_checkable
class HasX(Protocol):
    x: int


@runtime_checkable
class Closable(Protocol):
    def close(self) -> None: ...


@runtime_checkable
class Sized2(Protocol):
    def __len__(self) -> int: ...
    def size(self) -> int: ...


class NotRuntime(Protocol):
    def run(self) -> None: ...


class File:
    name = "f"

    def close(self):
        return "closed"


class Door:
    def close(self):
        pass


class Blocked(Door):
    close = None


class Point:
    def __init__(self):
        self.x = 1


class WithProperty:
    @property
    def x(self):
        return 2


class Box:
    def __len__(self):
        return 0

    def size(self):
        return 0


class Explicit(Closable):
    pass


class ExplicitX(HasX):
    def __init__(self):
        self.y = 0


values = [File(), Door(), Blocked(), Point(), WithProperty(), Box(), Explicit(), ExplicitX(), 3, "s", [1]]
# issubclass first, while abc's caches are empty
for proto in [Closable, Sized2, HasX]:
    row = []
    for v in values:
        try:
            row.append("1" if issubclass(type(v), proto) else "0")
        except TypeError as e:
            row.append("E")
    print(proto.__name__, "".join(row))
for proto in [HasX, Closable, Sized2]:
    print(proto.__name__, "".join("1" if isinstance(v, proto) else "0" for v in values))
print("".join("1" if issubclass(type(v), Closable) else "0" for v in values[:4]),
      issubclass(File, HasX), issubclass(int, HasX))      # answered from abc's caches
print(isinstance(File(), (int, Closable)), isinstance(3, (str, HasX)), isinstance(Explicit(), Explicit))

errors = [lambda: isinstance(File(), NotRuntime), lambda: issubclass(File, NotRuntime),
          lambda: issubclass(Point, HasX), lambda: Closable(), lambda: HasX(),
          lambda: runtime_checkable(File), lambda: issubclass(3, Closable)]
for bad in errors:
    try:
        print(bad())
    except TypeError as e:
        print("TypeError", e)
print(type(Explicit()).__name__, ExplicitX().y, Explicit().close is not None)

T = TypeVar("T")
K = TypeVar("K", bound=int, covariant=True)


def first(xs: List[T]) -> Optional[T]:
    return xs[0] if xs else None


def apply(f: Callable[[int], int], table: Dict[str, Tuple[int, ...]]) -> Union[int, Any]:
    return f(len(table))


class Stack(Generic[T]):
    def __init__(self) -> None:
        self.items: List[T] = []


def walk(n: int) -> Iterator[int]:
    yield from range(n)


print(T, K, repr(T), first([4]), apply(lambda n: n * 2, {"a": (1,)}), Stack().items,
      list(walk(2)), cast(int, "x"), TYPE_CHECKING, typing.Optional[int] is not None)
