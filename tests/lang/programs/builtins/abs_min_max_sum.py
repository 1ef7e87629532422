# Checks: abs, min and max (with key, several args, iterables, default) and sum (with start).
print(abs(-5), abs(5), abs(-2.5), abs(0), abs(-0.0), abs(True))
print(min(3, 1, 2), max(3, 1, 2), min([4, 8, 2]), max("hello"), min("b", "a", "c"))
words = ["kiwi", "fig", "banana", "apple"]
print(min(words), max(words), min(words, key=len), max(words, key=len), max(words, key=lambda w: w[-1]))
print(max([1, 3, 3, 2], key=lambda x: x), min([], default="empty"), max([5], default=0))
print(sum([1, 2, 3]), sum([]), sum([1, 2], 10), sum([0.5, 0.25]), sum(range(5), -10), sum([[1], [2]], []))
try:
    max([])
except ValueError as e:
    print("ValueError:", e)
