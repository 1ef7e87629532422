# Checks: user classes implementing __iter__/__next__ and __getitem__-based sequences in for loops and builtins.
class Countdown:
    def __init__(self, start):
        self.n = start
    def __iter__(self):
        return self
    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n + 1
print(list(Countdown(4)), sum(Countdown(10)), [x * 2 for x in Countdown(3)])
class Squares:
    def __init__(self, n):
        self.n = n
    def __len__(self):
        return self.n
    def __getitem__(self, i):
        if i < 0:
            i += self.n
        if i < 0 or i >= self.n:
            raise IndexError("out of range")
        return i * i
sq = Squares(5)
print(len(sq), sq[2], sq[-1], list(sq), 9 in sq, 10 in sq, max(sq))
it = iter(Countdown(2))
print(next(it), next(it), next(it, "end"))
