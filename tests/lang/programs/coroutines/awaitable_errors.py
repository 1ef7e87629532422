# Checks: the errors of awaiting what is not awaitable in 'async with' (from __aenter__ / __aexit__,
# with and without an exception) and 'async for' (what __await__ raised is the cause), and a
# types.coroutine generator's yield from a coroutine (an await).
import types
def run_async(coro):
    buffer = []
    result = None
    while True:
        try:
            buffer.append(coro.send(None))
        except StopIteration as ex:
            result = ex.args[0] if ex.args else None
            break
    return buffer, result

@types.coroutine
def bar():
    return (yield from coro)
async def foo():
    return 'spam'
coro = foo()
print(run_async(bar()))

class CM:
    def __aenter__(self): return 123
    def __aexit__(self, *e): return 456
async def f6():
    async with CM():
        pass
class CM7:
    async def __aenter__(self): return self
    def __aexit__(self, *e): return 444
async def f7():
    async with CM7():
        1/0
async def f8():
    async with CM7():
        pass
for f in (f6, f7, f8):
    try:
        run_async(f())
    except TypeError as e:
        print("TypeError:", e, repr(e.__cause__), repr(e.__context__))

class F:
    def __aiter__(self): return self
    def __anext__(self): return self
    def __await__(self): 1 / 0
async def main():
    async for _ in F():
        pass
try:
    main().send(None)
except TypeError as e:
    print("TypeError:", e, repr(e.__cause__))
class G:
    def __aiter__(self): return self
    def __anext__(self): return 1
async def main2():
    async for _ in G():
        pass
try:
    main2().send(None)
except TypeError as e:
    print("TypeError:", e, repr(e.__cause__))
