# Checks: range with start/stop/step including negative steps, empty ranges, indexing, len and membership.
print(list(range(5)), list(range(2, 8)), list(range(0, 20, 5)), list(range(10, 0, -3)), list(range(0)))
print(list(range(5, 0)), list(range(-5, -1)), list(range(-1, -10, -2)), len(range(0, 100, 7)))
r = range(3, 30, 4)
print(r[0], r[-1], r[2], len(r), 7 in r, 8 in r, list(r[1:4]))
total = 0
for i in range(100, 0, -7):
    total += i
print(total)
try:
    range(1, 5, 0)
except ValueError as e:
    print("ValueError:", e)
