# Checks: types.GenericAlias and UnionType substitute type variables as CPython's C code does: TypeVarTuples and ParamSpecs (__typing_prepare_subst__), unpacked tuples spliced in, each item checked by its variable's __typing_subst__ (None -> NoneType), CPython's messages
import collections.abc, typing
from typing import TypeVar, TypeVarTuple, ParamSpec, Unpack, Tuple, Callable
T = TypeVar("T"); T1 = TypeVar("T1"); T2 = TypeVar("T2")
Ts = TypeVarTuple("Ts"); P = ParamSpec("P")
print(list[T][int], dict[T1, list[T2]][str, int], tuple[*Ts][int, str], tuple[*Ts][()])
print(tuple[T, *Ts][int, str, float], tuple[*Ts, T][int], list[tuple[*Ts]][int, str])
print(tuple[T][*tuple[int]], tuple[T1, T2][*tuple[int, str]])
C = collections.abc.Callable
print(C[[int, T], T][None], C[P, T][[int, str], float], C[[int, *Ts, str], T2][bytes, float, bool])
print(C[P, Tuple[*Ts]][[int], str, bytes])
print((list[T] | int)[str], (T | None)[int], list[Callable[P, T]][[int, str], float])
for bad in (lambda: list[T][int, str], lambda: list[int][int], lambda: list[T][()], lambda: list[T][*Ts] if False else list[T][1, 2]):
    try:
        print(bad())
    except TypeError as e:
        print("TypeError", e)
try:
    print(list[T][*tuple[int, str]])
except TypeError as e:
    print("TypeError", e)
print(tuple[int, str].__typing_unpacked_tuple_args__, [*tuple[int, str]][0].__typing_unpacked_tuple_args__)
class G(typing.Generic[T1, T2]): pass
print(G[int, str], G[T1, T2][int, bool])
