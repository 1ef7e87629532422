# Checks: a generator's, coroutine's and async generator's __name__ and __qualname__ are writable, only to a str (a str subclass's instance too), never deleted, with CPython's messages; until assigned they are the function's.
def func():
    yield 1

gen = func()
print(gen.__name__, gen.__qualname__)
gen.__name__ = "name"
print(gen.__name__, gen.__qualname__)
gen.__qualname__ = "qualname"
print(gen.__name__, gen.__qualname__)
for attr, value in (("__name__", 123), ("__qualname__", None)):
    try:
        setattr(gen, attr, value)
    except TypeError as e:
        print("TypeError:", e)
for attr in ("__name__", "__qualname__"):
    try:
        delattr(gen, attr)
    except TypeError as e:
        print("TypeError:", e)
print(gen.__name__, gen.__qualname__, next(gen))

class S(str):
    pass

gen.__name__ = S("sub")
print(gen.__name__, gen.__qualname__)

func.__name__ = "func_name"
func.__qualname__ = "func_qualname"
gen = func()
print(gen.__name__, gen.__qualname__)
print((x for x in ()).__name__, (x for x in ()).__qualname__)

async def coro():
    pass

async def agen():
    yield 1

c = coro()
c.__name__ = "c1"
c.__qualname__ = "c2"
print(c.__name__, c.__qualname__)
c.close()
a = agen()
a.__qualname__ = "a2"
print(a.__name__, a.__qualname__)
