# Checks: bool is an int subtype (arithmetic, bitwise ops keep bool), None comparisons and their TypeError.
print(True & False, True | False, True ^ True, type(True & True).__name__, type(True + True).__name__)
print(~True, -True, +False, True / 2, True // 2, True % 2, True ** 3, 3 - True)
print(sum([True, True, False]), max(True, 2), min(False, -1), sorted([True, False, 0, 1, -1]))
print(str(True), repr(False), int(True), float(False), True == 1, False == 0, True is True, True != 2)
print(None == None, None is None, None != 0, repr(None), str(None), bool(None), [None] * 2)
try:
    None < 1
except TypeError as e:
    print("TypeError:", e)
try:
    None + 1
except TypeError as e:
    print("TypeError:", e)
print(isinstance(False, int), isinstance(None, int), bool(-0.0), bool(0.1), bool(" "))
