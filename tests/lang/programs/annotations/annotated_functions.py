# Checks: annotations on parameters, returns and variables are accepted and ignored at run time.
def area(w: float, h: float = 2.0) -> float:
    return w * h
def names(xs: list, *rest: str) -> str:
    return ",".join(xs + list(rest))
x: int = 5
y: "str" = "forward ref"
z: int
class Pt:
    x: int
    y: int = 0
    def __init__(self, x: int) -> None:
        self.x = x
print(area(3.0), area(2, 5), names(["a"], "b", "c"), x, y, Pt(4).x, Pt.y)
counts: dict = {}
counts["k"] = 1
print(counts)
