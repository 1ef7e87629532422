"""Module implements the Mersenne Twister random number generator.

CPython 3.11's ``_random`` (a C module there), written in Python for the VM:
``random.Random`` of the host's standard library subclasses ``Random`` below
and draws every number through ``random()`` and ``getrandbits()``.

The generator is MT19937 (Matsumoto and Nishimura, 1998) seeded as CPython
seeds it, so that a seed gives CPython's sequence exactly: an int seed is
split into 32-bit words, least significant first, and fed to
``init_by_array``; None seeds from os.urandom; any other object by its hash.
(random.py turns str, bytes and bytearray seeds into ints with SHA-512
before they get here.)  ``getstate()`` and ``setstate()`` exchange CPython's
state: the 624 words and the position in them.
"""

from os import urandom as _urandom

_N = 624                     # words of state
_M = 397                     # the twist's middle word
_MATRIX_A = 0x9908B0DF
_UPPER = 0x80000000          # most significant bit
_LOWER = 0x7FFFFFFF          # least significant 31 bits
_MASK32 = 0xFFFFFFFF


class Random:
    """Random() -> create a random number generator with its own internal state."""

    # [_mt] is the state, 624 32-bit words; [_index] the next word to
    # temper and return (624: the state must twist first).
    __slots__ = ("_mt", "_index", "__weakref__", "__dict__")

    def __new__(cls, *args, **kwargs):
        self = object.__new__(cls)
        self._mt = [0] * _N
        self._index = 0
        return self

    def __init__(self, *args, **kwargs):
        if kwargs and (type(self) is Random or type(self).__init__ is Random.__init__):
            raise TypeError("Random() takes no keyword arguments")
        if len(args) > 1:
            raise TypeError("Random() requires 0 or 1 argument")
        Random.seed(self, args[0] if args else None)

    # --- seeding

    def seed(self, n=None):
        """seed([n]) -> None.

Defaults to use urandom and falls back to a combination
of the current time and the process identifier."""
        if n is None:
            words = _urandom(4 * _N)
            self._init_by_array([int.from_bytes(words[i:i + 4], "little")
                                 for i in range(0, 4 * _N, 4)])
            return
        if isinstance(n, int):
            n = int.__abs__(n)          # not n.__abs__: a subclass may lie
        else:
            n = hash(n) & 0xFFFFFFFFFFFFFFFF    # the hash as a C size_t
        key = []
        while True:
            key.append(n & _MASK32)
            n >>= 32
            if not n:
                break
        self._init_by_array(key)

    def _init_genrand(self, s):
        mt = self._mt
        mt[0] = s & _MASK32
        for i in range(1, _N):
            prev = mt[i - 1]
            mt[i] = (1812433253 * (prev ^ (prev >> 30)) + i) & _MASK32
        self._index = _N

    def _init_by_array(self, key):
        self._init_genrand(19650218)
        mt = self._mt
        i, j = 1, 0
        for _ in range(max(_N, len(key))):
            prev = mt[i - 1]
            mt[i] = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1664525)) + key[j] + j) & _MASK32
            i += 1
            j += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
            if j >= len(key):
                j = 0
        for _ in range(_N - 1):
            prev = mt[i - 1]
            mt[i] = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - i) & _MASK32
            i += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
        mt[0] = 0x80000000              # the state is certainly not all zero

    # --- drawing

    def _twist(self):
        # Each word k becomes a mix of words k, k + 1 and k + M (mod N);
        # the three loops spare the modulo.
        mt = self._mt
        for k in range(_N - _M):
            y = (mt[k] & _UPPER) | (mt[k + 1] & _LOWER)
            mt[k] = mt[k + _M] ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)
        for k in range(_N - _M, _N - 1):
            y = (mt[k] & _UPPER) | (mt[k + 1] & _LOWER)
            mt[k] = mt[k + _M - _N] ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)
        y = (mt[_N - 1] & _UPPER) | (mt[0] & _LOWER)
        mt[_N - 1] = mt[_M - 1] ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)
        self._index = 0

    def _genrand_uint32(self):
        if self._index >= _N:
            self._twist()
        y = self._mt[self._index]
        self._index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        return y ^ (y >> 18)

    def random(self):
        """random() -> x in the interval [0, 1)."""
        a = self._genrand_uint32() >> 5
        b = self._genrand_uint32() >> 6
        return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)

    def getrandbits(self, k):
        """getrandbits(k) -> x.  Generates an int with k random bits."""
        if not isinstance(k, int):
            raise TypeError(f"'{type(k).__name__}' object cannot be interpreted as an integer")
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k > 0x7FFFFFFF:
            raise OverflowError("Python int too large to convert to C int")
        if k <= 32:
            return self._genrand_uint32() >> (32 - k) if k else 0
        # 32-bit words from the least significant; the last one keeps its
        # most significant bits.
        result = 0
        shift = 0
        while k > 0:
            r = self._genrand_uint32()
            if k < 32:
                r >>= 32 - k
            result |= r << shift
            shift += 32
            k -= 32
        return result

    # --- the state

    def getstate(self):
        """getstate() -> tuple containing the current state."""
        return tuple(self._mt) + (self._index,)

    def setstate(self, state):
        """setstate(state) -> None.  Restores generator state."""
        if not isinstance(state, tuple):
            raise TypeError("state vector must be a tuple")
        if len(state) != _N + 1:
            raise ValueError("state vector is the wrong size")
        words = [_unsigned_long(element) & _MASK32 for element in state[:_N]]
        index = state[_N]
        if not isinstance(index, int):
            raise TypeError(f"'{type(index).__name__}' object cannot be interpreted as an integer")
        if not 0 <= index <= _N:
            raise ValueError("invalid state")
        self._index = int(index)
        self._mt = words

    def __reduce__(self):
        raise TypeError(f"cannot pickle '{type(self).__module__}.{type(self).__qualname__}' object")


def _unsigned_long(value):
    # PyLong_AsUnsignedLong, which setstate applies to each word.
    if not isinstance(value, int):
        raise TypeError("an integer is required")
    if value < 0:
        raise OverflowError("can't convert negative int to unsigned")
    if value > 0xFFFFFFFFFFFFFFFF:
        raise OverflowError("Python int too large to convert to C unsigned long")
    return int(value)
