# Checks: several closures sharing one cell, closures over loop variables and over parameters.
def pair():
    v = 0
    def get():
        return v
    def put(x):
        nonlocal v
        v = x
    return get, put
g, p = pair()
print(g())
p(42)
print(g())
def adders():
    fs = []
    for n in range(3):
        def add(x, n=n):
            return x + n
        fs.append(add)
    return fs
print([f(10) for f in adders()])
def accumulate():
    total = []
    def add(x):
        total.append(x)
        return sum(total)
    return add
acc = accumulate()
print(acc(1), acc(2), acc(3))
