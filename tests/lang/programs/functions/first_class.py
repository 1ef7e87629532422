# Checks: functions as values: stored in lists/dicts, passed and returned, called indirectly; __name__.
def add(a, b):
    return a + b
def mul(a, b):
    return a * b
ops = {"+": add, "*": mul}
for sym in ["+", "*"]:
    print(sym, ops[sym](6, 7), ops[sym].__name__)
def apply_twice(f, x):
    return f(f(x))
def inc(x):
    return x + 1
print(apply_twice(inc, 5), apply_twice(lambda s: s + s, "ab"))
def compose(f, g):
    def h(x):
        return f(g(x))
    return h
print(compose(inc, lambda x: x * 10)(3), [f(2, 3) for f in [add, mul]])
fs = [add, mul, add]
print(fs[0] is fs[2], fs[0] is fs[1], fs[0] == add)
