# Checks: sys.setrecursionlimit is a real limit (it was
# once ignored): deeper recursion works after raising it, lower limits stop
# recursion and nested comparisons sooner, and bad limits raise as in CPython.
import sys


def down(n):
    return 0 if n == 0 else 1 + down(n - 1)


def depth_reached():
    def go(n):
        try:
            return go(n + 1)
        except RecursionError:
            return n
    return go(0)


print(sys.getrecursionlimit())
try:
    down(5000)
except RecursionError as e:
    print("RecursionError:", e)
sys.setrecursionlimit(6000)
print(sys.getrecursionlimit(), down(5000))
sys.setrecursionlimit(200)
print(depth_reached() > 150, depth_reached() < 200)
x = 1
for i in range(300):
    x = [x]
try:
    print(x == x[:])
except RecursionError as e:
    print("RecursionError:", e)
for bad in (0, -5):
    try:
        sys.setrecursionlimit(bad)
    except ValueError as e:
        print("ValueError:", e)
try:
    sys.setrecursionlimit(2.5)
except TypeError as e:
    print("TypeError:", e)
sys.setrecursionlimit(1000)
print(sys.getrecursionlimit(), down(900))
