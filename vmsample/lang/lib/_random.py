"""Module implements the Mersenne Twister random number generator.

CPython 3.11's ``_random`` (a C module there) for the VM: ``random.Random``
of the host's standard library subclasses ``Random`` below and draws every
number through ``random()`` and ``getrandbits()``.

``Random`` is a class of the VM (programs subclass it, through
random.Random or directly), and each instance keeps a generator of the
host's ``_random`` behind a handle (delegated): the numbers are CPython's
by construction, and a draw costs one call to the host.  The other way,
MT19937 and CPython's seeding written in Python, gives the same numbers
but ran 200 times slower than C per draw on CPython itself, where a
forwarded call runs 1.6 times slower (tools/bench_c_replacements.py,
bench/RESULTS.md), and random() is called in loops.

What cannot cross to the host is turned into what can first: a seed that
is not an int becomes its hash, as CPython's C code takes it.
"""

import _vmhost

_host = _vmhost.delegate("_random")


class Random:
    """Random() -> create a random number generator with its own internal state."""

    # [_generator] is the host's generator; a new one has CPython's
    # all-zero state until it is seeded (CPython's __new__ does not seed,
    # its __init__ does).
    __slots__ = ("_generator", "__weakref__", "__dict__")

    def __new__(cls, *args, **kwargs):
        self = object.__new__(cls)
        self._generator = _host.Random.__new__(_host.Random)
        return self

    def __init__(self, *args, **kwargs):
        if kwargs and (type(self) is Random or type(self).__init__ is Random.__init__):
            raise TypeError("Random() takes no keyword arguments")
        if len(args) > 1:
            raise TypeError("Random() requires 0 or 1 argument")
        Random.seed(self, args[0] if args else None)

    def seed(self, n=None):
        """seed([n]) -> None.

Defaults to use urandom and falls back to a combination
of the current time and the process identifier."""
        if n is None:
            self._generator.seed(None)
        elif isinstance(n, int):
            self._generator.seed(int.__abs__(n))    # not n.__abs__: a subclass may lie
        else:
            self._generator.seed(hash(n) & 0xFFFFFFFFFFFFFFFF)     # the hash as a C size_t

    def random(self):
        """random() -> x in the interval [0, 1)."""
        return self._generator.random()

    def getrandbits(self, k):
        """getrandbits(k) -> x.  Generates an int with k random bits."""
        return self._generator.getrandbits(k)

    def getstate(self):
        """getstate() -> tuple containing the current state."""
        return self._generator.getstate()

    def setstate(self, state):
        """setstate(state) -> None.  Restores generator state."""
        self._generator.setstate(state)

    def __reduce__(self):
        raise TypeError(f"cannot pickle '{type(self).__module__}.{type(self).__qualname__}' object")
