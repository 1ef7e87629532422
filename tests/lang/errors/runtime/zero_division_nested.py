# Uncaught ZeroDivisionError three frames deep, after some output: traceback lists every frame, exit 1.
def ratio(a, b):
    return a // b
def average(xs):
    return ratio(sum(xs), len(xs))
def report(groups):
    for name, xs in groups:
        print(name, average(xs))
report([("a", [1, 2, 3]), ("b", [10]), ("empty", [])])
print("not reached")
