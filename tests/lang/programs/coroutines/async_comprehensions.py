# Checks: asynchronous comprehensions as CPython 3.11 compiles them: async for in any generator of a list, set or dict comprehension, await in the element, a condition or a later iterable, a nested async comprehension making its outer one async, async generator expressions (and a generator expression that awaits), errors from inside and from a non-async iterable, and the SyntaxErrors for async comprehensions and await outside async functions.
import asyncio

class ARange:
    def __init__(self, n):
        self.n = n
    def __aiter__(self):
        self.i = 0
        return self
    async def __anext__(self):
        if self.i >= self.n:
            raise StopAsyncIteration
        self.i += 1
        return self.i - 1

async def double(x):
    await asyncio.sleep(0)
    return 2 * x

async def main():
    print([x async for x in ARange(4) if x % 2])
    print([(x, y) async for x in ARange(3) for y in range(x)])
    print([(x, y) for x in range(3) async for y in ARange(x)])
    print({x: await double(x) for x in range(3)})
    print({await double(x) async for x in ARange(3)})
    print([[y async for y in ARange(x)] for x in range(3)])
    g = (await double(x) for x in range(3))
    print(type(g).__name__, [v async for v in g])
    h = (x async for x in ARange(3))
    print(type(h).__name__, hasattr(h, "__anext__"), [v async for v in h])
    try:
        [x async for x in ARange(3) if 1 / (x - 1)]
    except ZeroDivisionError as e:
        print("error", e)
    try:
        [x async for x in 5]
    except TypeError as e:
        print("error", e)
    return "done"

print(asyncio.run(main()))
for src in ("def f():\n    return [x async for x in y]\n", "def f():\n    return [await x for x in y]\n",
            "await x\n", "def f():\n    await x\n", "def f():\n    return (x async for x in y)\n",
            "def f():\n    return [[x async for x in y] for y in z]\n"):
    try:
        compile(src, "<s>", "exec")
        print("compiles")
    except SyntaxError as e:
        print(e.msg, e.lineno, e.offset)
