# Checks: dict and set comprehensions, key collisions (last wins, first position kept) and filtering.
print({x: x * x for x in range(6)}, {x % 3: x for x in range(10)})
words = ["apple", "bob", "cat", "apple", "dog"]
print({w: len(w) for w in words}, {len(w) for w in words})
print({k: v for k, v in [("a", 1), ("b", 2), ("a", 3)]}, {i: c for i, c in enumerate("hey") if c != "e"})
print({(x, y) for x in range(2) for y in range(2)} == {(0, 0), (0, 1), (1, 0), (1, 1)}, {x * 0 for x in range(5)})
