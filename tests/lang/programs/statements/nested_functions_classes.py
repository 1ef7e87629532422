# Checks: classes defined inside functions, functions defined inside loops, and module-level code order.
def make_class(tag):
    class Tagged:
        def __init__(self, v):
            self.v = v
        def show(self):
            return tag + ":" + str(self.v)
    return Tagged
A = make_class("a")
B = make_class("b")
print(A(1).show(), B(2).show(), A is B, type(A(0)).__name__)
handlers = []
for name in ["x", "y"]:
    def h(n=name):
        return n * 2
    handlers.append(h)
print([h() for h in handlers])
print("before def")
def late():
    return "defined late"
print(late())
