# Checks: ranges past 2**62 and sys.maxsize: len (OverflowError past sys.maxsize, as CPython), indexing, slicing, in, index, count (an int by arithmetic, anything else by ==), equality, hash, iteration, reversed; range() and slices take an object's __index__.
import sys
big = 2**64
r = range(big, big + 10)
print(len(range(sys.maxsize, sys.maxsize+10)))
print(r[3], r[-1], r[2:5], big + 3 in r, r.index(big + 4), r.count(big + 4))
print(range(10**20).count(1), range(1, 2**100, 2).count(2**87+1), range(1, 2**100, 2).count(2**87))
print(range(0, 2**100) == range(0, 2**100), range(0, 2**100) == range(0, 2**100 - 1))
try:
    len(range(0, 2**100))
except OverflowError as e:
    print("OverflowError", e)
x = range(0, 2**100)
print(x[2**99], x[-1], x[2**99:2**99+3], 2**99 in x, x.index(2**98))
class I:
    def __init__(self, n): self.n = n
    def __index__(self): return self.n
print(list(range(I(2**64), I(2**64 + 2))), range(10)[:I(5)], range(I(3)))
class ALWAYS_EQ:
    def __eq__(self, o): return True
print(range(10).count(ALWAYS_EQ()), range(3).index(1))
r = range(-sys.maxsize, sys.maxsize, 2)
print(len(r), r[-1])
it = iter(range(2**65, 2**65 + 3))
print(list(it))
print(hash(range(0, 2**70)) == hash(range(0, 2**70)))
print(list(reversed(range(2**64, 2**64 + 3))))
print(range(0, -2**64, -2**62)[1])
