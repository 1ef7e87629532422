"""collections for the vmsample VM: deque, defaultdict, Counter, OrderedDict,
namedtuple (CPython's API and reprs).

The VM cannot subclass its built-in types yet, so the mappings here wrap a
dict instead of being one: everything a program does with them works, but
``isinstance(Counter(), dict)`` is False (CPython: True).
"""



class deque:
    """A double-ended queue: a list and the index of its first item, so that
    popleft is O(1) (the list is compacted when half of it is popped off)."""

    def __init__(self, iterable=(), maxlen=None):
        if maxlen is not None and (not isinstance(maxlen, int) or maxlen < 0):
            raise ValueError("maxlen must be non-negative")
        self._items = []
        self._head = 0
        self._maxlen = maxlen
        self.extend(iterable)

    @property
    def maxlen(self):
        return self._maxlen

    def _live(self):
        return self._items[self._head:]

    def __len__(self):
        return len(self._items) - self._head

    def __bool__(self):
        return len(self._items) > self._head

    def __iter__(self):
        return iter(self._live())

    def __reversed__(self):
        return reversed(self._live())

    def __contains__(self, x):
        return x in self._live()

    def __getitem__(self, i):
        n = len(self)
        if not isinstance(i, int):
            raise TypeError(f"sequence index must be integer, not '{type(i).__name__}'")
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("deque index out of range")
        return self._items[self._head + i]

    def __setitem__(self, i, x):
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("deque index out of range")
        self._items[self._head + i] = x

    def __delitem__(self, i):
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("deque index out of range")
        del self._items[self._head + i]

    def __eq__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._live() == other._live()

    def __lt__(self, other):
        return self._live() < other._live()

    def __repr__(self):
        if self._maxlen is None:
            return f"deque({self._live()!r})"
        return f"deque({self._live()!r}, maxlen={self._maxlen})"

    def __add__(self, other):
        d = self.copy()
        d.extend(other)
        return d

    def __iadd__(self, other):
        self.extend(other)
        return self

    def __copy__(self):
        return self.copy()

    def copy(self):
        return deque(self._live(), self._maxlen)

    def append(self, x):
        if self._maxlen == 0:
            return
        self._items.append(x)
        if self._maxlen is not None and len(self) > self._maxlen:
            self.popleft()

    def appendleft(self, x):
        if self._maxlen == 0:
            return
        if self._head:
            self._head -= 1
            self._items[self._head] = x
        else:
            self._items.insert(0, x)
        if self._maxlen is not None and len(self) > self._maxlen:
            self._items.pop()

    def pop(self):
        if not self:
            raise IndexError("pop from an empty deque")
        return self._items.pop()

    def popleft(self):
        if not self:
            raise IndexError("pop from an empty deque")
        x = self._items[self._head]
        self._items[self._head] = None
        self._head += 1
        if self._head * 2 >= len(self._items):
            del self._items[:self._head]
            self._head = 0
        return x

    def extend(self, iterable):
        if iterable is self:
            iterable = self._live()
        for x in iterable:
            self.append(x)

    def extendleft(self, iterable):
        if iterable is self:
            iterable = self._live()
        for x in iterable:
            self.appendleft(x)

    def clear(self):
        self._items = []
        self._head = 0

    def count(self, x):
        return self._live().count(x)

    def index(self, x, *bounds):
        try:
            return self._live().index(x, *bounds)
        except ValueError:
            raise ValueError(f"{x!r} is not in deque") from None

    def insert(self, i, x):
        if self._maxlen is not None and len(self) >= self._maxlen:
            raise IndexError("deque already at its maximum size")
        live = self._live()
        live.insert(i, x)
        self._items, self._head = live, 0

    def remove(self, x):
        live = self._live()
        try:
            live.remove(x)
        except ValueError:
            raise ValueError(f"{x!r} is not in deque") from None
        self._items, self._head = live, 0

    def reverse(self):
        self._items = self._live()[::-1]
        self._head = 0

    def rotate(self, n=1):
        live = self._live()
        if live:
            n %= len(live)
            live = live[-n:] + live[:-n]
        self._items, self._head = live, 0


class _DictWrapper:
    # What defaultdict, Counter and OrderedDict share: the mapping protocol
    # over self._data, a dict.
    def __len__(self):
        return len(self._data)

    def __iter__(self):
        return iter(self._data)

    def __contains__(self, key):
        return key in self._data

    def __getitem__(self, key):
        if key in self._data:
            return self._data[key]
        return self.__missing__(key)

    def __missing__(self, key):
        raise KeyError(key)

    def __setitem__(self, key, value):
        self._data[key] = value

    def __delitem__(self, key):
        del self._data[key]

    def __eq__(self, other):
        if isinstance(other, _DictWrapper):
            other = other._data
        return self._data == other

    def __bool__(self):
        return bool(self._data)

    def keys(self):
        return self._data.keys()

    def values(self):
        return self._data.values()

    def items(self):
        return self._data.items()

    def get(self, key, default=None):
        return self._data.get(key, default)

    def pop(self, key, *default):
        return self._data.pop(key, *default)

    def popitem(self):
        return self._data.popitem()

    def setdefault(self, key, default=None):
        return self._data.setdefault(key, default)

    def clear(self):
        self._data.clear()

    def update(self, other=(), **kwds):
        self._data.update(other._data if isinstance(other, _DictWrapper) else other, **kwds)


class defaultdict(_DictWrapper):
    """A dict that calls default_factory() for a missing key (and keeps the value)."""

    def __init__(self, default_factory=None, *args, **kwds):
        if default_factory is not None and not callable(default_factory):
            raise TypeError("first argument must be callable or None")
        self.default_factory = default_factory
        self._data = dict(*args, **kwds)

    def __missing__(self, key):
        if self.default_factory is None:
            raise KeyError(key)
        value = self._data[key] = self.default_factory()
        return value

    def __repr__(self):
        return f"defaultdict({self.default_factory!r}, {self._data!r})"

    def copy(self):
        return defaultdict(self.default_factory, self._data)


class OrderedDict(_DictWrapper):
    """A dict with move_to_end and popitem(last=) (dicts keep order already)."""

    def __init__(self, other=(), **kwds):
        self._data = {}
        self.update(other, **kwds)

    def move_to_end(self, key, last=True):
        value = self._data.pop(key)
        if last:
            self._data[key] = value
        else:
            self._data = {key: value, **self._data}

    def popitem(self, last=True):
        if not self._data:
            raise KeyError("dictionary is empty")
        key = next(reversed(self._data)) if last else next(iter(self._data))
        return key, self._data.pop(key)

    def __eq__(self, other):
        if isinstance(other, OrderedDict):
            return list(self._data.items()) == list(other._data.items())
        return _DictWrapper.__eq__(self, other)

    def __reversed__(self):
        return reversed(self._data)

    def __repr__(self):
        if not self._data:
            return "OrderedDict()"
        return f"OrderedDict({list(self._data.items())!r})"

    def copy(self):
        return OrderedDict(self._data)


class Counter(_DictWrapper):
    """Counts of hashable items; a missing item counts 0."""

    def __init__(self, iterable=None, **kwds):
        self._data = {}
        self.update(iterable, **kwds)

    def __missing__(self, key):
        return 0

    def total(self):
        return sum(self._data.values())

    def most_common(self, n=None):
        ranked = sorted(self._data.items(), key=_count_of, reverse=True)
        return ranked if n is None else ranked[:n]

    def elements(self):
        for item, count in self._data.items():
            for _ in range(count):
                yield item

    def update(self, iterable=None, **kwds):
        data = self._data
        if iterable is not None:
            if isinstance(iterable, (_DictWrapper, dict)):
                for item, count in iterable.items():
                    data[item] = data.get(item, 0) + count
            else:
                for item in iterable:
                    data[item] = data.get(item, 0) + 1
        for item, count in kwds.items():
            data[item] = data.get(item, 0) + count

    def subtract(self, iterable=None, **kwds):
        data = self._data
        if iterable is not None:
            if isinstance(iterable, (_DictWrapper, dict)):
                for item, count in iterable.items():
                    data[item] = data.get(item, 0) - count
            else:
                for item in iterable:
                    data[item] = data.get(item, 0) - 1
        for item, count in kwds.items():
            data[item] = data.get(item, 0) - count

    def copy(self):
        return Counter(self._data)

    def __delitem__(self, key):
        if key in self._data:
            del self._data[key]

    def __repr__(self):
        if not self._data:
            return "Counter()"
        return "Counter({" + ", ".join(f"{k!r}: {v!r}" for k, v in self.most_common()) + "})"

    def _combine(self, other, pick):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for item in list(self._data) + [k for k in other._data if k not in self._data]:
            count = pick(self._data.get(item, 0), other._data.get(item, 0))
            if count > 0:
                result._data[item] = count
        return result

    def __add__(self, other):
        return self._combine(other, lambda a, b: a + b)

    def __sub__(self, other):
        return self._combine(other, lambda a, b: a - b)

    def __or__(self, other):
        return self._combine(other, max)

    def __and__(self, other):
        return self._combine(other, min)


def _count_of(item):
    return item[1]


def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    """A class of tuples whose items are also named attributes."""
    if isinstance(field_names, str):
        field_names = field_names.replace(",", " ").split()
    fields = tuple(str(name) for name in field_names)
    for name in (typename,) + fields:
        if not name.isidentifier():
            raise ValueError(f"Type names and field names must be valid identifiers: {name!r}")
    defaults = tuple(defaults) if defaults is not None else ()
    if len(defaults) > len(fields):
        raise TypeError("Got more default values than field names")
    first_default = len(fields) - len(defaults)

    field_index = {name: i for i, name in enumerate(fields)}

    class Tuple:
        # _hash: the hash, computed at the first hash() (the values never
        # change, and nested tuples as dict keys are hashed again and again)
        __slots__ = ("_values", "_hash")
        _fields = fields
        _field_defaults = dict(zip(fields[first_default:], defaults))

        def __init__(self, *args, **kwargs):
            if len(args) > len(fields):
                raise TypeError(f"{typename}.__new__() takes {len(fields) + 1} positional arguments "
                                f"but {len(args) + 1} were given")
            values = list(args)
            for i in range(len(args), len(fields)):
                name = fields[i]
                if name in kwargs:
                    values.append(kwargs.pop(name))
                elif i >= first_default:
                    values.append(defaults[i - first_default])
                else:
                    missing = [f for f in fields[i:] if f not in kwargs and
                               fields.index(f) < first_default]
                    raise TypeError(f"{typename}.__new__() missing {len(missing)} required "
                                    f"positional argument{'s' if len(missing) > 1 else ''}: "
                                    + ", ".join(repr(m) for m in missing[:-1])
                                    + (" and " if len(missing) > 1 else "") + repr(missing[-1]))
            if kwargs:
                raise TypeError(f"{typename}.__new__() got an unexpected keyword argument "
                                f"'{next(iter(kwargs))}'")
            self._values = tuple(values)
            self._hash = None

        def __getattr__(self, name):
            i = field_index.get(name)
            if i is not None:
                return self._values[i]
            raise AttributeError(f"'{typename}' object has no attribute '{name}'")

        def __getitem__(self, i):
            return self._values[i]

        def __len__(self):
            return len(fields)

        def __iter__(self):
            return iter(self._values)

        def __hash__(self):
            if self._hash is None:
                self._hash = hash(self._values)
            return self._hash

        def __eq__(self, other):
            return self._values == (other._values if isinstance(other, Tuple) else other)

        def __lt__(self, other):
            return self._values < (other._values if isinstance(other, Tuple) else other)

        def __le__(self, other):
            return self._values <= (other._values if isinstance(other, Tuple) else other)

        def __gt__(self, other):
            return self._values > (other._values if isinstance(other, Tuple) else other)

        def __ge__(self, other):
            return self._values >= (other._values if isinstance(other, Tuple) else other)

        def __add__(self, other):
            return self._values + tuple(other)

        def __contains__(self, x):
            return x in self._values

        def __repr__(self):
            return typename + "(" + ", ".join(f"{f}={v!r}" for f, v in zip(fields, self._values)) + ")"

        def count(self, x):
            return self._values.count(x)

        def index(self, x):
            return self._values.index(x)

        def _asdict(self):
            return dict(zip(fields, self._values))

        def _replace(self, **changes):
            values = [changes.pop(f, v) for f, v in zip(fields, self._values)]
            if changes:
                raise ValueError(f"Got unexpected field names: {list(changes)!r}")
            return type(self)._make(values)     # a subclass's own class, as CPython's

        @classmethod
        def _make(cls, iterable):
            return cls(*iterable)

    Tuple.__name__ = typename
    Tuple.__qualname__ = typename
    return Tuple
