# Rejected: break outside any loop, inside a function.
def f(x):
    if x:
        break
    return x
print(f(1))
