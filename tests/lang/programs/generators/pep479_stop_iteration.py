# Checks: PEP 479: a StopIteration raised in a generator (the class or an instance, or leaking from next() of an exhausted iterator) becomes RuntimeError("generator raised StopIteration") caused by it; in a coroutine "coroutine raised ...", in an async generator StopAsyncIteration too; a return value is still StopIteration.value; loops over such generators see the error, not a silent end.
def bare():
    raise StopIteration
    yield


def after_one():
    yield 1
    raise StopIteration("x")


def leaking():
    it = iter([1])
    while True:
        yield next(it)


def returns():
    yield 1
    return "done"


for g in (bare(), after_one(), leaking()):
    try:
        print(list(g))
    except RuntimeError as e:
        print(type(e).__name__, e, "| cause:", repr(e.__cause__), e.__suppress_context__)

g = returns()
next(g)
try:
    next(g)
except StopIteration as e:
    print("value", e.value)


async def coro():
    raise StopIteration


c = coro()
try:
    c.send(None)
except RuntimeError as e:
    print(e)


async def agen():
    yield 1
    raise StopAsyncIteration


a = agen()
try:
    a.__anext__().send(None)
except StopIteration as e:
    print("first", e.value)
try:
    a.__anext__().send(None)
except RuntimeError as e:
    print(e)
