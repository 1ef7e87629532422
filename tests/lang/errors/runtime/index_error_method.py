# IndexError from a method of a user class used by a for loop via __getitem__ indirectly.
class Ring:
    def __init__(self, items):
        self.items = items
    def at(self, i):
        return self.items[i]
r = Ring([1, 2, 3])
for i in [0, 2, 5]:
    print(r.at(i))
