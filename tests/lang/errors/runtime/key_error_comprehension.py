# Uncaught KeyError inside a list comprehension inside a function: the comprehension's frame appears.
prices = {"apple": 3, "pear": 4}
def total(items):
    return sum([prices[i] for i in items])
print(total(["apple", "pear"]))
print(total(["apple", "kiwi"]))
