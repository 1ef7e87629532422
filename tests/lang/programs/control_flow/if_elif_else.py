# Checks: if/elif/else chains, truthiness of every basic type, and nested conditionals.
def classify(n):
    if n < 0:
        return "negative"
    elif n == 0:
        return "zero"
    elif n < 10:
        return "small"
    else:
        return "large"
for n in [-5, 0, 3, 10, 99]:
    print(n, classify(n))
for v in [0, 1, -1, 0.0, 0.5, "", "a", [], [0], (), (0,), {}, {0: 0}, set(), None, True, False]:
    if v:
        print(repr(v), "truthy")
    else:
        print(repr(v), "falsy")
x = 7
if x > 5:
    if x % 2:
        print("big odd")
    else:
        print("big even")
