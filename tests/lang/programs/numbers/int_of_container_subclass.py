# Checks: int() and float() of an instance of a container's subclass use its __int__, __index__, __float__ (class Frag(Node, list)), and refuse one without them with CPython's message (the VM converted the list itself).
class Node:
    def __int__(self):
        return int(self.foo())

    def __float__(self):
        return 2.5

    def foo(self):
        return "23"


class Frag(Node, list):
    def foo(self):
        return "42"


class Indexed(dict):
    def __index__(self):
        return 7


print(int(Node()), int(Frag()), float(Frag()), int(Indexed()))
for value in [1, 2], {"a": 1}:
    class Plain(type(value)):
        pass
    for convert in int, float:
        try:
            convert(Plain(value))
        except TypeError as e:
            print("TypeError:", e)
