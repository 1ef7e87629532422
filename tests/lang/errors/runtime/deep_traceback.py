# A traceback through 12 recursive frames of the same function.
def countdown(n):
    if n == 0:
        raise OverflowError("reached zero")
    return countdown(n - 1)
countdown(11)
