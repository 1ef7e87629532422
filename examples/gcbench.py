"""GCBench: the Ellis / Kovac / Boehm garbage-collector benchmark.

The classic GC benchmark (John Ellis and Pete Kovac, modified by Hans Boehm),
as used by the paper this project follows ("gcbench").  It allocates complete
binary trees of several depths, both top-down (an empty node whose children
are filled in afterwards, so old nodes point to young ones: write-barrier
work) and bottom-up (children first, then the parent), while a long-lived tree
and a long-lived array of floats stay reachable for the whole run -- the mix of
short- and long-lived objects a generational collector is built for.

Usage:  python examples/gcbench.py [DEPTH]
        vmsample run examples/gcbench.py [DEPTH]

DEPTH is the largest short-lived tree (default 14, at least 4).  The stretch tree is two
levels deeper, the long-lived tree is DEPTH deep and the float array holds
2**(DEPTH+3) items, so DEPTH=16 is the original benchmark's size.  The output
is deterministic (no timings): time it from outside.
"""

import sys

MIN_TREE_DEPTH = 4


class Node:
    __slots__ = ("left", "right", "i", "j")

    def __init__(self, left=None, right=None):
        self.left = left
        self.right = right
        self.i = 0
        self.j = 0


def tree_size(depth):
    """Number of nodes in a complete binary tree of [depth]."""
    return (1 << (depth + 1)) - 1


def populate(depth, node):
    """Build a tree top-down: parents exist before their children."""
    if depth > 0:
        depth -= 1
        node.left = Node()
        node.right = Node()
        populate(depth, node.left)
        populate(depth, node.right)


def make_tree(depth):
    """Build a tree bottom-up: children exist before their parent."""
    if depth <= 0:
        return Node()
    return Node(make_tree(depth - 1), make_tree(depth - 1))


def count(node):
    if node is None:
        return 0
    return 1 + count(node.left) + count(node.right)


def time_construction(depth, stretch_depth):
    iterations = 2 * tree_size(stretch_depth) // tree_size(depth)
    top_down = 0
    for _ in range(iterations):
        root = Node()
        populate(depth, root)
        top_down += count(root)
    bottom_up = 0
    for _ in range(iterations):
        bottom_up += count(make_tree(depth))
    print(f"  {iterations:6d} trees of depth {depth:2d}: top-down {top_down}, bottom-up {bottom_up}")
    return top_down + bottom_up


def main(max_depth):
    stretch_depth = max_depth + 2
    long_lived_depth = max_depth
    array_size = 1 << (max_depth + 3)
    print(f"GCBench: stretch depth {stretch_depth}, long-lived depth {long_lived_depth}, "
          f"array of {array_size} floats")

    # Stretch the heap before anything long-lived exists.
    print(f"stretch tree of depth {stretch_depth}: {count(make_tree(stretch_depth))} nodes")

    long_lived = Node()
    populate(long_lived_depth, long_lived)
    array = [0.0] * array_size
    for i in range(array_size // 2):
        array[i] = 1.0 / (i + 1)
    print(f"long-lived tree of depth {long_lived_depth}: {count(long_lived)} nodes")

    total = 0
    for depth in range(MIN_TREE_DEPTH, max_depth + 1, 2):
        total += time_construction(depth, stretch_depth)

    # Both long-lived structures must have survived every collection intact.
    assert count(long_lived) == tree_size(long_lived_depth)
    assert array[1000 % (array_size // 2)] == 1.0 / (1000 % (array_size // 2) + 1)
    print(f"nodes allocated in timed trees: {total}")
    print(f"long-lived tree still has {count(long_lived)} nodes; array[1] = {array[1]}")


if len(sys.argv) > 2 or (len(sys.argv) == 2 and not sys.argv[1].isdigit()):
    raise SystemExit("usage: gcbench.py [DEPTH]")
main(max(MIN_TREE_DEPTH, int(sys.argv[1]) if len(sys.argv) == 2 else 14))
