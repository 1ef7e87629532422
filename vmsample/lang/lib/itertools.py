"""Functional tools for creating and using iterators: CPython 3.11's
``itertools`` (a C module there), written in Python for the VM.

Staged as ``_next/itertools.py`` while the hand-written ``lib/itertools.py``
is still in use; it replaces that one when the VM switches to the host's
standard library (vmsample/lang/lib/c_modules.toml).

Every iterator is a class, as in CPython, so that programs may subclass it,
``type(it)`` names it, and it pickles and copies: ``__reduce__`` and
``__setstate__`` produce and accept exactly what CPython's produce and accept.
The behaviour follows CPython's C code, including the order in which the
argument iterators are advanced (a test or a program may observe it), the
moment an exhausted iterator lets go of its input, and the error messages.

Two rules of CPython's C code matter throughout:

* Comparisons of keys (groupby) go through ``PyObject_RichCompareBool``,
  which takes identical objects as equal without calling ``__eq__``:
  ``_same(a, b)`` below.
* A constructor refuses keyword arguments it does not take, unless a
  subclass defines ``__init__`` (which then gets them): ``_no_keywords``.
"""

from _capi import index as _index_of, is_number as _is_number, not_a_base_type as _not_a_base_type
from _capi import same as _same, MAXSIZE as _MAXSIZE, GenericAlias as _GenericAlias


def _no_keywords(cls, name, kwargs):
    if kwargs and cls.__init__ is object.__init__:
        raise TypeError(f"{name}() takes no keyword arguments")


def _positional(name, args, low, high):
    """CPython's check of a C function's positional argument count."""
    n = len(args)
    if low <= n <= high:
        return
    bound, word = (low, "at least ") if n < low else (high, "at most ")
    if low == high:
        word = ""
    raise TypeError(f"{name} expected {word}{bound} argument{'' if bound == 1 else 's'}, got {n}")


class count:
    """Return a count object whose .__next__() method returns consecutive values.

    Equivalent to:
        def count(firstval=0, step=1):
            x = firstval
            while 1:
                yield x
                x += step
    """
    # CPython counts in a C integer while the start is an int, the step
    # is 1 and the count is below sys.maxsize ("fast mode"): the values are
    # then exact ints, and __reduce__ leaves the step out.  Otherwise each
    # value is the previous one plus the step, whatever their types.
    __slots__ = ("_cnt", "_step", "_fast")

    def __new__(cls, start=0, step=1):
        if not _is_number(start) or not _is_number(step):
            raise TypeError("a number is required")
        self = object.__new__(cls)
        self._fast = (isinstance(start, int) and isinstance(step, int) and step == 1
                      and -_MAXSIZE - 1 <= start < _MAXSIZE)
        self._cnt = int(start) if self._fast else start
        self._step = step
        return self

    def __iter__(self):
        return self

    def __next__(self):
        value = self._cnt
        self._cnt = value + self._step
        return value

    def _in_fast_mode(self):
        return self._fast and self._cnt < _MAXSIZE

    def __repr__(self):
        name = type(self).__name__
        if self._in_fast_mode() or (isinstance(self._step, int) and self._step == 1):
            return f"{name}({self._cnt!r})"
        return f"{name}({self._cnt!r}, {self._step!r})"

    def __reduce__(self):
        if self._in_fast_mode():
            return (type(self), (self._cnt,))
        return (type(self), (self._cnt, self._step))


class cycle:
    """Return elements from the iterable until it is exhausted. Then repeat the sequence indefinitely."""
    # While the input lasts, its items are returned and saved; then the
    # saved ones are returned in turn.  [_firstpass] is CPython's flag of
    # the same name: True when the saved list is already complete (a cycle
    # restored by __setstate__), so that items are not saved twice.
    __slots__ = ("_it", "_saved", "_index", "_firstpass")

    def __new__(cls, *args, **kwargs):
        _no_keywords(cls, "cycle", kwargs)
        _positional("cycle", args, 1, 1)
        self = object.__new__(cls)
        self._it = iter(args[0])
        self._saved = []
        self._index = 0
        self._firstpass = False
        return self

    def __iter__(self):
        return self

    def __next__(self):
        if self._it is not None:
            for item in self._it:
                if not self._firstpass:
                    self._saved.append(item)
                return item
            self._it = None
        saved = self._saved
        if not saved:
            raise StopIteration
        item = saved[self._index]
        self._index += 1
        if self._index >= len(saved):
            self._index = 0
        return item

    def __reduce__(self):
        if self._it is None:
            it = iter(self._saved)
            if self._index:
                it.__setstate__(self._index)
            return (type(self), (it,), (self._saved, True))
        return (type(self), (self._it,), (self._saved, self._firstpass))

    def __setstate__(self, state):
        if not isinstance(state, tuple):
            raise TypeError("state is not a tuple")
        if len(state) != 2:
            raise TypeError(f"function takes exactly 2 arguments ({len(state)} given)")
        saved, firstpass = state
        if not isinstance(saved, list):
            raise TypeError(f"argument 1 must be list, not {type(saved).__name__}")
        self._saved = saved
        self._firstpass = _index_of(firstpass) != 0
        self._index = 0


_object_new = object.__new__    # repeat's first parameter is named object
_ENDLESS = object()              # repeat() without times (times=None is a TypeError)


class repeat:
    """repeat(object [,times]) -> create an iterator which returns the object
for the specified number of times.  If not specified, returns the object
endlessly."""
    # [_cnt] is -1 for endless.
    __slots__ = ("_element", "_cnt")

    def __new__(cls, object, times=_ENDLESS):
        self = _object_new(cls)
        self._element = object
        self._cnt = -1 if times is _ENDLESS else max(_index_of(times), 0)
        return self

    def __iter__(self):
        return self

    def __next__(self):
        if self._cnt == 0:
            raise StopIteration
        if self._cnt > 0:
            self._cnt -= 1
        return self._element

    def __length_hint__(self):
        if self._cnt == -1:
            raise TypeError("len() of unsized object")
        return self._cnt

    def __repr__(self):
        if self._cnt == -1:
            return f"{type(self).__name__}({self._element!r})"
        return f"{type(self).__name__}({self._element!r}, {self._cnt})"

    def __reduce__(self):
        if self._cnt >= 0:
            return (type(self), (self._element, self._cnt))
        return (type(self), (self._element,))


class accumulate:
    """Return series of accumulated sums (or other binary function results)."""
    # [_total] is None before the first item (CPython's NULL); the sum
    # itself may be None only if [_func] returned it, so "not started" is
    # a flag of its own.
    __slots__ = ("_it", "_func", "_total", "_started", "_initial")

    def __new__(cls, iterable, func=None, *, initial=None):
        self = object.__new__(cls)
        self._it = iter(iterable)
        self._func = func
        self._total = None
        self._started = False
        self._initial = initial
        return self

    def __iter__(self):
        return self

    def __next__(self):
        if self._initial is not None:
            self._total = self._initial
            self._started = True
            self._initial = None
            return self._total
        value = next(self._it)
        if not self._started:
            self._total = value
            self._started = True
        elif self._func is None:
            self._total = self._total + value
        else:
            self._total = self._func(self._total, value)
        return self._total

    def __reduce__(self):
        cls = type(self)
        if self._initial is not None:
            return (cls, (chain((self._initial,), self._it), self._func), None)
        if self._started and self._total is None:
            # A None total cannot be given back by __setstate__ (None means
            # "not started"): start again from it and skip it.
            return (islice, (cls(chain((None,), self._it), self._func), 1, None))
        return (cls, (self._it, self._func), self._total if self._started else None)

    def __setstate__(self, state):
        self._total = state
        self._started = state is not None


class chain:
    """Return a chain object whose .__next__() method returns elements from the
first iterable until it is exhausted, then elements from the next
iterable, until all of the iterables are exhausted."""
    __slots__ = ("_source", "_active")

    def __new__(cls, *iterables, **kwargs):
        _no_keywords(cls, "chain", kwargs)
        return cls._from_source(iter(iterables))

    @classmethod
    def _from_source(cls, source):
        self = object.__new__(cls)
        self._source = source
        self._active = None
        return self

    @classmethod
    def from_iterable(cls, iterable):
        """Alternative chain() constructor taking a single iterable argument that evaluates lazily."""
        return cls._from_source(iter(iterable))

    def __iter__(self):
        return self

    def __next__(self):
        while self._source is not None:
            if self._active is None:
                try:
                    self._active = iter(next(self._source))
                except BaseException:       # no more inputs, or not iterable
                    self._source = None
                    raise
            for item in self._active:
                return item
            self._active = None
        raise StopIteration

    def __reduce__(self):
        if self._source is None:
            return (type(self), ())
        if self._active is None:
            return (type(self), (), (self._source,))
        return (type(self), (), (self._source, self._active))

    def __setstate__(self, state):
        if not isinstance(state, tuple):
            raise TypeError("state is not a tuple")
        _positional("__setstate__", state, 1, 2)
        for it in state:
            if not hasattr(type(it), "__next__"):
                raise TypeError("Arguments must be iterators.")
        self._source = state[0]
        self._active = state[1] if len(state) == 2 else None

    __class_getitem__ = classmethod(_GenericAlias)


class compress:
    """Return data elements corresponding to true selector elements.

Forms a shorter iterator from selected data elements using the selectors to
choose the data elements."""
    __slots__ = ("_data", "_selectors")

    def __new__(cls, data, selectors):
        self = object.__new__(cls)
        self._data = iter(data)
        self._selectors = iter(selectors)
        return self

    def __iter__(self):
        return self

    def __next__(self):
        data, selectors = self._data, self._selectors
        while True:
            datum = next(data)
            if next(selectors):
                return datum

    def __reduce__(self):
        return (type(self), (self._data, self._selectors))


class dropwhile:
    """Drop items from the iterable while predicate(item) is true.

Afterwards, return every element until the iterable is exhausted."""
    __slots__ = ("_func", "_it", "_start")

    def __new__(cls, *args, **kwargs):
        _no_keywords(cls, "dropwhile", kwargs)
        _positional("dropwhile", args, 2, 2)
        self = object.__new__(cls)
        self._func = args[0]
        self._it = iter(args[1])
        self._start = False
        return self

    def __iter__(self):
        return self

    def __next__(self):
        for item in self._it:
            if self._start:
                return item
            if not self._func(item):
                self._start = True
                return item
        raise StopIteration

    def __reduce__(self):
        return (type(self), (self._func, self._it), int(self._start))

    def __setstate__(self, state):
        self._start = bool(state)


class takewhile:
    """Return successive entries from an iterable as long as the predicate evaluates to true for each entry."""
    __slots__ = ("_func", "_it", "_stop")

    def __new__(cls, *args, **kwargs):
        _no_keywords(cls, "takewhile", kwargs)
        _positional("takewhile", args, 2, 2)
        self = object.__new__(cls)
        self._func = args[0]
        self._it = iter(args[1])
        self._stop = False
        return self

    def __iter__(self):
        return self

    def __next__(self):
        if self._stop:
            raise StopIteration
        item = next(self._it)
        if self._func(item):
            return item
        self._stop = True
        raise StopIteration

    def __reduce__(self):
        return (type(self), (self._func, self._it), int(self._stop))

    def __setstate__(self, state):
        self._stop = bool(state)


class filterfalse:
    """Return those items of iterable for which function(item) is false.

If function is None, return the items that are false."""
    __slots__ = ("_func", "_it")

    def __new__(cls, *args, **kwargs):
        _no_keywords(cls, "filterfalse", kwargs)
        _positional("filterfalse", args, 2, 2)
        self = object.__new__(cls)
        self._func = args[0]
        self._it = iter(args[1])
        return self

    def __iter__(self):
        return self

    def __next__(self):
        func = self._func
        for item in self._it:
            if func is None or func is bool:
                if not item:
                    return item
            elif not func(item):
                return item
        raise StopIteration

    def __reduce__(self):
        return (type(self), (self._func, self._it))


class starmap:
    """Return an iterator whose values are returned from the function evaluated with an argument tuple taken from the given sequence."""
    __slots__ = ("_func", "_it")

    def __new__(cls, *args, **kwargs):
        _no_keywords(cls, "starmap", kwargs)
        _positional("starmap", args, 2, 2)
        self = object.__new__(cls)
        self._func = args[0]
        self._it = iter(args[1])
        return self

    def __iter__(self):
        return self

    def __next__(self):
        args = next(self._it)
        if type(args) is not tuple:
            args = tuple(args)
        return self._func(*args)

    def __reduce__(self):
        return (type(self), (self._func, self._it))


class islice:
    """islice(iterable, stop) --> islice object
islice(iterable, start, stop[, step]) --> islice object

Return an iterator whose next() method returns selected values from an
iterable.  If start is specified, will skip all preceding elements;
otherwise, start defaults to zero.  Step defaults to one.  If
specified as another value, step determines how many values are
skipped between successive calls.  Works like a slice() on a list
but returns an iterator."""
    # [_next] is the count of the next item to return, [_cnt] the count of
    # items taken from the input so far, [_stop] -1 for no stop.  The
    # input is let go of (None) as soon as the slice ends.
    __slots__ = ("_it", "_next", "_stop", "_step", "_cnt")

    def __new__(cls, *args, **kwargs):
        _no_keywords(cls, "islice", kwargs)
        _positional("islice", args, 2, 4)
        seq = args[0]
        start, stop, step = 0, -1, 1
        if len(args) == 2:
            if args[1] is not None:
                stop = _slice_index(args[1])
                if stop < 0:
                    raise ValueError("Stop argument for islice() must be None or "
                                     "an integer: 0 <= x <= sys.maxsize.")
        else:
            if args[1] is not None:
                start = _slice_index(args[1])
            if args[2] is not None:
                stop = _slice_index(args[2])
                if stop < 0:
                    raise ValueError("Stop argument for islice() must be None or "
                                     "an integer: 0 <= x <= sys.maxsize.")
        if start < 0 or stop < -1:
            raise ValueError("Indices for islice() must be None or "
                             "an integer: 0 <= x <= sys.maxsize.")
        if len(args) == 4 and args[3] is not None:
            step = _slice_index(args[3])
        if step < 1:
            raise ValueError("Step for islice() must be a positive integer or None.")
        self = object.__new__(cls)
        self._it = iter(seq)
        self._next = start
        self._stop = stop
        self._step = step
        self._cnt = 0
        return self

    def __iter__(self):
        return self

    def __next__(self):
        it = self._it
        if it is None:
            raise StopIteration
        stop = self._stop
        try:
            while self._cnt < self._next:
                next(it)
                self._cnt += 1
            if stop != -1 and self._cnt >= stop:
                raise StopIteration
            item = next(it)
        except BaseException:
            self._it = None
            raise
        self._cnt += 1
        self._next += self._step
        if self._next > _MAXSIZE or (stop != -1 and self._next > stop):
            self._next = stop
        return item

    def __reduce__(self):
        if self._it is None:
            return (type(self), (iter([]), 0), 0)
        stop = None if self._stop == -1 else self._stop
        return (type(self), (self._it, self._next, stop, self._step), self._cnt)

    def __setstate__(self, state):
        self._cnt = _index_of(state)


def _slice_index(value):
    # islice's indices: an int (or __index__) in C's Py_ssize_t, anything
    # else counts as -1, which each caller reports in its own words.
    try:
        return _index_of(value)
    except (TypeError, OverflowError):
        return -1


class _tee_dataobject:
    """teedataobject(iterable, values, next, /)
--

Data container common to multiple tee objects."""
    # One link of the list of values that the tees of one input share: up
    # to _LINKCELLS values read from the input, and the next link.  Every
    # tee holds a link and an index in it; a link no tee reaches any more
    # is collected, so the list is only as long as the slowest tee lags.
    __slots__ = ("_it", "_values", "_nextlink", "_running")
    __init_subclass__ = _not_a_base_type

    def __new__(cls, iterable, values, next):
        if not isinstance(values, list):
            raise TypeError(f"teedataobject() argument 2 must be list, not {type(values).__name__}")
        self = cls._from_iterator(iter(iterable))
        if len(values) > _LINKCELLS:
            raise ValueError("Invalid arguments")
        if next is not None and (len(values) != _LINKCELLS or type(next) is not _tee_dataobject):
            raise ValueError("Invalid arguments")
        self._values = list(values)
        self._nextlink = next
        return self

    @classmethod
    def _from_iterator(cls, it):
        self = object.__new__(cls)
        self._it = it
        self._values = []
        self._nextlink = None
        self._running = False
        return self

    def _getitem(self, i):
        values = self._values
        if i < len(values):
            return values[i]
        if self._running:
            raise RuntimeError("cannot re-enter the tee iterator")
        self._running = True
        try:
            value = next(self._it)
        finally:
            self._running = False
        values.append(value)
        return value

    def _jumplink(self):
        if self._nextlink is None:
            self._nextlink = _tee_dataobject._from_iterator(self._it)
        return self._nextlink

    def __reduce__(self):
        return (type(self), (self._it, list(self._values), self._nextlink))


_LINKCELLS = 57     # values per link, as CPython's (its pickles carry links)


class _tee:
    """Iterator wrapped to make it copyable."""
    __slots__ = ("_data", "_index", "__weakref__")
    __init_subclass__ = _not_a_base_type

    def __new__(cls, *args, **kwargs):
        _no_keywords(cls, "_tee", kwargs)
        _positional("_tee", args, 1, 1)
        it = iter(args[0])
        if isinstance(it, _tee):
            return it.__copy__()
        return _tee._from_data(_tee_dataobject._from_iterator(it), 0)

    @classmethod
    def _from_data(cls, data, index):
        self = object.__new__(cls)
        self._data = data
        self._index = index
        return self

    def __iter__(self):
        return self

    def __next__(self):
        if self._index >= _LINKCELLS:
            self._data = self._data._jumplink()
            self._index = 0
        value = self._data._getitem(self._index)
        self._index += 1
        return value

    def __copy__(self):
        """Returns an independent iterator."""
        return _tee._from_data(self._data, self._index)

    def __reduce__(self):
        return (type(self), ((),), (self._data, self._index))

    def __setstate__(self, state):
        if not isinstance(state, tuple):
            raise TypeError("state is not a tuple")
        if len(state) != 2:
            raise TypeError(f"function takes exactly 2 arguments ({len(state)} given)")
        data, index = state
        if not isinstance(data, _tee_dataobject):
            raise TypeError(f"argument 1 must be itertools._tee_dataobject, not {type(data).__name__}")
        index = _index_of(index)
        if not 0 <= index <= _LINKCELLS:
            raise ValueError("Index out of range")
        self._data = data
        self._index = index


def tee(*args):
    """Returns a tuple of n independent iterators."""
    _positional("tee", args, 1, 2)
    n = _index_of(args[1]) if len(args) == 2 else 2
    if n < 0:
        raise ValueError("n must be >= 0")
    if n == 0:
        return ()
    it = iter(args[0])
    copy = getattr(it, "__copy__", None)
    if copy is None:
        it = _tee._from_data(_tee_dataobject._from_iterator(it), 0)
        copy = it.__copy__
    return (it,) + tuple(copy() for _ in range(n - 1))


class groupby:
    """make an iterator that returns consecutive keys and groups from the iterable

  iterable
    Elements to divide into groups according to the key function.
  key
    A function for computing the group category for each element.
    If the key function is not specified or is None, the element itself
    is used for grouping."""
    # [_currkey]/[_currvalue] are the item read ahead (None/absent when the
    # current group's iterator took it), [_tgtkey] the key of the group
    # being returned.  Only the latest group's iterator (_currgrouper) may
    # advance the input: an older one is exhausted.
    __slots__ = ("_it", "_keyfunc", "_tgtkey", "_currkey", "_currvalue", "_currgrouper",
                 "_have_tgt", "_have_curr")

    def __new__(cls, iterable, key=None):
        self = object.__new__(cls)
        self._it = iter(iterable)
        self._keyfunc = key
        self._tgtkey = self._currkey = self._currvalue = self._currgrouper = None
        self._have_tgt = self._have_curr = False
        return self

    def __iter__(self):
        return self

    def _step(self):
        value = next(self._it)
        key = value if self._keyfunc is None else self._keyfunc(value)
        self._currvalue = value
        self._currkey = key
        self._have_curr = True

    def __next__(self):
        self._currgrouper = None
        while True:
            if not self._have_curr:
                pass
            elif not self._have_tgt:
                break
            elif not _same(self._tgtkey, self._currkey):
                break
            self._step()
        self._tgtkey = self._currkey
        self._have_tgt = True
        grouper = _grouper._create(self, self._tgtkey)
        return (self._currkey, grouper)

    def __reduce__(self):
        if self._have_tgt and self._have_curr:
            return (type(self), (self._it, self._keyfunc),
                    (self._currkey, self._currvalue, self._tgtkey))
        return (type(self), (self._it, self._keyfunc))

    def __setstate__(self, state):
        if not isinstance(state, tuple):
            raise TypeError("state is not a tuple")
        if len(state) != 3:
            raise TypeError(f"function takes exactly 3 arguments ({len(state)} given)")
        self._currkey, self._currvalue, self._tgtkey = state
        self._have_curr = self._have_tgt = True


class _grouper:
    __slots__ = ("_parent", "_tgtkey")
    __init_subclass__ = _not_a_base_type

    def __new__(cls, *args, **kwargs):
        _no_keywords(cls, "_grouper", kwargs)
        _positional("_grouper", args, 2, 2)
        if not isinstance(args[0], groupby):
            raise TypeError(f"_grouper() argument 1 must be itertools.groupby, "
                            f"not {type(args[0]).__name__}")
        return cls._create(args[0], args[1])

    @classmethod
    def _create(cls, parent, tgtkey):
        self = object.__new__(cls)
        self._parent = parent
        self._tgtkey = tgtkey
        parent._currgrouper = self
        return self

    def __iter__(self):
        return self

    def __next__(self):
        parent = self._parent
        if parent._currgrouper is not self:
            raise StopIteration
        if not parent._have_curr:
            parent._step()
        if not _same(self._tgtkey, parent._currkey):
            raise StopIteration
        value = parent._currvalue
        parent._currvalue = parent._currkey = None
        parent._have_curr = False
        return value

    def __reduce__(self):
        if self._parent._currgrouper is not self:
            return (iter, ((),))
        return (type(self), (self._parent, self._tgtkey))


class product:
    """Cartesian product of input iterables.  Equivalent to nested for-loops.

For example, product(A, B) returns the same as:  ((x,y) for x in A for y in B).
The leftmost iterators are in the outermost for-loop, so the output tuples
cycle in a manner similar to an odometer (with the rightmost element changing
on every iteration).

To compute the product of an iterable with itself, specify the number
of repetitions with the optional repeat keyword argument. For example,
product(A, repeat=4) means the same as product(A, A, A, A).

product('ab', range(3)) --> ('a',0) ('a',1) ('a',2) ('b',0) ('b',1) ('b',2)
product((0,1), (0,1), (0,1)) --> (0,0,0) (0,0,1) (0,1,0) (0,1,1) (1,0,0) ..."""
    # [_result] is None before the first tuple; [_indices] index each pool.
    __slots__ = ("_pools", "_indices", "_result", "_stopped")

    def __new__(cls, *iterables, **kwargs):
        repeat = 1
        for key in kwargs:
            if key != "repeat":
                raise TypeError(f"'{key}' is an invalid keyword argument for product()")
            repeat = _index_of(kwargs["repeat"])
            if repeat < 0:
                raise ValueError("repeat argument cannot be negative")
        if iterables and repeat > _MAXSIZE // max(len(iterables), 1):
            raise OverflowError("repeat argument too large")
        pools = tuple(tuple(it) for it in iterables) * repeat
        self = object.__new__(cls)
        self._pools = pools
        self._indices = [0] * len(pools)
        self._result = None
        self._stopped = False
        return self

    def __iter__(self):
        return self

    def __next__(self):
        if self._stopped:
            raise StopIteration
        pools, indices = self._pools, self._indices
        if self._result is None:
            for pool in pools:
                if not pool:
                    self._stopped = True
                    raise StopIteration
            self._result = tuple(pool[0] for pool in pools)
            return self._result
        result = list(self._result)
        # The odometer: advance the rightmost pool, carrying to the left.
        i = len(pools) - 1
        while i >= 0:
            pool = pools[i]
            indices[i] += 1
            if indices[i] == len(pool):
                indices[i] = 0
                result[i] = pool[0]
                i -= 1
            else:
                result[i] = pool[indices[i]]
                break
        if i < 0:
            self._stopped = True
            raise StopIteration
        self._result = tuple(result)
        return self._result

    def __reduce__(self):
        if self._stopped:
            return (type(self), ((),))
        if self._result is None:
            return (type(self), self._pools)
        return (type(self), self._pools, tuple(self._indices))

    def __setstate__(self, state):
        n = len(self._pools)
        if not isinstance(state, tuple) or len(state) != n:
            raise ValueError("invalid arguments")
        for i in range(n):
            index = _index_of(state[i])
            pool = self._pools[i]
            if not pool:
                self._stopped = True
                return
            self._indices[i] = min(max(index, 0), len(pool) - 1)
        self._result = tuple(pool[k] for pool, k in zip(self._pools, self._indices))


def _pool_and_r(iterable, r):
    r = _index_of(r)
    pool = tuple(iterable)
    if r < 0:
        raise ValueError("r must be non-negative")
    return pool, r


def _reduce_combinations(self):
    # The __reduce__ of combinations and combinations_with_replacement.
    if self._result is None:
        return (type(self), (self._pool, self._r))
    if self._stopped:
        return (type(self), ((), self._r))
    return (type(self), (self._pool, self._r), tuple(self._indices))


class combinations:
    """Return successive r-length combinations of elements in the iterable.

combinations(range(4), 3) --> (0,1,2), (0,1,3), (0,2,3), (1,2,3)"""
    __slots__ = ("_pool", "_r", "_indices", "_result", "_stopped")

    def __new__(cls, iterable, r):
        pool, r = _pool_and_r(iterable, r)
        self = object.__new__(cls)
        self._pool, self._r = pool, r
        self._indices = list(range(r))
        self._result = None
        self._stopped = r > len(pool)
        return self

    def __iter__(self):
        return self

    def __next__(self):
        if self._stopped:
            raise StopIteration
        pool, r, indices = self._pool, self._r, self._indices
        if self._result is None:
            self._result = tuple(pool[i] for i in indices)
            return self._result
        n = len(pool)
        # The rightmost index not at its maximum (i + n - r) moves one up;
        # those to its right follow it, each one above its left neighbour.
        i = r - 1
        while i >= 0 and indices[i] == i + n - r:
            i -= 1
        if i < 0:
            self._stopped = True
            raise StopIteration
        indices[i] += 1
        for j in range(i + 1, r):
            indices[j] = indices[j - 1] + 1
        self._result = tuple(pool[k] for k in indices)
        return self._result

    __reduce__ = _reduce_combinations

    def __setstate__(self, state):
        r, n = self._r, len(self._pool)
        if not isinstance(state, tuple) or len(state) != r:
            raise ValueError("invalid arguments")
        for i in range(r):
            index = _index_of(state[i])
            self._indices[i] = max(min(index, i + n - r), 0)
        self._result = tuple(self._pool[k] for k in self._indices)


class combinations_with_replacement:
    """Return successive r-length combinations of elements in the iterable allowing individual elements to have successive repeats.

combinations_with_replacement('ABC', 2) --> ('A','A'), ('A','B'), ('A','C'), ('B','B'), ('B','C'), ('C','C')"""
    __slots__ = ("_pool", "_r", "_indices", "_result", "_stopped")

    def __new__(cls, iterable, r):
        pool, r = _pool_and_r(iterable, r)
        self = object.__new__(cls)
        self._pool, self._r = pool, r
        self._indices = [0] * r
        self._result = None
        self._stopped = not pool and r > 0
        return self

    def __iter__(self):
        return self

    def __next__(self):
        if self._stopped:
            raise StopIteration
        pool, r, indices = self._pool, self._r, self._indices
        if self._result is None:
            self._result = tuple(pool[0] for _ in range(r))
            return self._result
        n = len(pool)
        # The rightmost index not at n - 1 moves one up, and every index to
        # its right takes the same value.
        i = r - 1
        while i >= 0 and indices[i] == n - 1:
            i -= 1
        if i < 0:
            self._stopped = True
            raise StopIteration
        index = indices[i] + 1
        for j in range(i, r):
            indices[j] = index
        self._result = tuple(pool[k] for k in indices)
        return self._result

    __reduce__ = _reduce_combinations

    def __setstate__(self, state):
        r, n = self._r, len(self._pool)
        if not isinstance(state, tuple) or len(state) != r:
            raise ValueError("invalid arguments")
        for i in range(r):
            index = _index_of(state[i])
            self._indices[i] = max(min(index, n - 1), 0)
        self._result = tuple(self._pool[k] for k in self._indices)


class permutations:
    """Return successive r-length permutations of elements in the iterable.

permutations(range(3), 2) --> (0,1), (0,2), (1,0), (1,2), (2,0), (2,1)"""
    # CPython's algorithm: [_indices] is a permutation of range(n) whose
    # first r entries index the result; [_cycles][i] counts the swaps left
    # for position i before it rotates back.
    __slots__ = ("_pool", "_r", "_indices", "_cycles", "_result", "_stopped")

    def __new__(cls, iterable, r=None):
        pool = tuple(iterable)
        n = len(pool)
        if r is None:
            r = n
        else:
            if not isinstance(r, int):
                raise TypeError("Expected int as r")
            r = _index_of(r)
            if r < 0:
                raise ValueError("r must be non-negative")
        self = object.__new__(cls)
        self._pool, self._r = pool, r
        self._indices = list(range(n))
        self._cycles = list(range(n, n - r, -1))
        self._result = None
        self._stopped = r > n
        return self

    def __iter__(self):
        return self

    def __next__(self):
        if self._stopped:
            raise StopIteration
        pool, r, indices, cycles = self._pool, self._r, self._indices, self._cycles
        n = len(pool)
        if self._result is None:
            self._result = tuple(pool[indices[i]] for i in range(r))
            return self._result
        if n == 0:
            self._stopped = True
            raise StopIteration
        i = r - 1
        while i >= 0:
            cycles[i] -= 1
            if cycles[i] == 0:
                indices[i:] = indices[i + 1:] + indices[i:i + 1]
                cycles[i] = n - i
                i -= 1
            else:
                j = cycles[i]
                indices[i], indices[n - j] = indices[n - j], indices[i]
                self._result = tuple(pool[indices[k]] for k in range(r))
                return self._result
        self._stopped = True
        raise StopIteration

    def __reduce__(self):
        if self._result is None:
            return (type(self), (self._pool, self._r))
        if self._stopped:
            return (type(self), ((), self._r))
        return (type(self), (self._pool, self._r), (tuple(self._indices), tuple(self._cycles)))

    def __setstate__(self, state):
        if not isinstance(state, tuple) or len(state) != 2:
            raise TypeError("state is not a 2-tuple of tuples")
        indices, cycles = state
        if not isinstance(indices, tuple) or not isinstance(cycles, tuple):
            raise TypeError(f"argument 1 must be tuple, not {type(indices).__name__}")
        n, r = len(self._pool), self._r
        if len(indices) != n or len(cycles) != r:
            raise ValueError("invalid arguments")
        for i in range(n):
            self._indices[i] = max(min(_index_of(indices[i]), n - 1), 0)
        for i in range(r):
            self._cycles[i] = max(min(_index_of(cycles[i]), n - i), 1)
        self._result = tuple(self._pool[self._indices[i]] for i in range(r))


class zip_longest:
    """zip_longest(iter1 [,iter2 [...]], [fillvalue=None]) --> zip_longest object

Return a zip_longest object whose .__next__() method returns a tuple where
the i-th element comes from the i-th iterable argument.  The .__next__()
method continues until the longest iterable in the argument sequence
is exhausted and then it raises StopIteration.  When the shorter iterables
are exhausted, the fillvalue is substituted in their place.  The fillvalue
defaults to None or can be specified by a keyword argument.
"""
    # An exhausted input's iterator is replaced by None; [_numactive]
    # counts the others.
    __slots__ = ("_iterators", "_numactive", "_fillvalue")

    def __new__(cls, *iterables, **kwargs):
        fillvalue = None
        if kwargs:
            if set(kwargs) != {"fillvalue"}:
                raise TypeError("zip_longest() got an unexpected keyword argument")
            fillvalue = kwargs["fillvalue"]
        self = object.__new__(cls)
        self._iterators = [iter(it) for it in iterables]
        self._numactive = len(self._iterators)
        self._fillvalue = fillvalue
        return self

    def __iter__(self):
        return self

    def __next__(self):
        iterators = self._iterators
        if not iterators or self._numactive == 0:
            raise StopIteration
        result = []
        for i, it in enumerate(iterators):
            if it is None:
                result.append(self._fillvalue)
                continue
            try:
                item = next(it)
            except StopIteration:
                self._numactive -= 1
                if self._numactive == 0:
                    raise
                iterators[i] = None
                item = self._fillvalue
            except BaseException:
                self._numactive = 0
                raise
            result.append(item)
        return tuple(result)

    def __reduce__(self):
        args = tuple(() if it is None else it for it in self._iterators)
        return (type(self), args, self._fillvalue)

    def __setstate__(self, state):
        self._fillvalue = state


class pairwise:
    """Return an iterator of overlapping pairs taken from the input iterator.

    s -> (s0,s1), (s1,s2), (s2, s3), ..."""
    __slots__ = ("_it", "_old", "_have_old")

    def __new__(cls, *args, **kwargs):
        _no_keywords(cls, "pairwise", kwargs)
        _positional("pairwise", args, 1, 1)
        self = object.__new__(cls)
        self._it = iter(args[0])
        self._old = None
        self._have_old = False
        return self

    def __iter__(self):
        return self

    def __next__(self):
        # The input may call back into this pairwise (CPython's tests do):
        # the pair is made of the [old] read before asking for [new].
        it = self._it
        if it is None:
            raise StopIteration
        if not self._have_old:
            try:
                old = next(it)
            except BaseException:
                self._forget()
                raise
            self._old, self._have_old = old, True
            it = self._it
            if it is None:              # a call back exhausted the input
                self._forget()
                raise StopIteration
        old = self._old
        try:
            new = next(it)
        except BaseException:
            self._forget()
            raise
        self._old, self._have_old = new, True
        return (old, new)

    def _forget(self):
        self._it = self._old = None
        self._have_old = False

    def __reduce__(self):
        raise TypeError(f"cannot pickle {_qualified(self)!r} object")


def _qualified(obj):
    return f"{type(obj).__module__}.{type(obj).__qualname__}"
