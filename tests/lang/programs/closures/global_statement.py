# Checks: the global statement for rebinding module names from functions; reading globals without it.
counter = 0
names = []
def bump():
    global counter
    counter += 1
def record(n):
    names.append(n)
def make():
    global fresh
    fresh = "created in function"
for i in range(5):
    bump()
record("x")
make()
print(counter, names, fresh)
value = "module"
def shadow():
    value = "local"
    return value
print(shadow(), value)
