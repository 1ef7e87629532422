# Checks: ValueError messages for too many / not enough values to unpack, including starred targets.
def attempt(f):
    try:
        f()
    except ValueError as e:
        print("ValueError:", e)
    except TypeError as e:
        print("TypeError:", e)
def too_many():
    a, b = [1, 2, 3]
def too_few():
    a, b, c = (1, 2)
def star_too_few():
    a, b, *c = [1]
def not_iterable():
    a, b = 5
attempt(too_many)
attempt(too_few)
attempt(star_too_few)
attempt(not_iterable)
