# Refused when it runs: an unsupported construct deep in a long, otherwise valid file stops the program only when it is reached, after everything before it ran.
# refused: 25:25 deleting a method's implicit __class__
def fib(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a
class Holder:
    def __init__(self):
        self.items = []
    def add(self, x):
        self.items.append(x)
print("start", fib(10))
h = Holder()
for i in range(3):
    h.add(i)
    print("added", i)
    if i == 2:
        print("all there", h.items)

        class Late:
            def f(self):
                def g():
                    nonlocal __class__
                    del __class__
                g()
        Late().f()
