# Checks: throw() and close() go to the generator or coroutine a yield from / await delegates to first: it may handle the exception, return (the delegating one resumes with the result) or run its finally blocks.
class Suspend:
    def __await__(self):
        return (yield "s")

async def inner():
    try:
        await Suspend()
    except KeyError:
        return "inner caught"
    finally:
        print("inner finally")

async def outer():
    r = await inner()
    return "outer got " + r

c = outer(); print(c.send(None))
try: c.throw(KeyError())
except StopIteration as e: print(e.value)
c = outer(); c.send(None); c.close(); print("closed")
c = outer(); c.send(None)
try: c.throw(ValueError("v"))
except ValueError as e: print("VE", e)

def sub():
    try:
        yield 1
        yield 2
    except IndexError:
        yield "sub handled"
    return "subret"
def gen():
    r = yield from sub()
    yield r
g = gen(); print(next(g)); print(g.throw(IndexError())); print(next(g))
g = gen(); next(g); g.close(); print("gclosed")
def sub2():
    try:
        yield 1
    except IndexError:
        return "sub2 returned"
def gen2():
    r = yield from sub2()
    yield r
g = gen2(); next(g); print(g.throw(IndexError()))
