# Rejected: nonlocal naming a variable no enclosing function has.
def f():
    nonlocal missing
    missing = 1
f()
