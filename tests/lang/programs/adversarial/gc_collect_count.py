# Checks: gc.collect() returns the number of unreachable objects it found (it
# once always returned 0): 0 when nothing died, at least the 2*N instances of
# N dropped cycles, old (promoted by an earlier collection) or young.  The
# exact number is the collector's own (docs/design.md §2.4, "Counting the dead").
import gc


class Node:
    pass


def make_cycles(n):
    keep = []
    for i in range(n):
        a = Node()
        b = Node()
        a.other = b
        b.other = a
        keep.append(a)
    return keep


gc.collect()
print(gc.collect())
cycles = make_cycles(50)
gc.collect()
cycles = None
found = gc.collect()
print(found >= 100)
young = make_cycles(30)
young = None
print(gc.collect() >= 60)
print(gc.collect())
