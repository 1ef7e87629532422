# raise ... from ...: the cause's traceback is printed first, then "The above exception was the direct cause ...".
def to_int(s):
    try:
        return int(s)
    except ValueError as e:
        raise TypeError("bad number: " + s) from e
print(to_int("12"))
to_int("x1")
