class Node:
    def __init__(self, left, right):
        self.left = left
        self.right = right


def make_tree(depth):
    if depth == 0:
        return Node(None, None)
    return Node(make_tree(depth - 1), make_tree(depth - 1))


def temporaries(n):
    total = 0
    for i in range(n):
        triple = [i, i + 1, i + 2]
        total += len(triple)
    return total


def main():
    tree = make_tree(13)
    total = temporaries(200000)
    return tree, total


tree, total = main()
print(total)
