# Checks: hash() of ints (hash(-1) == -2), bools, floats equal to ints, equal tuples; id() identity facts.
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
