# AttributeError from calling a method on None returned by a lookup.
class Node:
    def __init__(self, name, parent=None):
        self.name = name
        self.parent = parent
    def root_name(self):
        return self.parent.root_name() if self.parent else self.name
def find(nodes, name):
    for n in nodes:
        if n.name == name:
            return n
    return None
root = Node("root")
kids = [Node("a", root), Node("b", root)]
print(find(kids, "a").root_name())
print(find(kids, "zzz").root_name())
