# Checks: the docstrings of builtin slot wrappers and methods of classes that builtins does not name (a generator's __next__, a list iterator's) are CPython's
def g():
    yield 1
i = g()
print(i.__next__.__doc__)
print(type(i).__next__.__doc__, [].__len__.__doc__, list.append.__doc__, int.__add__.__doc__)
print(object.__repr__.__doc__, iter([]).__next__.__doc__)
