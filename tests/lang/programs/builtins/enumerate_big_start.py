# Checks: enumerate counts on past sys.maxsize (and from any int-like start), as CPython's does
# (the VM added the count to whatever lay above its stack top once the count left the small ints).
import pickle
import sys

for start in (sys.maxsize - 1, sys.maxsize + 1, 2 ** 64, -(2 ** 70), True):
    e = enumerate("abc", start)
    print(list(e))
e = enumerate(iter("abcd"), start=sys.maxsize)
next(e)
print(list(pickle.loads(pickle.dumps(e))))
print(list(enumerate([None, "x"], 10 ** 30)))


class Start:
    def __index__(self):
        return 7


print(list(enumerate("ab", Start())))
for bad in ("1", 1.0, None):
    try:
        enumerate("ab", bad)
    except TypeError as e:
        print("TypeError", e)
