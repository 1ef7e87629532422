# Checks: raise of classes and instances, bare raise re-raising, except tuples and catching by base class.
def risky(kind):
    if kind == 1:
        raise ValueError("one")
    if kind == 2:
        raise KeyError
    if kind == 3:
        raise IndexError("three")
    return "fine"
for k in range(4):
    try:
        print(risky(k))
    except (ValueError, KeyError) as e:
        print("value-or-key", type(e).__name__, repr(e))
    except LookupError as e:
        print("lookup", type(e).__name__, e)
def wrapper():
    try:
        risky(1)
    except ValueError:
        print("logging and re-raising")
        raise
try:
    wrapper()
except ValueError as e:
    print("outer got", e)
try:
    raise Exception("base")
except Exception as e:
    print(type(e).__name__, e)
