# Checks: pass in functions, classes, loops and branches; functions without return give None.
def nothing():
    pass
class Empty:
    pass
for i in range(3):
    pass
if True:
    pass
else:
    pass
print(nothing(), type(Empty()).__name__, i)
def early(x):
    if x:
        return
    print("fell through")
print(early(1), early(0))
