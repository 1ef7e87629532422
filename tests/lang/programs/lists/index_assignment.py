# Checks: item assignment with positive and negative indices, IndexError on bad index, lists of mixed types.
xs = [0] * 5
for i in range(5):
    xs[i] = i * i
xs[-1] = "last"
xs[-5] = 1.5
print(xs)
try:
    xs[5] = 1
except IndexError as e:
    print("IndexError:", e)
try:
    print(xs[-6])
except IndexError as e:
    print("IndexError:", e)
m = [[i * j for j in range(4)] for i in range(4)]
m[2][3] = -1
print(m)
