# Checks: what CPython's test_dict asks beyond the basics: setdefault hashes
# and compares once; update from a dict uses its kept hashes and a source
# that a key's __eq__ changes is "dict mutated during update"; d |= takes
# whatever update takes (and __or__ only dicts); (key, value) in d.items()
# looks the key up, and a value's __eq__ that clears the dict is safe; the
# views' .mapping.
class Hashed:
    def __init__(self):
        self.hash_count = 0
        self.eq_count = 0

    def __hash__(self):
        self.hash_count += 1
        return 42

    def __eq__(self, other):
        self.eq_count += 1
        return id(self) == id(other)


first, second = Hashed(), Hashed()
d = {first: 5}
print(d.setdefault(second, []), first.hash_count, second.hash_count, first.eq_count + second.eq_count)
print(d.setdefault(second, 7), d.setdefault("k"), len(d), d[second], d["k"])


class Counted(int):
    hashes = 0

    def __hash__(self):
        Counted.hashes += 1
        return int.__hash__(self)


source = {Counted(i): i for i in range(5)}
before = Counted.hashes
target = {}
target.update(source)
target |= source
print("hashed again:", Counted.hashes - before, dict(target) == {i: i for i in range(5)})


class Clears:
    def __hash__(self):
        return 0

    def __eq__(self, other):
        other_dict.clear()
        return False


other_dict = dict((i, 0) for i in range(1, 50))
other_dict[Clears()] = 0
try:
    {Clears(): 0, 1: 1}.update(other_dict)
except RuntimeError as e:
    print("RuntimeError", e)

a = {0: 0, 1: 1, 2: 1}
print(a.__or__(None), a.__or__(()), a.__or__("BAD"))
try:
    a.__ior__(None)
except TypeError as e:
    print("TypeError", e)
print(a.__ior__(()), a.__ior__(""), a.__ior__([(3, 3)]))
try:
    a.__ior__("BAD")
except ValueError as e:
    print("ValueError", e)
c = {0: 0}
c |= [(1, 1), (2, 2)]
print(c)


class ClearsOnEq:
    def __eq__(self, other):
        holder.clear()
        return NotImplemented


holder = {0: set()}
print((0, ClearsOnEq()) in holder.items(), holder)
items = {1: "a", (2, 3): [4]}.items()
print((1, "a") in items, (1, "b") in items, ((2, 3), [4]) in items, (9, 9) in items, 1 in items,
      (1, "a", 2) in items, [1, "a"] in items)

d = {"x": 1}
for view in (d.keys(), d.values(), d.items()):
    m = view.mapping
    print(type(m).__name__, m, m["x"], m is view.mapping, dict(m) == d)
d["y"] = 2
print(d.keys().mapping)
try:
    d.keys().mapping["z"] = 3
except TypeError as e:
    print("TypeError", e)
