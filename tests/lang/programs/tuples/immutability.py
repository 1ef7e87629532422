# Checks: tuples are immutable (item assignment raises TypeError) but may hold mutable lists.
t = (1, [2, 3])
try:
    t[0] = 9
except TypeError as e:
    print("TypeError:", e)
t[1].append(4)
print(t)
u = t
u += (5,)
print(t, u, t is u)
