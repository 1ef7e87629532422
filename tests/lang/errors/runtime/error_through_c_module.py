# Checks: a traceback has no entry for a C module's replacement (functools.reduce, itertools), as CPython's C code has none: the callback that raises follows its caller's caller.
import functools
import itertools


def add(a, b):
    return a + b + list(itertools.islice([], 1))


def total(values):
    return functools.reduce(add, values)


print(total([1]))
total([1, 2])
