# Checks: a function's __doc__ is the same str each time it is read, so functools.wraps and update_wrapper copy that very object (`is` holds); a docstring assigned, set to None or absent reads as CPython's; a program that replaces builtins.len with a cached version does not change what iter(), vars() and dir() do.
import builtins
import functools


def f():
    """This is a test"""


print(f.__doc__ is f.__doc__)


@functools.wraps(f)
def wrapper():
    pass


print(wrapper.__doc__ is f.__doc__, wrapper.__doc__)
g = functools.update_wrapper(lambda: None, f)
print(g.__doc__ is f.__doc__)
f.__doc__ = "changed"
print(f.__doc__, wrapper.__doc__)
f.__doc__ = None
print(f.__doc__)


def nodoc():
    pass


print(nodoc.__doc__)

old_len = builtins.len
try:
    builtins.len = functools.lru_cache(4)(len)
    for i in [0, 0, 1, 2, 3, 3, 4, 5, 6, 1, 7, 2, 1]:
        assert len("abcdefghijklmn"[:i]) == i
    print(list(iter({"k": 1})), next(iter([1, 2])), sorted(vars(type("T", (), {"z": 1}))).count("z"))
    print(builtins.len.cache_info())
finally:
    builtins.len = old_len
