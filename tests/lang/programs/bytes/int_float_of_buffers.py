# Checks: int() and float() read a memoryview's or an array's bytes as CPython's do (a buffer is converted last, after __int__, __index__ and __float__), slices included; an explicit base refuses them; a bad literal is a ValueError; math's functions still refuse a buffer.
import math
from array import array

print(int(memoryview(b"123")[1:3]), int(memoryview(b"123\x00")[1:3]), int(memoryview(b"1234")[1:3]))
print(float(memoryview(b"1.5")), float(memoryview(b"x2.25")[1:]), int(array("B", b"100")), float(array("B", b"7e1")))
for bad in (lambda: int(memoryview(b"100"), 2), lambda: int(memoryview(b"A" * 16)),
            lambda: float(memoryview(b"nope")), lambda: math.floor(memoryview(b"1")),
            lambda: int(array("B", b"12"), 10)):
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, str(e).partition(": <memory")[0])

class Indexed(array):
    def __index__(self):
        return 42

class Floated(array):
    def __float__(self):
        return 2.5

print(int(Indexed("B", b"9")), float(Floated("B", b"9")), int(memoryview(bytearray(b" -7 "))))
