# Checks: an argument a generator rebinds dies while the generator runs, as in CPython (one frame per generator; the VM once kept the saved copy of the frame alive while the generator ran): a plain generator, a @contextmanager's (test_contextlib's test_nokeepref), one made through *args/**kwargs.
import gc, weakref
from contextlib import contextmanager
class A: pass
def gen(a, b):
    a = weakref.ref(a); b = weakref.ref(b)
    gc.collect()
    print("gen", a() is None, b() is None)
    yield
g = gen(A(), b=A())
next(g)
def plain(a):
    a = weakref.ref(a)
    gc.collect()
    print("plain", a() is None)
plain(A())
cm = contextmanager(gen)
with cm(A(), b=A()):
    pass
def f(*args, **kwds):
    return gen(*args, **kwds)
next(f(A(), b=A()))
