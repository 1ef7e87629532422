# Checks: an error a class pattern raises while matching (too many positional sub-patterns) ends the
# program with CPython's traceback: the VM's own pattern tests (app-level code) have no frames in it.
import dataclasses


@dataclasses.dataclass
class Point:
    x: int
    y: int


def where(p):
    match p:
        case Point(0, 0):
            return "origin"
        case Point(x, y, z):
            return "3d"


print(where(Point(0, 0)))
print(where(Point(1, 2)))
