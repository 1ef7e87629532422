# Checks: __iter__ written as a generator method, iterated by for, list(), in, and nested loops over the same object.
class Deck:
    def __init__(self, cards):
        self.cards = cards
    def __iter__(self):
        for c in self.cards:
            yield c
    def pairs(self):
        for a in self:
            for b in self:
                if a < b:
                    yield a, b
class Shelf:
    def __init__(self):
        self.decks = []
    def __iter__(self):
        for d in self.decks:
            yield from d
d = Deck([3, 1, 2])
print(list(d), 2 in d, 5 in d, sorted(d), list(d.pairs()))
s = Shelf()
s.decks.append(d)
s.decks.append(Deck(["x"]))
print(list(s), [c for c in s if c != 1], sum(1 for _ in s))
