# Checks: keyword arguments in any order and the TypeErrors for bad calls (missing, duplicate, unexpected).
def box(w, h, d=1):
    return w * h * d
print(box(2, 3), box(h=3, w=2), box(2, d=4, h=5))
try:
    box(1)
except TypeError as e:
    print("TypeError:", e)
try:
    box(1, 2, w=3)
except TypeError as e:
    print("TypeError:", e)
try:
    box(1, 2, colour=3)
except TypeError as e:
    print("TypeError:", e)
try:
    box(1, 2, 3, 4)
except TypeError as e:
    print("TypeError:", e)
