# Checks: from __future__ import annotations and typing imports work; typing names are usable in annotations.
from __future__ import annotations
from typing import List, Dict, Optional, Tuple, Any, Callable, Iterator, Union
import typing
def first(xs: List[int]) -> Optional[int]:
    return xs[0] if xs else None
def pairs(d: Dict[str, int]) -> List[Tuple[str, int]]:
    return list(d.items())
def apply(f: Callable[[int], int], v: Union[int, float]) -> Any:
    return f(v)
def gen(n: int) -> Iterator[int]:
    yield from range(n)
def later(node: Node) -> typing.Optional[Node]:
    return node
class Node:
    def __init__(self, val: int, nxt: Optional[Node] = None) -> None:
        self.val = val
        self.nxt = nxt
print(first([3, 4]), first([]), pairs({"a": 1}), apply(lambda v: v * 2, 21), list(gen(3)), later(Node(1)).val)
print(first.__annotations__, later.__annotations__, Node.__init__.__annotations__)
print(typing.get_type_hints(later), typing.get_type_hints(apply))
