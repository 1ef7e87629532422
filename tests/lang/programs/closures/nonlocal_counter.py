# Checks: closures capturing variables, nonlocal rebinding, and independent closure instances.
def make_counter(start=0):
    count = start
    def step(by=1):
        nonlocal count
        count += by
        return count
    return step
a = make_counter()
b = make_counter(100)
print(a(), a(), a(5), b(), a(), b(-50))
def outer():
    x = "outer"
    def middle():
        def inner():
            nonlocal x
            x = "changed by inner"
        inner()
        return x
    r = middle()
    return r, x
print(outer())
