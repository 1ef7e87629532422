# Checks: a LOAD_GLOBAL site that found its name in the builtins sees a global of that name as soon
# as one appears (assigned, through globals(), by exec, by an import), the builtin again once it is
# deleted, and a builtin replaced or deleted in the builtins module.
import builtins


def size(xs):
    return len(xs)                          # one LOAD_GLOBAL site for every change below


def show():
    return [size([1, 2, 3]) for _ in range(3)]


print(show())
len = lambda xs: "module len"
print(show())
del len
print(show())
globals()["len"] = lambda xs: "len through globals()"
print(show())
del globals()["len"]
print(show())
exec("len = lambda xs: 'len by exec'")
print(show())
del len
print(show())
saved = builtins.len
builtins.len = lambda xs: "builtins.len replaced"
print(show())
builtins.len = saved
print(show())
for i in range(50):                          # many globals added: the dict grows and renumbers
    globals()[f"g{i}"] = i
print(show(), g49)
from operator import neg as len
print(show.__name__, size.__name__, len([1]) if False else "imported")
try:
    show()
except TypeError as e:
    print("TypeError")
del len
print(show())


def missing():
    return undefined_name


try:
    missing()
except NameError as e:
    print("NameError", e)
undefined_name = "defined now"
print(missing())
del undefined_name
try:
    missing()
except NameError as e:
    print("NameError again", e)
