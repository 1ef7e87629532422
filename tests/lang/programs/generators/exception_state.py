# Checks: a generator's exception state is its own, as CPython's gi_exc_state: an except block it yields in is not seen by its caller (sys.exc_info, sys.exception) and is back when it resumes; one that handles none sees its caller's; throw() chains the generator's own handled exception as the context, not the caller's.
import sys

def g1():
    try:
        raise KeyError("a")
    except KeyError:
        yield 1
        print("inside after resume:", sys.exc_info()[0])
    yield 2

gen = g1()
next(gen)
print("caller sees:", sys.exc_info())
try:
    raise ValueError("outer")
except ValueError:
    next(gen)
    print("caller after:", sys.exc_info()[0])

def g2():
    print("g2 sees caller's:", sys.exc_info()[0])
    yield
try:
    raise IndexError
except IndexError:
    next(g2())

def f():
    try:
        raise KeyError('a')
    except Exception:
        yield
gen = f(); gen.send(None)
try:
    gen.throw(ValueError)
except ValueError as e:
    print("context:", repr(e.__context__))

def h():
    try:
        yield
    except Exception:
        raise ValueError("inner")
gen = h(); next(gen)
try:
    raise KeyError("outer")
except KeyError:
    try:
        gen.throw(TypeError)
    except ValueError as e:
        print(repr(e.__context__), repr(e.__context__.__context__))

def leak():
    try:
        raise KeyError("caught")
    except KeyError:
        yield
it = leak()
next(it)
print(sys.exc_info())
try:
    next(it)
except StopIteration:
    pass
print(sys.exc_info(), sys.exception())
