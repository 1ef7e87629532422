# Checks: default arguments, defaults evaluated once at def time (shared mutable default), keyword calls.
def greet(name, greeting="Hello", punct="!"):
    return greeting + ", " + name + punct
print(greet("Ann"), greet("Bob", "Hi"), greet("Cy", punct="?"), greet(punct=".", name="Di"))
def append_to(x, acc=[]):
    acc.append(x)
    return acc
print(append_to(1), append_to(2), append_to(3, []))
k = 10
def show(v=k):
    return v
k = 20
print(show(), show(5))
def f(a, b=2, c=3):
    return a * 100 + b * 10 + c
print(f(1), f(1, 5), f(1, c=9), f(a=4, c=0, b=1))
