# Checks: augmented assignment on names, attributes, subscripts and slices, evaluating the target once.
class Box:
    def __init__(self):
        self.v = 1
b = Box()
b.v += 10
b.v *= 2
xs = [1, 2, 3]
xs[0] += 100
xs[-1] **= 2
d = {"k": 5}
d["k"] -= 7
d["new"] = d.get("new", 0) + 1
s = "ab"
s *= 3
t = (1,)
t += (2, 3)
print(b.v, xs, d, s, t)
calls = []
def idx():
    calls.append(1)
    return 0
ys = [10]
ys[idx()] += 5
print(ys, len(calls))
n = 7
n //= 2; n <<= 3; n |= 1; n ^= 3; n &= 0xFF; n >>= 1; n %= 5
print(n)
