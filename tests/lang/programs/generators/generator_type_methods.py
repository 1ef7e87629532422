# Checks: a generator has its type's __next__, __iter__ and __repr__ as attributes (markdown's toc calls gen.__next__), bound and through the type, as CPython's generator type has them.
def count(n):
    yield from range(n)


g = count(3)
step = g.__next__
print(step(), g.__next__(), type(g).__next__(g), g.__iter__() is g, type(g).__iter__(g) is g)
try:
    step()
except StopIteration:
    print("StopIteration")
print(type(g).__next__.__name__, "__next__" in dir(g), hasattr(g, "__iter__"))
print(repr(g).startswith("<generator object count at "), type(g).__repr__(g) == repr(g))
print(sorted(n for n in vars(type(g)) if not n.startswith("__") or n in ("__next__", "__iter__")))
