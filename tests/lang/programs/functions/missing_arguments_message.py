# Checks: the "missing N required positional arguments" message names them
# all, the last after "and" (release builds read quoted[-1] out of bounds
# with wraparound=False).
def f(a, b, c, d):
    return a


def g(a, b, *, c, d, e):
    return a


for call in (lambda: f(), lambda: f(1), lambda: f(1, 2), lambda: f(1, 2, 3),
             lambda: g(), lambda: g(1, 2), lambda: g(1, 2, c=3)):
    try:
        call()
    except TypeError as e:
        print(e)
