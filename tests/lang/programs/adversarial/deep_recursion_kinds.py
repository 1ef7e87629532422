# Checks: unbounded recursion of every kind the VM runs ends in a
# RecursionError the program can catch, and the program goes on: plain and
# mutual recursion, through __repr__, __eq__, __hash__, __getattr__ (a
# missing attribute read inside it), __init__, a property, a generator
# delegating with yield from, a key function, an exception handler, a lambda.
import sys


def attempt(name, f):
    try:
        f()
        print(name, "returned")
    except RecursionError:
        print(name, "RecursionError")


def plain(n):
    return plain(n + 1)


def ping(n):
    return pong(n)


def pong(n):
    return ping(n + 1)


class Loops:
    def __repr__(self):
        return repr(self)

    def __eq__(self, other):
        return self == other

    def __hash__(self):
        return hash(self)

    def __getattr__(self, name):
        return self.missing

    @property
    def prop(self):
        return self.prop


class Builds:
    def __init__(self):
        self.child = Builds()


def gen(n):
    yield from gen(n + 1)
    yield n


def by_key(x):
    return sorted([x, x], key=by_key)


def in_handler(n):
    try:
        raise ValueError(n)
    except ValueError:
        return in_handler(n + 1)


lam = lambda n: lam(n + 1)
attempt("plain", lambda: plain(0))
attempt("mutual", lambda: ping(0))
attempt("__repr__", lambda: repr(Loops()))
attempt("__eq__", lambda: Loops() == Loops())
attempt("__hash__", lambda: hash(Loops()))
attempt("__getattr__", lambda: Loops().anything)
attempt("property", lambda: Loops().prop)
attempt("__init__", Builds)
attempt("yield from", lambda: list(gen(0)))
attempt("key function", lambda: by_key(1))
attempt("handler", lambda: in_handler(0))
attempt("lambda", lambda: lam(0))
print(plain.__name__, len([1] * 10), "still running", sys.getrecursionlimit())
