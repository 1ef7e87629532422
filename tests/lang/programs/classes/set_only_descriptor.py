# Checks: a data descriptor whose class defines __set__ (or __delete__) but
# no __get__: setting goes through it, reading finds the instance's own value
# first and the descriptor itself when there is none (CPython calls __get__
# only when there is one; the VM once returned the descriptor always, and
# networkx's Graph._node, a _CachedPropertyResetterNode, was not iterable).
# Also on a metaclass: the class's own attribute wins over it.


class ResetOnSet:
    def __set__(self, obj, value):
        od = obj.__dict__
        od["_node"] = value
        od.pop("nodes", None)


class DeleteOnly:
    def __delete__(self, obj):
        print("delete", type(obj).__name__)


class Graph:
    _node = ResetOnSet()
    gone = DeleteOnly()

    def __init__(self):
        print(type(self._node).__name__)      # nothing stored yet: the descriptor
        self.__dict__["nodes"] = "cached"
        self._node = {}

    @property
    def size(self):
        return len(self._node)


g = Graph()
print(g._node, "nodes" in g.__dict__, g.size)
g._node["a"] = 1
print(g._node, g.size, "a" in g._node)
g.__dict__["gone"] = 5
print(g.gone)
del g.gone
print(g.gone, type(Graph.__dict__["gone"]).__name__, type(Graph._node).__name__)


class Meta(type):
    label = ResetOnSet()


class WithLabel(metaclass=Meta):
    label = "own"


class WithoutLabel(metaclass=Meta):
    pass


print(WithLabel.label, type(WithoutLabel.label).__name__)
