# Checks: a starred annotation of *args (PEP 646) is the iterable's one item: *Ts of a TypeVarTuple,
# *tuple[int, str] of a GenericAlias (iter() of it yields it unpacked); more than one item is a
# ValueError when the def runs; get_type_hints reads them (test_typing failed to compile on it).
from typing import TypeVarTuple, Unpack, get_type_hints

Ts = TypeVarTuple("Ts")


def func1(*args: *Ts): pass


def func2(*args: *tuple[int, str]): pass


def func3(x: int, *args: *tuple[int, ...], key: str = "", **kw: float) -> None: pass


for f in (func1, func2, func3):
    print(f.__name__, f.__annotations__, get_type_hints(f))
alias = tuple[int, str]
print(list(alias), next(iter(alias)).__unpacked__, alias.__unpacked__, [*alias] == [Unpack[alias]])
try:
    def bad(*args: *[1, 2]): pass
except ValueError as e:
    print("ValueError:", e)
