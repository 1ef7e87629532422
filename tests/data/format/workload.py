"""The workload of vmsample's format fixtures (tests/data/format/): small
objects that die young, a tree that survives and is then dropped (a major
collection finds it dead), large objects, and some CPU time."""
import gc


class Node:
    def __init__(self, left, right):
        self.left = left
        self.right = right


def tree(depth):
    if depth == 0:
        return Node(None, None)
    return Node(tree(depth - 1), tree(depth - 1))


def churn(n):
    total = 0
    for i in range(n):
        total += len([i, i + 1, str(i)])
    return total


def big(n):
    return [bytearray(100000) for _ in range(n)]


def spin(n):
    t = 0
    for i in range(n):
        t += i % 7
    return t


kept = tree(9)
print(churn(2000))
blobs = big(4)
kept = None
blobs = None
gc.collect()
print(spin(1000000))
