# Checks: set literals, add/discard/remove, membership, len, and printing of small-int sets.
s = {3, 1, 2}
print(s, len(s), 2 in s, 5 in s)
s.add(0)
s.add(3)
s.discard(1)
s.discard(42)
print(s)
s.remove(2)
print(s, set(), set([5, 5, 4]), set(range(6)), {7})
try:
    s.remove(99)
except KeyError as e:
    print("KeyError:", e)
e = set()
for i in range(10):
    e.add(i % 4)
print(e, sorted(e), len(e))
