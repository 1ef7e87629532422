# Checks: an async generator's awaitables (__anext__(), asend(), athrow()) are iterators driven by
# hand as compare_generators in CPython's test_asyncgen drives them: __next__ passes the awaited
# object's yields up, a value yield completes the await with StopIteration(value), the generator's
# end is StopAsyncIteration; an exception in a finally block; the async generator's attributes.
import types


@types.coroutine
def awaitable():
    yield ("result",)


def async_iterate(g):
    res = []
    while True:
        an = g.__anext__()
        try:
            while True:
                try:
                    res.append(("passed up", an.__next__()))
                except StopIteration as ex:
                    res.append(ex.args[0] if ex.args else "EMPTY StopIteration")
                    break
                except StopAsyncIteration:
                    raise
                except Exception as ex:
                    res.append(type(ex).__name__)
                    break
        except StopAsyncIteration:
            res.append("STOP")
            return res


async def finally_yields():
    try:
        yield 1
        await awaitable()
        1 / 0
    finally:
        await awaitable()
        yield 2
        yield 3
    yield 100


print(async_iterate(finally_yields()))


async def inner():
    yield 10
    yield 20


async def wrapper():
    yield 1
    g = inner()
    await g.asend(None)
    try:
        await g.athrow(GeneratorExit())
    except GeneratorExit:
        yield 2
    yield 3


print(async_iterate(wrapper()))

an = inner().__anext__()
print(type(an).__name__, iter(an) is an)
print(next(an, "default") if False else list(iter(inner().asend(None))))
try:
    inner().__anext__().send(100)
except TypeError as e:
    print("TypeError:", e)

g = inner()
print(g.__name__, g.__qualname__, g.ag_await, type(g.ag_frame).__name__, g.ag_running, g.ag_code.co_name)
