# TypeError for calling a function with the wrong number of arguments, from a lambda frame.
def area(w, h):
    return w * h
shapes = [(2, 3), (4,)]
compute = lambda s: area(*s)
for s in shapes:
    print(compute(s))
