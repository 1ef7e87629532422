# Checks: unbounded recursion raises RecursionError, which can be caught, and the program continues.
def down(n):
    return down(n + 1)
try:
    down(0)
except RecursionError as e:
    print("RecursionError caught:", type(e).__name__)
def ok(n):
    return n if n == 0 else ok(n - 1)
print(ok(100))
