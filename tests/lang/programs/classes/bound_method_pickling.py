# Checks: a bound method pickles, copies and deep-copies as getattr(its object, its function's name), as CPython's method_reduce: a method of the program's class, of a random.Random (cachetools pickles caches holding random.choice) and random's module-level choice.
import pickle, random, copy
class Counter:
    def __init__(self): self.n = 3
    def bump(self): self.n += 1; return self.n
c = Counter()
m = pickle.loads(pickle.dumps(c.bump))
print(type(m).__name__, m(), c.n, m.__self__ is c)
print(m.__reduce__()[0] is getattr, m.__reduce__()[1][1])
r = random.Random(5)
choice = pickle.loads(pickle.dumps(r.choice))
print(choice([1, 2, 3, 4, 5]) == r.choice([1, 2, 3, 4, 5]))
print(copy.copy(c.bump)(), copy.deepcopy(c.bump)())
rc = pickle.loads(pickle.dumps(random.choice))
print(type(rc).__name__, rc.__name__)
