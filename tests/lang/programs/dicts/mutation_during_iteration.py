# Checks: changing a dict's or set's size while iterating raises RuntimeError; lists may grow while iterated.
d = {1: "a", 2: "b"}
try:
    for k in d:
        d[k + 10] = "new"
except RuntimeError as e:
    print("RuntimeError:", e)
s = {1, 2, 3}
try:
    for v in s:
        s.add(v * 100)
except RuntimeError as e:
    print("RuntimeError:", e)
xs = [1, 2, 3]
for x in xs:
    if len(xs) < 8:
        xs.append(x * 10)
print(xs)
d2 = {1: 1, 2: 2, 3: 3}
for k in list(d2):
    if k % 2:
        d2.pop(k)
print(d2)
d3 = {"a": 1}
for k in d3:
    d3[k] = 99
print(d3)
