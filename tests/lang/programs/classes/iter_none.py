# Checks: a class whose __iter__ is None makes its instances not iterable (iter, list, a for loop), __getitem__ or not; typing's special forms are not iterable
class N:
    __iter__ = None
    def __getitem__(self, i):
        return i
for attempt in (lambda: iter(N()), lambda: list(N()), lambda: [x for x in N()]):
    try:
        attempt()
    except TypeError as e:
        print("TypeError", e)
import typing, collections.abc
for t in (typing.Any, typing.Union[str, int], typing.List, typing.Callable[..., int]):
    try:
        iter(t)
    except TypeError as e:
        print("TypeError", e)
    print(isinstance(t, collections.abc.Iterable))
