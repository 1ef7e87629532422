# Checks: subclassing enumerate, zip, map, filter and reversed: the subclass's __init__, __new__, __next__ and __iter__, layout conflicts between them, and the types that stay final.
class Numbered(enumerate):
    def __init__(self, iterable, start=0):
        self.label = f"from {start}"


class Backwards(reversed):
    pass


class Strs(map):
    pass


class Swapped(zip):
    def __next__(self):
        return super().__next__()[::-1]


class Truthy(filter):
    def __iter__(self):
        return self


class Counting(enumerate):
    def __new__(cls, iterable):
        self = super().__new__(cls, iterable, 100)
        self.seen = 0
        return self

    def __next__(self):
        self.seen += 1
        return super().__next__()


n = Numbered("ab", 5)
print(list(n), n.label, type(n).__mro__, isinstance(n, enumerate))
print(list(Backwards([1, 2, 3])), list(Strs(str, [1, 2])), isinstance(Strs(str, []), map))
print(list(Swapped("ab", "cd")), dict(Swapped("ab", "xy")))
t = Truthy(None, [0, 1, "", "x"])
print(iter(t) is t, list(t))
c = Counting("xyz")
print([pair for pair in c], c.seen)
e = Numbered("q")
print(next(e), next(iter(e), "done"), e.__next__ if False else "ok")
for bases in ((enumerate, zip), (map, filter), (reversed, int)):
    try:
        type("Both", bases, {})
        print("made")
    except TypeError as exc:
        print("TypeError:", exc)
for final in (bool, range, slice, type(iter([])), type(x for x in ())):
    try:
        type("Sub", (final,), {})
        print("made")
    except TypeError as exc:
        print("TypeError:", exc)
