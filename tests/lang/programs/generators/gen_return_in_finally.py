# Checks: return inside a generator ends it, running the finally around its yields; an explicit return value is ignored by for.
def limited(n):
    i = 0
    try:
        while True:
            if i >= n:
                return "ignored"
            yield i
            i += 1
    finally:
        print("cleanup at", i)
print(list(limited(3)))
total = 0
for v in limited(4):
    total += v
print("total", total)
def first_or_none(xs):
    for x in xs:
        return x
    return None
print(first_or_none([]), first_or_none([5, 6]))
