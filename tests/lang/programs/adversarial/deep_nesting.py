# Checks: values nested 20,000 deep raise RecursionError from repr, str, ==,
# <, `in` (the VM once segfaulted), nesting below the limit still
# works (the limit counts frames and C recursion together), and hash() of a
# tuple 5,000 deep, which CPython does not count, works too.  (200,000 deep,
# CPython's hash() overflows its C stack; the VM's raises RecursionError.)
# gc-debug: VMSAMPLE_NURSERY=256K VMSAMPLE_GC_STRESS=20011
import sys
a = []; b = []; d = {}
for i in range(20000):
    a = [a]; b = [b]; d = {1: d}
for name, f in [("repr", lambda: repr(a)), ("str", lambda: str(d)), ("==", lambda: a == b),
                ("<", lambda: a < b), ("in", lambda: a in [b]),
                ("dict ==", lambda: d == {1: d})]:
    try:
        f()
        print(name, "returned")
    except RecursionError as e:
        print(name, "RecursionError")


def nest(n):
    x = 1
    for i in range(n):
        x = [x]
    return x


for n in (10, 500, 900, 5000, 30000):
    try:
        print(n, nest(n) == nest(n), len(repr(nest(n))))
    except RecursionError as e:
        print(n, "RecursionError:", e)
t = ()
for i in range(5000):
    t = (t,)
print(hash(t) == hash(t), sys.getrecursionlimit())
