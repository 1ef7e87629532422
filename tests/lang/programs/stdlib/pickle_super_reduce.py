# Checks: super().__reduce__() from a class's own __reduce__ reaches object's (the
# method is looked up past the super object's class), and the singletons
# Ellipsis and NotImplemented pickle by name: what typing's aliases need.
import pickle
import typing
from typing import Annotated, Tuple


class A:
    def __reduce__(self):
        return ("A",)


class B(A):
    def __reduce__(self):
        return super().__reduce__() + ("B",)


class D:
    def f(self):
        return super().__reduce__()[0].__name__


class E:
    def __init__(self):
        self.x = 1

    def __reduce__(self):
        func, args, state = super().__reduce__()[:3]
        return func, args, {"x": state["x"] + 1}


print(B().__reduce__(), D().f())
print(pickle.loads(pickle.dumps(E(), 0)).x, pickle.loads(pickle.dumps(E(), 2)).x)
for value in (..., NotImplemented, [..., NotImplemented]):
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        print(protocol, pickle.loads(pickle.dumps(value, protocol)))
print(type(...).__reduce__(...), NotImplemented.__reduce_ex__(2))
for t in (typing.Any, typing.Union[int, str], typing.Optional[str], Tuple[int, ...],
          typing.Callable[[str], bytes]):
    x = Annotated[t, "a"]
    for protocol in (0, 2, 5):
        print(protocol, pickle.loads(pickle.dumps(x, protocol)) == x, pickle.loads(pickle.dumps(t, protocol)))
