# Checks: default identity equality and hashing of instances; __eq__ without __hash__ makes instances unhashable.
class Plain:
    pass
a = Plain()
b = Plain()
print(a == a, a == b, a != b, a is a, a is b, hash(a) == hash(a))
d = {a: 1, b: 2}
print(d[a], d[b], len(d))
class EqOnly:
    def __init__(self, v):
        self.v = v
    def __eq__(self, other):
        return self.v == other.v
print(EqOnly(1) == EqOnly(1), EqOnly(1) != EqOnly(2))
try:
    hash(EqOnly(1))
except TypeError as e:
    print("TypeError:", e)
