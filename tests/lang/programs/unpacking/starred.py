# Checks: starred targets at the start, middle and end, empty star captures, and star in for targets.
first, *rest = [1, 2, 3, 4]
*init, last = [1, 2, 3, 4]
head, *mid, tail = "abcde"
a, *b, c = (1, 2)
print(first, rest, init, last, head, mid, tail, a, b, c)
*everything, = range(3)
print(everything)
for x, *ys in [(1, 2, 3), (4,), (5, 6)]:
    print(x, ys)
(p, *q), r = [1, 2, 3], 4
print(p, q, r)
print([*range(3), *"ab"], (*[1, 2], 3), {**{"a": 1}, "b": 2}, {*[1, 1, 2]})
