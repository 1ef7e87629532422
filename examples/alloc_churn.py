"""Allocation churn: a microbenchmark of many short-lived objects.

Each iteration allocates a handful of small objects of different kinds -- a
float, a tuple, a short list, a string, an instance and a small dict -- uses
them once and drops them, so almost nothing survives a minor collection.  This
is the best case for a nursery allocator and the worst case for per-allocation
profiling overhead, which is why allocation sampling must cost nothing on the
fast path.  A small ring of recent results is kept alive so that a few objects
do survive and get promoted.

Usage:  python examples/alloc_churn.py [ITERATIONS]
        vmsample run examples/alloc_churn.py [ITERATIONS]

ITERATIONS defaults to 1000000.
"""

import sys

RING_SIZE = 64


class Point:
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y


def churn(iterations):
    ring = [None] * RING_SIZE
    total = 0
    length = 0
    for i in range(iterations):
        f = i * 0.5                       # a boxed float
        pair = (i, f)                     # a tuple
        items = [i, i + 1, i + 2]         # a list
        label = "k" + str(i % 1000)       # two strings
        p = Point(i, -i)                  # an instance
        record = {"id": i, "p": p}        # a dict
        total += pair[0] + items[2] + record["p"].y + len(label)
        length += len(items)
        if i % 97 == 0:
            ring[i % RING_SIZE] = record  # a few survivors
    survivors = 0
    for r in ring:
        if r is not None:
            survivors += 1
    return total, length, survivors


def main(iterations):
    total, length, survivors = churn(iterations)
    print(f"iterations: {iterations}")
    print(f"checksum: {total}, list items: {length}, survivors kept: {survivors}")


if len(sys.argv) > 2 or (len(sys.argv) == 2 and not sys.argv[1].isdigit()):
    raise SystemExit("usage: alloc_churn.py [ITERATIONS]")
main(int(sys.argv[1]) if len(sys.argv) == 2 else 1000000)
