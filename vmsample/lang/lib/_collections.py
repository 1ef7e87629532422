"""High performance data structures.
- deque:        ordered collection accessible from endpoints only
- defaultdict:  dict subclass with a default value factory

CPython 3.11's ``_collections`` (a C module there), written in Python for
the VM; ``collections/__init__.py`` of the host's standard library imports
it.  ``OrderedDict`` is not here: collections' own Python OrderedDict is
used, as CPython uses it when ``_collections`` has none.

The behaviour follows CPython's C code where a program can see it: which
operations count as mutating a deque (its iterators and searches raise
RuntimeError after one), the order of comparisons, the messages of errors,
what ``__reduce__`` returns.
"""

import copyreg as _copyreg
from _vm import register as _register

from _capi import COMPARE as _OPERATORS, GenericAlias as _GenericAlias, MAXSIZE as _MAXSIZE
from _capi import index as _index, not_a_base_type as _not_a_base_type, repeat_count as _repeat_count
from _capi import repr_enter as _repr_enter, repr_leave as _repr_leave, same as _same
from _capi import comparisons as _comparisons, slice_index as _slice_index


def _item_index(value):
    # The index of d[value]: as sequences take it (PyNumber_AsSsize_t with
    # IndexError for what does not fit).
    if not isinstance(value, int):
        method = getattr(type(value), "__index__", None)
        if method is None:
            raise TypeError(f"sequence index must be integer, not '{type(value).__name__}'")
        value = method(value)
    if not -_MAXSIZE - 1 <= value <= _MAXSIZE:
        raise IndexError(f"cannot fit '{type(value).__name__}' into an index-sized integer")
    return int(value)


class deque:
    """deque([iterable[, maxlen]]) --> deque object

A list-like sequence optimized for data accesses near its endpoints."""

    # The items live in a ring buffer: [_buf] is a list whose length (the
    # capacity) is a power of two, [_mask] that length minus one; item i
    # of the deque is _buf[(_head + i) & _mask], for 0 <= i < _len, and
    # every other slot holds None (so that the deque keeps alive only what
    # it contains).  The buffer doubles when full and halves when a quarter
    # full, so appends and pops at either end take constant time.
    #
    # [_state] counts the mutations that move the ends (appends, pops,
    # rotations, clear), as CPython's deque->state: an iterator, count(),
    # index() and `in` raise "deque mutated during iteration" when it
    # changes under them.  Assigning an item and reverse() do not count.
    # [_maxlen] is -1 for an unbounded deque.
    __slots__ = ("_buf", "_mask", "_head", "_len", "_maxlen", "_state", "__weakref__")
    __module__ = "collections"

    def __new__(cls, *args, **kwargs):
        self = object.__new__(cls)
        self._buf = [None] * _MIN_CAPACITY
        self._mask = _MIN_CAPACITY - 1
        self._head = 0
        self._len = 0
        self._maxlen = -1
        self._state = 0
        return self

    def __init__(self, iterable=None, maxlen=None):
        if maxlen is not None:
            if not isinstance(maxlen, int):
                raise TypeError("an integer is required")
            maxlen = _index(maxlen)
            if maxlen < 0:
                raise ValueError("maxlen must be non-negative")
        self._maxlen = -1 if maxlen is None else maxlen
        if self._len:
            self.clear()
        if iterable is not None:
            self.extend(iterable)

    # --- the ring buffer

    def _resize(self, capacity):
        buf, head, mask, n = self._buf, self._head, self._mask, self._len
        new = [buf[(head + i) & mask] for i in range(n)]
        new.extend([None] * (capacity - n))
        self._buf, self._mask, self._head = new, capacity - 1, 0

    def _push_right(self, item):
        if self._len == len(self._buf):
            self._resize(2 * len(self._buf))
        self._buf[(self._head + self._len) & self._mask] = item
        self._len += 1

    def _push_left(self, item):
        if self._len == len(self._buf):
            self._resize(2 * len(self._buf))
        self._head = (self._head - 1) & self._mask
        self._buf[self._head] = item
        self._len += 1

    def _pop_right(self):
        self._len -= 1
        i = (self._head + self._len) & self._mask
        item = self._buf[i]
        self._buf[i] = None
        self._shrink()
        return item

    def _pop_left(self):
        item = self._buf[self._head]
        self._buf[self._head] = None
        self._head = (self._head + 1) & self._mask
        self._len -= 1
        self._shrink()
        return item

    def _shrink(self):
        if self._len * 4 <= len(self._buf) and len(self._buf) > _MIN_CAPACITY:
            self._resize(len(self._buf) // 2)

    def _get(self, i):
        return self._buf[(self._head + i) & self._mask]

    def _set(self, i, item):
        self._buf[(self._head + i) & self._mask] = item

    # --- the ends

    def append(self, item):
        """Add an element to the right side of the deque."""
        self._push_right(item)
        if 0 <= self._maxlen < self._len:
            self.popleft()
        else:
            self._state += 1

    def appendleft(self, item):
        """Add an element to the left side of the deque."""
        self._push_left(item)
        if 0 <= self._maxlen < self._len:
            self.pop()
        else:
            self._state += 1

    def pop(self):
        """Remove and return the rightmost element."""
        if self._len == 0:
            raise IndexError("pop from an empty deque")
        self._state += 1
        return self._pop_right()

    def popleft(self):
        """Remove and return the leftmost element."""
        if self._len == 0:
            raise IndexError("pop from an empty deque")
        self._state += 1
        return self._pop_left()

    def extend(self, iterable):
        """Extend the right side of the deque with elements from the iterable"""
        if iterable is self:
            iterable = list(iterable)
        it = iter(iterable)
        if self._maxlen == 0:
            for _ in it:
                pass
            return
        for item in it:
            self.append(item)

    def extendleft(self, iterable):
        """Extend the left side of the deque with elements from the iterable"""
        if iterable is self:
            iterable = list(iterable)
        it = iter(iterable)
        if self._maxlen == 0:
            for _ in it:
                pass
            return
        for item in it:
            self.appendleft(item)

    def clear(self):
        """Remove all elements from the deque."""
        if self._len == 0:
            return
        # Empty first, then let go of the items: dropping them may run code
        # (__del__) that uses this deque.
        old = self._buf
        self._buf = [None] * _MIN_CAPACITY
        self._mask = _MIN_CAPACITY - 1
        self._head = self._len = 0
        self._state += 1
        del old

    def rotate(self, n=1):
        """Rotate the deque n steps to the right (default n=1).  If n is negative, rotates left."""
        n = _index(n)
        length = self._len
        if length <= 1:
            return
        half = length >> 1
        if n > half or n < -half:
            n %= length
            if n > half:
                n -= length
            elif n < -half:
                n += length
        self._state += 1
        if length == len(self._buf):
            self._head = (self._head - n) & self._mask
            return
        buf, mask = self._buf, self._mask
        while n > 0:                    # the last item moves to the front
            tail = (self._head + length - 1) & mask
            self._head = (self._head - 1) & mask
            buf[self._head] = buf[tail]
            buf[tail] = None
            n -= 1
        while n < 0:                    # the first item moves to the back
            buf[(self._head + length) & mask] = buf[self._head]
            buf[self._head] = None
            self._head = (self._head + 1) & mask
            n += 1

    def reverse(self):
        """D.reverse() -- reverse *IN PLACE*"""
        i, j = 0, self._len - 1
        while i < j:
            a, b = self._get(i), self._get(j)
            self._set(i, b)
            self._set(j, a)
            i += 1
            j -= 1

    # --- searching

    def count(self, value):
        """D.count(value) -> integer -- return number of occurrences of value"""
        state = self._state
        found = 0
        for i in range(self._len):
            if _same(self._get(i), value):
                found += 1
            if state != self._state:
                raise RuntimeError("deque mutated during iteration")
        return found

    def __contains__(self, value):
        state = self._state
        for i in range(self._len):
            if _same(self._get(i), value):
                return True
            if state != self._state:
                raise RuntimeError("deque mutated during iteration")
        return False

    def index(self, value, start=0, stop=_MAXSIZE):
        """D.index(value, [start, [stop]]) -> integer -- return first index of value.
Raises ValueError if the value is not present."""
        length = self._len
        start, stop = _slice_index(start), _slice_index(stop)
        if start < 0:
            start = max(start + length, 0)
        if stop < 0:
            stop = max(stop + length, 0)
        stop = min(stop, length)
        start = min(start, stop)
        state = self._state
        for i in range(start, stop):
            if _same(self._get(i), value):
                return i
            if state != self._state:
                raise RuntimeError("deque mutated during iteration")
        raise ValueError(f"{value!r} is not in deque")

    def remove(self, value):
        """D.remove(value) -- remove first occurrence of value."""
        n = self._len
        for i in range(n):
            equal = _same(self._get(i), value)
            if self._len != n:
                raise IndexError("deque mutated during remove().")
            if equal:
                self._del_item(i)
                return
        raise ValueError("deque.remove(x): x not in deque")

    def insert(self, index, value):
        """D.insert(index, object) -- insert object before index"""
        index = _index(index)
        n = self._len
        if self._maxlen == n:
            raise IndexError("deque already at its maximum size")
        if index >= n:
            self.append(value)
        elif index <= -n or index == 0:
            self.appendleft(value)
        else:
            self.rotate(-index)
            if index < 0:
                self.append(value)
            else:
                self.appendleft(value)
            self.rotate(index)

    # --- the sequence protocol

    def __len__(self):
        return self._len

    def __bool__(self):
        return self._len != 0

    def _valid(self, i):
        i = _item_index(i)
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError("deque index out of range")
        return i

    def __getitem__(self, i):
        return self._get(self._valid(i))

    def __setitem__(self, i, value):
        self._set(self._valid(i), value)

    def __delitem__(self, i):
        self._del_item(self._valid(i))

    def _del_item(self, i):
        self.rotate(-i)
        self.popleft()
        self.rotate(i)

    def __iter__(self):
        return _deque_iterator(self)

    def __reversed__(self):
        """D.__reversed__() -- return a reverse iterator over the deque"""
        return _deque_reverse_iterator(self)

    # --- copies, arithmetic, comparisons

    def copy(self):
        """Return a shallow copy of a deque."""
        if type(self) is deque:
            new = deque()
            new._maxlen = self._maxlen
            new.extend(self)
            return new
        if self._maxlen < 0:
            new = type(self)(self)
        else:
            new = type(self)(self, self._maxlen)
        if not isinstance(new, deque):
            raise TypeError(f"{type(self).__name__}() must return a deque, not {type(new).__name__}")
        return new

    __copy__ = copy

    def __add__(self, other):
        if not isinstance(other, deque):
            raise TypeError(f'can only concatenate deque (not "{type(other).__name__}") to deque')
        new = self.copy()
        new.extend(other)
        return new

    def __iadd__(self, other):
        self.extend(other)
        return self

    def __mul__(self, n):
        n = _repeat_count(n)
        return self.copy()._repeat(n)

    __rmul__ = __mul__

    def __imul__(self, n):
        return self._repeat(_repeat_count(n))

    def _repeat(self, n):
        size = self._len
        if size == 0 or n == 1:
            return self
        if n <= 0:
            self.clear()
            return self
        if size == 1:
            if 0 <= self._maxlen < n:
                n = self._maxlen
            item = self._get(0)
            self._state += 1
            for _ in range(n - 1):
                self._push_right(item)
            return self
        if size > _MAXSIZE // n:
            raise MemoryError
        items = list(self)
        if self._maxlen >= 0 and n * size > self._maxlen:
            n = (self._maxlen + size - 1) // size
        for _ in range(n - 1):
            self.extend(items)
        return self

    __hash__ = None

    def _compare(self, other, op):
        if not isinstance(other, deque):
            return NotImplemented
        if op in ("==", "!="):
            if self is other:
                return op == "=="
            if len(self) != len(other):
                return op == "!="
        # The first pair of items that differ decides; else the lengths.
        it1, it2 = iter(self), iter(other)
        while True:
            x = next(it1, _END)
            y = next(it2, _END)
            if x is _END or y is _END:
                break
            if not _same(x, y):
                return bool(_OPERATORS[op](x, y))
        if op == "<":
            return y is not _END
        if op == "<=":
            return x is _END
        if op == "==":
            return x is y
        if op == "!=":
            return x is not y
        if op == ">":
            return x is not _END
        return y is _END

    __eq__, __ne__, __lt__, __le__, __gt__, __ge__ = _comparisons(_compare)

    # --- the rest

    @property
    def maxlen(self):
        """maximum size of a deque or None if unbounded"""
        return None if self._maxlen < 0 else self._maxlen

    def __repr__(self):
        if not _repr_enter(self):
            return "[...]"
        try:
            items = list(self)
            if self._maxlen >= 0:
                return f"{type(self).__name__}({items!r}, maxlen={self._maxlen})"
            return f"{type(self).__name__}({items!r})"
        finally:
            _repr_leave(self)

    def __getstate__(self):
        # object.__getstate__ as CPython's deque has it: the instance dict
        # and the slots of subclasses; the deque's own fields are no state
        # (its items are pickled as such).
        state = getattr(self, "__dict__", None) or None
        slots = {}
        for name in _copyreg._slotnames(type(self)):
            if name not in deque.__slots__ and hasattr(self, name):
                slots[name] = getattr(self, name)
        return (state, slots) if slots else state

    def __reduce__(self):
        """Return state information for pickling."""
        state = self.__getstate__()
        it = iter(self)
        if self._maxlen < 0:
            return (type(self), (), state, it)
        return (type(self), ((), self._maxlen), state, it)

    __class_getitem__ = classmethod(_GenericAlias)


_MIN_CAPACITY = 8
_END = object()         # what next() gives at the end, in comparisons


class _deque_iterator:
    # [_pos] is the index of the next item; a change of the deque's state
    # (anything that moves its ends) makes the index meaningless, hence the
    # RuntimeError.
    __slots__ = ("_deque", "_state", "_pos", "_counter")
    __init_subclass__ = _not_a_base_type

    def __new__(cls, *args):
        return _make_iterator(cls, "_deque_iterator", args)

    def __iter__(self):
        return self

    def __next__(self):
        d = self._deque
        if d._state != self._state:
            self._counter = 0
            raise RuntimeError("deque mutated during iteration")
        if self._counter == 0:
            raise StopIteration
        item = d._get(self._pos)
        self._pos += 1
        self._counter -= 1
        return item

    def __length_hint__(self):
        """Private method returning an estimate of len(list(it))."""
        return self._counter

    def __reduce__(self):
        """Return state information for pickling."""
        return (type(self), (self._deque, len(self._deque) - self._counter))


class _deque_reverse_iterator:
    __slots__ = ("_deque", "_state", "_pos", "_counter")
    __init_subclass__ = _not_a_base_type

    def __new__(cls, *args):
        return _make_iterator(cls, "_deque_reverse_iterator", args)

    def __iter__(self):
        return self

    def __next__(self):
        # CPython's reverse iterator checks for the end before the state.
        if self._counter == 0:
            raise StopIteration
        d = self._deque
        if d._state != self._state:
            self._counter = 0
            raise RuntimeError("deque mutated during iteration")
        item = d._get(self._pos)
        self._pos -= 1
        self._counter -= 1
        return item

    __length_hint__ = _deque_iterator.__length_hint__
    __reduce__ = _deque_iterator.__reduce__


def _make_iterator(cls, name, args):
    """_deque_iterator(deque, index=0): an iterator past [index] items."""
    if not 1 <= len(args) <= 2:
        raise TypeError(f"{name}() takes at most 2 arguments ({len(args)} given)"
                        if args else f"{name}() takes at least 1 argument (0 given)")
    d = args[0]
    if not isinstance(d, deque):
        raise TypeError(f"{name}() argument 1 must be collections.deque, not {type(d).__name__}")
    index = _index(args[1]) if len(args) == 2 else 0
    it = object.__new__(cls)
    it._deque = d
    it._state = d._state
    it._counter = d._len
    it._pos = 0 if cls is _deque_iterator else d._len - 1
    for _ in range(index):
        if next(it, _END) is _END:
            break
    return it


class defaultdict(dict):
    """defaultdict(default_factory=None, /, [...]) --> dict with default factory

The default factory is called without arguments to produce
a new value when a key is not present, in __getitem__ only.
A defaultdict compares equal to a dict with the same items.
All remaining arguments are treated the same as if they were
passed to the dict constructor, including keyword arguments.
"""
    __slots__ = ("default_factory",)
    __module__ = "collections"

    def __new__(cls, *args, **kwargs):
        self = dict.__new__(cls)
        self.default_factory = None
        return self

    def __init__(self, *args, **kwargs):
        if args:
            factory = args[0]
            if factory is not None and not callable(factory):
                raise TypeError("first argument must be callable or None")
            self.default_factory = factory
            args = args[1:]
        else:
            self.default_factory = None
        dict.__init__(self, *args, **kwargs)

    def __missing__(self, key):
        """__missing__(key) # Called by __getitem__ for missing key; pseudo-code:
  if self.default_factory is None: raise KeyError((key,))
  self[key] = value = self.default_factory()
  return value
"""
        if self.default_factory is None:
            raise KeyError(key)
        value = self.default_factory()
        self[key] = value
        return value

    def copy(self):
        """D.copy() -> a shallow copy of D."""
        return type(self)(self.default_factory, self)

    __copy__ = copy

    def __reduce__(self):
        """Return state information for pickling."""
        args = () if self.default_factory is None else (self.default_factory,)
        return (type(self), args, None, None, iter(self.items()))

    def __repr__(self):
        factory = self.default_factory
        if factory is None:
            shown = "None"
        elif _repr_enter(factory):
            try:
                shown = repr(factory)
            finally:
                _repr_leave(factory)
        else:
            shown = "..."
        return f"{type(self).__name__}({shown}, {dict.__repr__(self)})"

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = type(self)(self.default_factory, self)
        new.update(other)
        return new

    def __ror__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = type(self)(self.default_factory, other)
        new.update(self)
        return new


def _count_elements(mapping, iterable):
    """Count elements in the iterable, updating the mapping"""
    get = mapping.get
    for element in iterable:
        mapping[element] = get(element, 0) + 1


class _tuplegetter:
    # The descriptor of a named tuple's field: item [index] of the tuple.
    # (No docstring: each instance has its own __doc__, a slot.)
    __slots__ = ("_index", "__doc__")
    __init_subclass__ = _not_a_base_type

    def __new__(cls, index, doc):
        self = object.__new__(cls)
        self._index = _index(index)
        self.__doc__ = doc
        return self

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        if not isinstance(obj, tuple):
            raise TypeError(f"descriptor for index '{self._index}' for tuple subclasses "
                            f"doesn't apply to '{type(obj).__name__}' object")
        if not 0 <= self._index < tuple.__len__(obj):
            raise IndexError("tuple index out of range")
        return tuple.__getitem__(obj, self._index)

    def __set__(self, obj, value):
        raise AttributeError("can't set attribute")

    def __delete__(self, obj):
        raise AttributeError("can't delete attribute")

    def __reduce__(self):
        return (type(self), (self._index, self.__doc__))

    def __repr__(self):
        return f"{type(self).__name__}({self._index}, {self.__doc__!r})"


_register("tuplegetter", _tuplegetter)     # the VM reads fields as __get__ does, without calling it
