# Checks: slices compare as the tuples (start, stop, step) do, are
# unhashable, and their indices() take objects with __index__.
pairs = [(slice(1, 2, 3), slice(1, 2, 3)), (slice(1, 2), slice(1, 3)), (slice(None), slice(0)),
         (slice(1, 10), slice(1, 10, None)), (slice(2, 1), slice(1, 2)), (slice("a"), slice("b"))]
for a, b in pairs:
    print(a, b, a == b, a != b)
    try:
        print("  ", a < b, a <= b, a > b, a >= b)
    except TypeError as e:
        print("  TypeError:", e)
s = slice(1, 2, 3)
print(s == s, s != s, s == (1, 2, 3), slice(1, 2) in [slice(1, 2)], [slice(0, 5)] == [slice(0, 5)])
for v in (slice(1, 2), slice(None, None, None)):
    try:
        hash(v)
    except TypeError as e:
        print("TypeError:", e)
try:
    {slice(1): 1}
except TypeError as e:
    print("TypeError:", e)

class MyIndexable:
    def __init__(self, value):
        self.value = value
    def __index__(self):
        return self.value

print(slice(MyIndexable(0), 10, 1).indices(5), slice(0, MyIndexable(10), 1).indices(5))
print(slice(0, 10, MyIndexable(2)).indices(5), slice(0, 10, 1).indices(MyIndexable(5)))
print(slice(MyIndexable(1), MyIndexable(-1)).indices(10), slice(-3, None, -1).indices(7))
for bad in (slice(0.0, 10), slice(0, 10, 0)):
    try:
        bad.indices(5)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
seen = []
class Recorder:
    def __setitem__(self, key, value):
        seen.append((key, value))
r = Recorder()
r[1:2] = 42
r[::-1] = 0
print(seen, seen == [(slice(1, 2, None), 42), (slice(None, None, -1), 0)])
