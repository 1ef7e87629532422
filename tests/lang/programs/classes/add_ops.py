# Checks: __add__ returning new objects, chains of additions, sum() with a start instance and NotImplemented errors.
class Money:
    def __init__(self, cents):
        self.cents = cents
    def __add__(self, other):
        if isinstance(other, int):
            return Money(self.cents + other)
        return Money(self.cents + other.cents)
    def __repr__(self):
        return "Money(%d.%02d)" % (self.cents // 100, self.cents % 100)
    def __eq__(self, other):
        return self.cents == other.cents
    def __lt__(self, other):
        return self.cents < other.cents
wallet = [Money(150), Money(275), Money(5)]
print(wallet[0] + wallet[1], wallet[2] + 95, sum(wallet, Money(0)))
print(sorted(wallet), min(wallet), max(wallet), Money(5) == Money(5))
try:
    print(1 + Money(1))
except TypeError as e:
    print("TypeError:", e)
