"""Old space: a program that keeps a big heap alive while it allocates.

A server-like shape, the one incremental collectors are built for: a large
table of long-lived records (each a small object holding a list), built once,
then rounds of work that allocate short-lived trees and replace a slice of
the table, so the old space keeps growing garbage that only a major
collection can find, while most of it stays reachable.

Usage:  python examples/old_space.py [MEGABYTES] [ROUNDS]
        vmsample run examples/old_space.py [MEGABYTES] [ROUNDS]

MEGABYTES (default 64) is the table's size on the vmsample VM, where a record
takes about 120 bytes (on CPython it takes more); ROUNDS (default 40) the
rounds of work.  Each round allocates about a tenth of the table's size in
short-lived objects and replaces a hundredth of the records.  The output is
deterministic (a checksum, no timings).
"""

import sys

RECORD_BYTES = 120          # a Rec, its list and the list's items, on the VM
TREE_DEPTH = 6


class Rec:
    __slots__ = ("key", "values", "link")

    def __init__(self, key, values, link):
        self.key = key
        self.values = values
        self.link = link


class Node:
    __slots__ = ("left", "right")

    def __init__(self, left, right):
        self.left = left
        self.right = right


def make_tree(depth):
    if depth == 0:
        return Node(None, None)
    return Node(make_tree(depth - 1), make_tree(depth - 1))


def count(node):
    if node is None:
        return 0
    return 1 + count(node.left) + count(node.right)


def build_table(n):
    table = []
    link = None
    for i in range(n):
        rec = Rec(i, [i, i * 7 % 1000], link)
        link = rec if i % 64 == 0 else link
        table.append(rec)
    return table


def work(table, round_no, churn_bytes):
    # short-lived trees: garbage in the nursery
    trees = churn_bytes // ((1 << (TREE_DEPTH + 1)) * 48)
    total = 0
    for _ in range(trees):
        total += count(make_tree(TREE_DEPTH))
    # replace 1% of the records: garbage in the old space
    n = len(table)
    step = 100
    for i in range(round_no % step, n, step):
        old = table[i]
        table[i] = Rec(old.key, [old.values[0], old.values[1] + round_no], old.link)
    return total


def checksum(table):
    s = 0
    for rec in table:
        s = (s + rec.key * 31 + rec.values[1]) % 1000000007
    return s


def main(argv):
    megabytes = int(argv[1]) if len(argv) > 1 else 64
    rounds = int(argv[2]) if len(argv) > 2 else 40
    n = megabytes * (1 << 20) // RECORD_BYTES
    table = build_table(n)
    nodes = 0
    for r in range(rounds):
        nodes += work(table, r, megabytes * (1 << 20) // 10)
    print(f"records {n}, rounds {rounds}, tree nodes {nodes}, checksum {checksum(table)}")


if __name__ == "__main__":
    main(sys.argv)
