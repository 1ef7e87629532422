# Checks: len() on every sized type and user classes, and range() objects in several uses.
class Sized:
    def __len__(self):
        return 7
print(len("hello"), len(""), len([1, 2]), len((1,)), len({1: 2, 3: 4}), len({5, 6, 7}), len(range(10)), len(Sized()))
print(len(range(0, 10, 3)), len(range(10, 0, -1)), len(range(5, 5)))
print(list(range(3)), range(3)[1], list(reversed(range(4))), sum(range(1000)))
try:
    len(3.5)
except TypeError as e:
    print("TypeError:", e)
