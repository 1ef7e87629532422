# Driver (written for vmsample's corpus) of typing_extensions: the typing backports, introspected.
from typing import List, get_args, get_origin

import typing_extensions as te


class Movie(te.TypedDict, total=False):
    title: te.Required[str]
    year: int
    rating: te.NotRequired[float]


@te.runtime_checkable
class Closable(te.Protocol):
    def close(self) -> None: ...


class File:
    def close(self):
        pass


class Point(te.NamedTuple):
    x: int
    y: int = 0


T = te.TypeVar("T", default=int)
P = te.ParamSpec("P")
Ts = te.TypeVarTuple("Ts")


class Box(te.Generic[T]):
    @te.override
    def __repr__(self) -> str:
        return "Box()"


print(Movie.__required_keys__ == frozenset({"title"}), sorted(Movie.__optional_keys__), Movie(title="x"))
print(isinstance(File(), Closable), isinstance(3, Closable), Point(1), Point._fields, Point(2, 3)._asdict())
print(get_origin(te.Literal[1, 2]), get_args(te.Literal["a", "b"]), get_args(te.Annotated[int, "meta"]), te.get_origin(te.Annotated[int, 1]))
print(te.get_type_hints(Movie, include_extras=True) == {"title": te.Required[str], "year": int, "rating": te.NotRequired[float]})
print(T.__default__, P.__name__, Ts.__name__, te.Unpack[Ts], Box[int], repr(Box()), getattr(Box.__repr__, "__override__", False))
print(te.assert_type(5, int), te.reveal_type.__name__, te.Self, te.Never, te.LiteralString, te.TypeGuard[int], te.TypeIs[str])
try:
    te.assert_never("unexpected")
except AssertionError as e:
    print("assert_never:", str(e)[:40])


@te.deprecated("use g instead")
def f():
    return 1


print(f.__deprecated__, te.is_typeddict(Movie), te.is_typeddict(dict), te.get_protocol_members(Closable), te.is_protocol(Closable))
Alias = te.TypeAliasType("Alias", List[int])
print(Alias.__name__, Alias.__value__, te.dataclass_transform()(lambda cls: cls).__dataclass_transform__["eq_default"])
print(te.Buffer, te.CapsuleType if hasattr(te, "CapsuleType") else "-", te.NoDefault if hasattr(te, "NoDefault") else "-", te.ReadOnly[int])
