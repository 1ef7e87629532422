# NameError from a misspelled name inside a nested function.
def outer():
    count = 3
    def inner():
        return cuont + 1
    return inner()
print("calling")
outer()
