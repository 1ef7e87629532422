"""Binary trees: the Computer Language Benchmarks Game allocation benchmark.

Trees are tuples ``(left, right)`` with ``(None, None)`` leaves, so nearly every
allocation is a small tuple.  A "stretch" tree is built and dropped first, then
one long-lived tree stays alive while many short-lived trees of growing depth
are built, walked and dropped: most objects die young, a few live for the
whole run.

Usage:  python examples/binary_trees.py [DEPTH]
        vmsample run examples/binary_trees.py [DEPTH]

DEPTH is the depth of the long-lived tree (default 14; smaller values are
raised to 6; the Benchmarks Game uses 21).
"""

import sys

MIN_DEPTH = 4


def make_tree(depth):
    if depth == 0:
        return (None, None)
    depth -= 1
    return (make_tree(depth), make_tree(depth))


def check_tree(node):
    left, right = node
    if left is None:
        return 1
    return 1 + check_tree(left) + check_tree(right)


def main(max_depth):
    stretch_depth = max_depth + 1
    print(f"stretch tree of depth {stretch_depth}\t check: {check_tree(make_tree(stretch_depth))}")

    long_lived_tree = make_tree(max_depth)

    for depth in range(MIN_DEPTH, max_depth + 1, 2):
        iterations = 2 ** (max_depth - depth + MIN_DEPTH)
        check = 0
        for _ in range(iterations):
            check += check_tree(make_tree(depth))
        print(f"{iterations}\t trees of depth {depth}\t check: {check}")

    print(f"long lived tree of depth {max_depth}\t check: {check_tree(long_lived_tree)}")


if len(sys.argv) > 2 or (len(sys.argv) == 2 and not sys.argv[1].isdigit()):
    raise SystemExit("usage: binary_trees.py [DEPTH]")
main(max(MIN_DEPTH + 2, int(sys.argv[1]) if len(sys.argv) == 2 else 14))
