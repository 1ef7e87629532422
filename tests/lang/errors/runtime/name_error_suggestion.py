# Checks: an uncaught NameError suggests the nearest local name, as CPython 3.11 prints it ("Did you mean").
def area(width, height):
    return width * heigth


print(area(2, 3))
