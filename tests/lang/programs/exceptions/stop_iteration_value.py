# Checks: StopIteration.value (a generator's return value, args[0] or None)
# and the "can't multiply sequence by non-int" message (both once
# differed silently).
def g():
    yield 1
    return "done"


it = g()
next(it)
try:
    next(it)
except StopIteration as e:
    print(e.value, e.args)
e = StopIteration()
print(e.value, StopIteration(5).value)
e.value = 7
print(e.value)


class Stop(StopIteration):
    pass


print(Stop(3, 4).value)
for f in (lambda: "a" * "b", lambda: [1] * "x", lambda: (1,) * 2.0, lambda: 2.5 * "a",
          lambda: {} * "a", lambda: None * [1], lambda: 3 * 4.5):
    try:
        print(f())
    except TypeError as err:
        print(err)
x = [1]
try:
    x *= "a"
except TypeError as err:
    print(err)
