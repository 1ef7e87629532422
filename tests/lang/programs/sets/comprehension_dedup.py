# Checks: set comprehensions, deduplication of equal values (1 == 1.0 == True) and sets of tuples.
squares = {x * x % 7 for x in range(20)}
print(squares, len(squares))
mixed = {1, 1.0, True}
print(len(mixed), mixed)
pts = {(x % 3, x % 2) for x in range(12)}
print(len(pts), sorted(pts))
words = ["a", "bb", "cc", "ddd", "e"]
lengths = {len(w) for w in words}
print(lengths)
