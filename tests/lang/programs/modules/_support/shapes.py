# A helper module of programs/modules/star_imports.py: __all__ decides what `import *` takes.
__all__ = ["area", "Square"]
UNIT = "cm"


def area(side):
    return side * side


def perimeter(side):
    return 4 * side


class Square:
    def __init__(self, side):
        self.side = side
