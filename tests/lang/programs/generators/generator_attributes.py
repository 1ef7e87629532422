# Checks: a generator's and a coroutine's attributes (gi_code, gi_frame with its line and f_back, gi_running, gi_suspended, gi_yieldfrom, __name__, __qualname__; cr_* and cr_await), and send() of a value to a just-started generator.
import sys


def inner():
    yield 1
    yield 2


def outer():
    me = yield "first"
    print("running:", me.gi_running, me.gi_suspended, me.gi_frame.f_code.co_name,
          me.gi_frame.f_back.f_code.co_name)
    yield from inner()


class Holder:
    def method(self):
        yield self


g = outer()
print(g.__name__, g.__qualname__, g.gi_code.co_name, g.gi_running, g.gi_suspended)
print(g.gi_frame.f_lineno, g.gi_frame.f_back, g.gi_yieldfrom)
print(next(g), g.gi_suspended, g.gi_frame.f_lineno, g.gi_yieldfrom)
print(g.send(g), type(g.gi_yieldfrom).__name__, g.gi_yieldfrom.gi_code.co_name)
print(list(g), g.gi_frame, g.gi_running, g.gi_suspended, g.gi_yieldfrom)
print(Holder().method().__qualname__, Holder().method().__name__)

try:
    outer().send(1)
except TypeError as e:
    print("TypeError:", e)


async def leaf():
    return 5


async def coro():
    return await leaf()


c = coro()
print(c.__name__, c.__qualname__, c.cr_code.co_name, c.cr_running, c.cr_suspended, c.cr_await,
      c.cr_frame.f_code.co_name)
try:
    c.send(3)
except TypeError as e:
    print("TypeError:", e)
try:
    c.send(None)
except StopIteration as stop:
    print("done", stop.value, c.cr_frame)
