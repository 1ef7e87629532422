# Checks: comprehension variables do not leak; comprehensions see enclosing and global names.
x = "outer"
ys = [x for x in range(3)]
print(x, ys)
factor = 10
def scaled(vals):
    offset = 1
    return [v * factor + offset for v in vals]
print(scaled([1, 2]))
def nested():
    n = 3
    return [[i * n + j for j in range(n)] for i in range(n)]
print(nested())
print([f(2) for f in [lambda v, k=k: v ** k for k in range(4)]])
