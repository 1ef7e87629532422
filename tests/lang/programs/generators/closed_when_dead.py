# Checks: a generator that dies suspended inside a try or a with is closed, as CPython's _PyGen_Finalize closes it: its finally blocks and __exit__ run once (GeneratorExit at the yield), on `del`, on rebinding, in a cycle found by gc.collect(), and at the program's end; one that finished, never started, or yields outside any try is left alone; an exception escaping close is reported as "Exception ignored in"; a yield after GeneratorExit is a RuntimeError reported the same way; a coroutine suspended in a try is closed too.
import gc
import sys
from contextlib import contextmanager

log = []

def counted(name):
    try:
        yield 1
        yield 2
    finally:
        log.append(f"finally {name}")

g = counted("del")
next(g)
del g
gc.collect()
print(log)

g = counted("rebound")
next(g)
g = None
gc.collect()
print(log)

g = counted("finished")
print(list(g), log)
g = None
gc.collect()
print(log)

def plain():
    yield 1
    yield 2

g = plain()
next(g)
del g
gc.collect()

class Holder:
    pass

h = Holder()
h.me = h
h.gen = counted("cycle")
next(h.gen)
del h
gc.collect()
print(log)

@contextmanager
def managed(name):
    log.append(f"enter {name}")
    try:
        yield name
    finally:
        log.append(f"exit {name}")

def uses_with():
    with managed("inner"):
        yield "a"
        yield "b"

g = uses_with()
print(next(g))
del g
gc.collect()
print(log)

def catches():
    try:
        yield 1
    except GeneratorExit:
        log.append("saw GeneratorExit")
        raise

g = catches()
next(g)
del g
gc.collect()

def fails():
    try:
        yield 1
    finally:
        raise ValueError("from finally")

def hook(args):
    print("unraisable:", args.exc_type.__name__, args.exc_value, type(args.object).__name__)

sys.unraisablehook = hook
g = fails()
next(g)
del g
gc.collect()

def stubborn():
    try:
        yield 1
    except GeneratorExit:
        yield 2

g = stubborn()
next(g)
del g
gc.collect()
print(log)

async def coro():
    try:
        await Awaitable()
    finally:
        log.append("coroutine finally")

class Awaitable:
    def __await__(self):
        yield "waiting"

c = coro()
print(c.send(None))
del c
gc.collect()
print(log[-1])

sys.unraisablehook = sys.__unraisablehook__
def at_exit():
    try:
        yield
    finally:
        print("closed at exit")

kept = at_exit()
next(kept)
print("end of program")
