# Checks: UnboundLocalError when a local shadows a global before assignment; enclosing-scope lookups.
x = 1
def reads():
    return x
def broken():
    try:
        print(x)
    except UnboundLocalError as e:
        print("UnboundLocalError:", e)
    x = 2
    return x
print(reads(), broken(), x)
def outer():
    y = "enclosing"
    def inner():
        return y + "!"
    y = "rebound"
    return inner()
print(outer())
