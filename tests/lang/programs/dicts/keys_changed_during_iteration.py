# Checks: a dict whose keys are deleted and added during iteration (same size) raises "dictionary keys changed during iteration" once, then the iterator is exhausted; a size change raises every time; length hints of dict iterators.
import operator

for view in (lambda d: d, lambda d: d.keys(), lambda d: d.values(), lambda d: d.items()):
    d = {0: 0}
    it = iter(view(d))
    try:
        for x in it:
            del d[0]
            d[0] = 0
        print("no error")
    except RuntimeError as e:
        print("RuntimeError:", e, list(it))

d = {1: 1, 2: 2}
it = iter(d)
next(it)
d[3] = 3
for _ in range(2):
    try:
        next(it)
    except RuntimeError as e:
        print("RuntimeError:", e)

d = dict.fromkeys(range(5))
it = iter(d.items())
print(operator.length_hint(it))
next(it)
print(operator.length_hint(it), len(list(it)), operator.length_hint(it))
d[9] = 9
print(operator.length_hint(iter(d.values())))
