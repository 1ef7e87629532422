# Checks: PEP 479: a StopIteration that ends a generator's or a coroutine's frame (and an async
# generator's StopAsyncIteration) is a RuntimeError caused by it -- raised, thrown in before the first
# next(), or thrown at a yield; throw()'s exception made as `raise` makes it, where making it fails
# what failed is thrown in instead.
def report(f, *args):
    try:
        r = f(*args)
        print("returned", r)
    except BaseException as e:
        cause = e.__cause__
        print(type(e).__name__, e, "| cause:", repr(cause), "| suppress:", e.__suppress_context__)


def raises():
    yield 1
    raise StopIteration("inner")


class MyStop(StopIteration):
    pass


def raises_subclass():
    yield 1
    raise MyStop


def returns():
    yield 1
    return "value"


report(list, raises())
report(list, raises_subclass())
report(list, returns())


def one():
    yield 1


report(lambda: one().throw(StopIteration))          # before the first next()
g = one()
next(g)
report(g.throw, StopIteration)                      # at the yield
report(g.throw, StopIteration)                      # once it is done: as is
g = one()
next(g)
report(g.throw, StopIteration, StopIteration(5))     # an instance of the class: itself
g = one()
next(g)
report(g.throw, ValueError, "made")                 # the class called with the value


class Weird(Exception):
    def __new__(cls, *args):
        return cls


class Failing(Exception):
    def __init__(self, *args):
        raise KeyError("from __init__")


def catching():
    try:
        yield
    except BaseException as e:
        print("caught in the generator:", type(e).__name__, e)
    yield "after"


for cls in (Weird, Failing):
    g = catching()
    next(g)
    report(g.throw, cls)
report(one().throw, int)
report(one().throw, ValueError("x"), "value")


async def coro():
    raise StopIteration


report(coro().send, None)


async def agen():
    yield 1
    raise StopAsyncIteration


def drive(ag):
    out = []
    while True:
        try:
            out.append(ag.__anext__().send(None))
        except StopIteration as e:
            out.append(e.value)
        except StopAsyncIteration:
            return out


report(drive, agen())


def outer():
    yield from raises()


report(list, outer())
