# Checks: coroutines driven by hand: async def, await on coroutines and on objects with __await__, send / throw / close, the coroutine_wrapper, and the errors CPython raises for misuse.


async def fibonacci(n):
    if n <= 1:
        return n
    return await fibonacci(n - 1) + await fibonacci(n - 2)


def run(coro):
    """Drive a coroutine that never suspends; return its result."""
    try:
        while True:
            coro.send(None)
    except StopIteration as e:
        return e.value


print(run(fibonacci(15)))


def run_from(coro, value):
    """Send [value] to a suspended coroutine that then returns."""
    try:
        coro.send(value)
    except StopIteration as e:
        return e.value


class Suspend:
    """An awaitable that suspends once, handing [tag] to the driver."""

    def __init__(self, tag):
        self.tag = tag

    def __await__(self):
        received = yield self.tag
        return (self.tag, received)


async def worker(name, steps):
    results = []
    for i in range(steps):
        got = await Suspend(f"{name}-{i}")
        results.append(got)
    return results


def scheduler(coros):
    """Round-robin: send each coroutine what it yielded, uppercased."""
    pending = [(c, None) for c in coros]
    done = []
    while pending:
        coro, value = pending.pop(0)
        try:
            yielded = coro.send(value)
        except StopIteration as e:
            done.append(e.value)
            continue
        print("yielded", yielded)
        pending.append((coro, yielded.upper()))
    return done


for r in scheduler([worker("a", 2), worker("b", 3)]):
    print(r)


# throw: handled inside the coroutine, which then returns
async def guarded():
    try:
        await Suspend("waiting")
    except KeyError as e:
        return "caught " + repr(e)
    return "not reached"


c = guarded()
print(c.send(None))
try:
    c.throw(KeyError("k"))
except StopIteration as e:
    print(e.value)

# throw: not handled
c = guarded()
c.send(None)
try:
    c.throw(ValueError("boom"))
except ValueError as e:
    print("propagated", e)


# close runs finally blocks
async def with_cleanup():
    try:
        await Suspend("x")
        await Suspend("y")
    finally:
        print("cleanup")


c = with_cleanup()
print(c.send(None))
print(c.close())
print(c.close())


async def ignores_exit():
    stop = False
    while not stop:
        try:
            stop = await Suspend("again")
        except GeneratorExit:
            pass


c = ignores_exit()
c.send(None)
try:
    c.close()
except RuntimeError as e:
    print(type(e).__name__, e)
print(run_from(c, True))

# a finished coroutine cannot be resumed
c = fibonacci(3)
print(run(c))
for op in ("send", "throw"):
    try:
        if op == "send":
            c.send(None)
        else:
            c.throw(ValueError("v"))
    except RuntimeError as e:
        print(op, e)

# a closed, never started coroutine neither
c = fibonacci(3)
c.close()
try:
    c.send(None)
except RuntimeError as e:
    print(e)

# throw into a coroutine that has not started: raised at its start
c = fibonacci(3)
try:
    c.throw(IndexError("early"))
except IndexError as e:
    print("early throw", e)


# __await__ and the coroutine_wrapper
async def answer():
    await Suspend("step")
    return 42


w = answer().__await__()
print(type(w).__name__, iter(w) is w)
print(next(w))
try:
    next(w)
except StopIteration as e:
    print("wrapper result", e.value)

w = answer().__await__()
print(w.send(None))
try:
    w.send("sent")
except StopIteration as e:
    print(e.value)
print(list(answer().__await__()))


class Delegating:
    """__await__ delegating to a coroutine through its wrapper."""

    def __await__(self):
        result = yield from answer().__await__()
        return result + 1


async def uses_delegating():
    return await Delegating()


print(run(uses_delegating()))


# misuse
async def await_int():
    await 3


class BadAwait:
    def __await__(self):
        return 5


class CoroAwait:
    def __await__(self):
        self.made = answer()
        return self.made


async def await_bad(obj):
    await obj


coro_await = CoroAwait()
for coro in (await_int(), await_bad(BadAwait()), await_bad(coro_await)):
    try:
        coro.send(None)
    except TypeError as e:
        print("TypeError:", e)
coro_await.made.close()      # (never awaited: closed, so CPython does not warn)

coro = answer()
try:
    iter(coro)
except TypeError as e:
    print(e)


def gen():
    yield from coro


try:
    next(gen())
except TypeError as e:
    print(e)
coro.close()

coro = answer()
print(type(coro).__name__, repr(coro).startswith("<coroutine object answer at 0x"))
coro.close()


class Service:
    async def fetch(self, key):
        return {"key": key}

    @staticmethod
    async def ping():
        return "pong"


print(run(Service().fetch("k")), run(Service.ping()))


# awaiting the same coroutine twice
async def twice(inner):
    first = await inner
    try:
        await inner
    except RuntimeError as e:
        return (first, str(e))


print(run(twice(fibonacci(6))))
