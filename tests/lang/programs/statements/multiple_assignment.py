# Checks: chained assignment, evaluation order of the right-hand side, and assignment to subscripts in order.
a = b = 5
a += 1
print(a, b)
xs = [0, 0, 0]
i = 0
i, xs[i] = 1, 9
print(i, xs)
order = []
def v(tag, val):
    order.append(tag)
    return val
d = {}
d[v("key", "k")] = v("value", 1)
print(order, d)
x, y = y, x = 1, 2
print(x, y)
