# Checks: builtins refuse keyword arguments they do not take, with CPython's messages; enumerate, round, pow and sum take their parameters by keyword; zip(strict=True); iter() of an object whose __iter__ returns a non-iterator.
calls = [
    lambda: print(bogus=1),
    lambda: sorted([], cmp=None),
    lambda: len(x=1),
    lambda: [].append(x=1),
    lambda: [].sort(cmp=1),
    lambda: min([1], bogus=1),
    lambda: max([1], key=None, bogus=1),
    lambda: zip([], bogus=1),
    lambda: map(str, [], x=1),
    lambda: filter(None, [], x=1),
    lambda: iter([], x=1),
    lambda: next(iter([1]), x=1),
    lambda: getattr(1, "real", x=1),
    lambda: isinstance(obj=1, class_or_tuple=int),
    lambda: divmod(x=1, y=2),
    lambda: abs(x=1),
    lambda: reversed([], x=1),
    lambda: {}.get(key=1),
    lambda: {}.keys(x=1),
    lambda: set().add(x=1),
    lambda: (1).bit_length(x=1),
    lambda: (x for x in []).send(x=1),
    lambda: enumerate([], x=1),
    lambda: enumerate(start=0, x=3),
    lambda: enumerate(),
    lambda: enumerate("abc", "a"),
    lambda: enumerate("abc", 2, 3),
    lambda: enumerate(1),
]
for call in calls:
    try:
        call()
        print("no error")
    except TypeError as e:
        print("TypeError:", e)

print(sum([1, 2], start=10), round(number=2.675, ndigits=2), pow(base=2, exp=10, mod=1000))
print(list(enumerate(iterable="ab", start=3)), list(enumerate(start=1, iterable="c")))
print(sorted([3, 1, 2], key=lambda v: -v, reverse=True), min([], default="empty"))
print(list(zip("ab", "cd", strict=True)))
for args in (([1], [1, 2]), ([1, 2], [1], [3]), ([1], [1], [3, 4]), ([], [1])):
    try:
        print(list(zip(*args, strict=True)))
    except ValueError as e:
        print("ValueError:", e)
z = zip([1, 2], [3], strict=False)
print(list(z))
print({}.update(a=1), dict.fromkeys("ab", 0))


class NotAnIterator:
    def __iter__(self):
        return self


try:
    iter(NotAnIterator())
except TypeError as e:
    print("TypeError:", e)
try:
    enumerate(NotAnIterator())
except TypeError as e:
    print("TypeError:", e)
