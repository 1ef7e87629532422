# Checks: exceptions raised inside generators propagate to the consumer; finally blocks run on exhaustion and on errors.
def gen_fail():
    yield 1
    raise ValueError("boom in generator")
g = gen_fail()
print(next(g))
try:
    next(g)
except ValueError as e:
    print("caught", e)
print(next(g, "dead"))
def guarded(n):
    try:
        for i in range(n):
            yield i
    finally:
        print("finally in generator")
print(list(guarded(2)))
def catches():
    for i in range(3):
        try:
            if i == 1:
                raise KeyError(i)
            yield i
        except KeyError as e:
            print("generator handled KeyError", e)
            yield -1
print(list(catches()))
def divide_all(xs):
    for x in xs:
        yield 10 // x
try:
    for v in divide_all([5, 2, 0, 1]):
        print("v", v)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
