# Checks: generator functions: lazy execution, state across next(), StopIteration, for loops over them.
def count_to(n):
    print("start")
    i = 1
    while i <= n:
        yield i
        i += 1
    print("done")
g = count_to(3)
print("made generator", type(g).__name__)
print(next(g), next(g), next(g))
try:
    next(g)
except StopIteration:
    print("StopIteration")
print(next(g, "exhausted"))
for v in count_to(2):
    print("got", v)
print(list(count_to(0)), sum(count_to(4)))
