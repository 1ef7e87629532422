# Checks: CPython's C modules have no frames, and neither have the VM's replacements of them: a function that _abc, _functools or itertools calls sees its caller's caller through sys._getframe and f_back (abc.py's ABCMeta.__instancecheck__, not _abc); typing lets abc check a protocol with data members; abc's registry, caches and cache token behave as _abc's.
import abc
import functools
import itertools
import sys
import typing


def who_called(depth):
    frame = sys._getframe(depth)
    return frame.f_globals["__name__"], frame.f_code.co_name


class Recording(abc.ABCMeta):
    seen = []

    def __subclasscheck__(cls, other):
        Recording.seen.append(who_called(2))
        return super().__subclasscheck__(other)


class Base(metaclass=Recording):
    pass


class Child(Base):
    pass


print(isinstance(Child(), Base), isinstance(3, Base), Recording.seen)


def adder(a, b):
    print("reduce's caller:", who_called(2), "back:", sys._getframe().f_back.f_code.co_name)
    return a + b


def run_reduce():
    return functools.reduce(adder, [1, 2, 3])


print(run_reduce())


def pairs():
    def product(a, b):
        return a * b, who_called(2)
    return list(itertools.starmap(product, [(2, 3), (4, 5)]))


print(pairs())


@typing.runtime_checkable
class HasX(typing.Protocol):
    x: int


class WithX:
    x = 1


class Concrete(HasX):
    x = 2


print(isinstance(WithX(), HasX), isinstance(object(), HasX), isinstance(Concrete(), HasX))
for args in [(WithX, HasX), (Concrete, HasX)]:
    try:
        print(issubclass(*args))
    except TypeError as e:
        print("TypeError:", e)


class Sink(abc.ABC):
    @abc.abstractmethod
    def put(self, item): ...


class Other:
    def put(self, item):
        return item


token = abc.get_cache_token()
print(issubclass(Other, Sink), Sink.register(Other) is Other, issubclass(Other, Sink),
      abc.get_cache_token() == token, isinstance(Other(), Sink), Sink.__abstractmethods__)
for bad in [3, Sink]:
    try:
        Sink.register(bad)
    except (TypeError, RuntimeError) as e:
        print(type(e).__name__, e)
try:
    issubclass(3, Sink)
except TypeError as e:
    print("TypeError:", e)
Sink._abc_registry_clear()
Sink._abc_caches_clear()
print(issubclass(Other, Sink))
