# Checks: async for (StopAsyncIteration ends the loop, else/break/continue, return from inside) and async with (awaited __aenter__/__aexit__, suppression, several managers), driven by hand, and CPython's errors for objects without the protocols.
class Suspend:
    def __init__(self, tag):
        self.tag = tag
    def __await__(self):
        return (yield self.tag)

class Ticker:
    def __init__(self, n):
        self.i = 0
        self.n = n
    def __aiter__(self):
        return self
    async def __anext__(self):
        if self.i >= self.n:
            raise StopAsyncIteration
        self.i += 1
        got = await Suspend(f"tick{self.i}")
        return (self.i, got)

class Resource:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress
    async def __aenter__(self):
        print("enter", self.name, await Suspend("entering"))
        return self.name.upper()
    async def __aexit__(self, et, ev, tb):
        print("exit", self.name, et.__name__ if et else None, ev)
        await Suspend("exiting")
        return self.suppress

def drive(coro):
    value = None
    n = 0
    while True:
        try:
            y = coro.send(value)
        except StopIteration as e:
            return e.value
        n += 1
        value = f"{y}!{n}"

async def main():
    out = []
    async for i, got in Ticker(3):
        out.append((i, got))
    print(out)
    async for x in Ticker(0):
        print("never")
    else:
        print("else ran")
    async for i, _ in Ticker(5):
        if i == 2:
            continue
        if i == 4:
            break
        print("loop", i)
    async with Resource("a") as r:
        print("inside", r)
    async with Resource("b", suppress=True):
        raise KeyError("swallowed")
    try:
        async with Resource("c"):
            raise ValueError("escapes")
    except ValueError as e:
        print("caught", e)
    async with Resource("d") as d, Resource("e") as e:
        print("both", d, e)
    return await helper()

async def helper():
    async with Resource("f"):
        async for i, _ in Ticker(3):
            if i == 2:
                return "returned at 2"

print(drive(main()))

class Bad:
    pass
class OnlyEnter:
    async def __aenter__(self):
        return 1
class NotAsync:
    def __aiter__(self):
        return 5
class BadNext:
    def __aiter__(self):
        return self
    def __anext__(self):
        return 5
class Raises:
    def __aiter__(self):
        return self
    async def __anext__(self):
        raise IndexError("from anext")

async def misuse(kind):
    if kind == 0:
        async with Bad():
            pass
    elif kind == 1:
        async with OnlyEnter():
            pass
    elif kind == 2:
        async for x in 3:
            pass
    elif kind == 3:
        async for x in NotAsync():
            pass
    elif kind == 4:
        async for x in BadNext():
            pass
    else:
        async for x in Raises():
            pass

for kind in range(6):
    try:
        drive(misuse(kind))
    except (TypeError, IndexError) as e:
        print(type(e).__name__, e)
