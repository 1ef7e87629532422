# Refused: an unsupported construct deep in a long, otherwise valid file is still found before anything runs.
# refused: 17:19 assignment expression ':='
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
    if i > 0 and (j := i * 2):
        print(j)
