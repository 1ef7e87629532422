# Checks: the hash of a NaN is its object's identity hash (CPython 3.10+), for an instance of a float subclass too (not the hash of the float it wraps), even when a later base defines __hash__.
class H:
    def __hash__(self):
        return 42


class F(float, H):
    pass


class G(float):
    pass


for value in (float("nan"), F("nan"), G("nan"), F(1.5)):
    print(type(value).__name__, hash(value) == object.__hash__(value), hash(value) == hash(value))

a, b = F("nan"), F("nan")
print(hash(a) == hash(b), len({a, b}), len({a, a}))
print(hash(F(1.5)) == hash(1.5), hash(G(2.0)) == 2)
