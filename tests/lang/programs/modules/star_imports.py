# Checks: `from M import *` (and globals()) from a built-in module, from a module with __all__ (only those names) and from one without (every public name, none with a leading underscore).
from math import *
from _support.shapes import *
from _support.colours import *

print(sqrt(16.0), floor(2.5), pi > 3)
print(area(3), Square(2).side, RED, mix(RED, GREEN))
print([name in globals() for name in ("area", "perimeter", "UNIT", "RED", "_PRIVATE", "sqrt")])
try:
    perimeter
except NameError as e:
    print("NameError:", e)
