# Checks: random.Random instances against CPython's: each seeded generator
# draws CPython's stream (random, randint, randrange, uniform, gauss,
# getrandbits, choice, choices, sample, shuffle), independently of the other
# instances and of the module's functions; reseeding restarts a stream;
# subclasses; and the errors of the methods.
import random

a = random.Random(5)
b = random.Random(5)
c = random.Random("a string seed")
print(a.random(), b.random(), a.random() == b.random(), c.random())
print([a.randint(1, 6) for _ in range(10)], a.randrange(100), a.randrange(10, 20, 3), a.uniform(2, 3))
print(round(a.gauss(0, 1), 12), a.getrandbits(70), round(a.expovariate(2.0), 12), round(a.triangular(0, 1), 12))
deck = list(range(10))
a.shuffle(deck)
print(deck, a.choice("abcdef"), a.choice(deck), a.sample(deck, 4), a.choices("xyz", k=5), a.choices([1, 2], weights=[1, 9], k=4))
a.seed(5)
print(a.random() == random.Random(5).random(), b.randint(0, 10 ** 12))
random.seed(1)
x = random.random()
r = random.Random(1)
print(x == r.random(), random.random() == r.random())


class Dice(random.Random):
    def __init__(self, sides, seed):
        random.Random.__init__(self, seed)
        self.sides = sides

    def roll(self):
        return self.randint(1, self.sides)


d = Dice(20, 42)
print([d.roll() for _ in range(8)], isinstance(d, random.Random), type(d).__name__, d.sides)
print(random.Random(42).randint(1, 20) == Dice(20, 42).roll())
gens = [random.Random(i) for i in range(5)]
print([g.randrange(1000) for g in gens])
for bad in [lambda: a.choice([]), lambda: a.randrange(0), lambda: a.sample([1, 2], 3), lambda: random.Random(1, 2)]:
    try:
        bad()
    except (IndexError, ValueError, TypeError) as e:
        print(type(e).__name__, e)
