# Checks: hash() of ints (hash(-1) == -2), bools, floats equal to ints, equal tuples; id() identity facts;
# __hash__ results beyond 64 bits.
print(hash(0), hash(1), hash(42), hash(-1), hash(-2), hash(True), hash(False), hash(2 ** 40))
print(hash(1.0) == hash(1), hash(2.5) == hash(2.5), hash((1, 2)) == hash((1, 2)), hash("s") == hash("s"))
m = 2 ** 60 - 1 + 2 ** 60
print(hash(m), hash(m - 1), hash(-m), hash(-m - 1), hash(2 ** 60))
a = [1]
b = [1]
c = a
print(id(a) == id(c), id(a) == id(b), id(a) == id(a), type(id(a)).__name__)
try:
    hash([1])
except TypeError as e:
    print("TypeError:", e)
try:
    hash({})
except TypeError as e:
    print("TypeError:", e)


# A __hash__ result beyond 64 bits is hashed as that int (CPython's
# slot_tp_hash); an int subclass's __hash__ may return the instance itself.
class Big:
    def __init__(self, h):
        self.h = h

    def __hash__(self):
        return self.h


class Z(int):
    def __hash__(self):
        return self


for h in [2 ** 100, -2 ** 100, 2 ** 63, -2 ** 63 - 1, 2 ** 63 - 1, -1]:
    print(type(hash(Big(h))).__name__, hash(Big(h)), hash(Big(h)) == hash(h))
print(hash(Z(42)) == hash(42))
