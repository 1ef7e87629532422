# Checks: is / is not with None, True/False, the same and different objects.
a = [1]
b = a
c = [1]
print(a is b, a is c, a is not c, a == c, None is None, (1 == 1) is True)
def f():
    pass
print(f() is None, f() is not None, [] is [])
x = None
if x is None:
    print("x is None")
vals = [0, False, None, "", []]
print([v is None for v in vals], [v is False for v in vals])
