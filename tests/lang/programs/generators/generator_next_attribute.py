# Checks: a generator's __next__ is an attribute, as the iterator protocol's other methods (found by CPython's test_heapq: merge() of a generator whose __next__ is taken).
gen = (x * 2 for x in range(3))
step = gen.__next__
print(step(), step(), next(gen), hasattr(gen, "__next__"), hasattr(gen, "__iter__"), gen.__iter__() is gen)
try:
    step()
except StopIteration:
    print("StopIteration")
