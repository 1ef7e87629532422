# Checks: an uncaught exception group is printed in CPython's boxes, nested groups and notes included, with the exception it was raised during.
def fail(n):
    e = ValueError(n)
    e.add_note(f"note for {n}")
    return e


try:
    raise KeyError("first")
except KeyError:
    raise ExceptionGroup("outer", [fail(1), ExceptionGroup("inner", [TypeError("t"), fail(2)])])
