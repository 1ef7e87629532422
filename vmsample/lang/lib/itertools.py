"""itertools for the vmsample VM: iterator building blocks (CPython's API),
as generators, so what they allocate is profiled in their frames."""


def count(start=0, step=1):
    n = start
    while True:
        yield n
        n += step


def cycle(iterable):
    saved = []
    for element in iterable:
        yield element
        saved.append(element)
    while saved:
        for element in saved:
            yield element


def repeat(obj, times=None):
    if times is None:
        while True:
            yield obj
    else:
        for _ in range(times):
            yield obj


def accumulate(iterable, func=None, *, initial=None):
    it = iter(iterable)
    total = initial
    if initial is None:
        for total in it:
            break
        else:
            return
    yield total
    for element in it:
        total = total + element if func is None else func(total, element)
        yield total


def chain(*iterables):
    for it in iterables:
        yield from it


def _chain_from_iterable(iterables):
    for it in iterables:
        yield from it


chain.from_iterable = _chain_from_iterable


def compress(data, selectors):
    return (d for d, s in zip(data, selectors) if s)


def dropwhile(predicate, iterable):
    it = iter(iterable)
    for x in it:
        if not predicate(x):
            yield x
            break
    yield from it


def takewhile(predicate, iterable):
    for x in iterable:
        if predicate(x):
            yield x
        else:
            break


def filterfalse(predicate, iterable):
    if predicate is None:
        predicate = bool
    for x in iterable:
        if not predicate(x):
            yield x


class groupby:
    """Consecutive runs of equal keys: (key, iterator over the run).  As in
    CPython, advancing the groupby makes the previous run's iterator empty."""

    def __init__(self, iterable, key=None):
        self._key = (lambda x: x) if key is None else key
        self._it = iter(iterable)
        self._token = object()
        self._target = self._current = self._value = self._token
        self._run = 0

    def __iter__(self):
        return self

    def __next__(self):
        self._run += 1
        while self._current is self._token or (self._target is not self._token
                                               and self._current == self._target):
            self._value = next(self._it)
            self._current = self._key(self._value)
        self._target = self._current
        return self._current, self._group(self._target, self._run)

    def _group(self, target, run):
        while run == self._run and self._current == target:
            yield self._value
            try:
                self._value = next(self._it)
            except StopIteration:
                return
            self._current = self._key(self._value)


def islice(iterable, *args):
    if not 1 <= len(args) <= 3:
        raise TypeError(f"islice expected at most 4 arguments, got {len(args) + 1}")
    start, stop, step = (None, args[0], None) if len(args) == 1 else (tuple(args) + (None,))[:3]
    start = 0 if start is None else start
    step = 1 if step is None else step
    for name, v in (("Indices", start), ("Stop argument", stop)):
        if v is not None and (not isinstance(v, int) or v < 0):
            raise ValueError(f"{name} for islice() must be None or an integer: 0 <= x <= sys.maxsize.")
    if not isinstance(step, int) or step <= 0:
        raise ValueError("Step for islice() must be a positive integer or None.")
    return _islice(iter(iterable), start, stop, step)


def _islice(it, start, stop, step):
    nexti = start
    i = 0
    if stop is not None and stop <= start:
        for _ in zip(range(stop), it):
            pass
        return
    for element in it:
        if i == nexti:
            yield element
            nexti += step
        i += 1
        if stop is not None and i >= stop:
            return


def starmap(function, iterable):
    for args in iterable:
        yield function(*args)


def tee(iterable, n=2):
    it = iter(iterable)
    buffers = [[] for _ in range(n)]

    def gen(mine):
        while True:
            if not mine:
                for value in it:
                    for b in buffers:
                        b.append(value)
                    break
                else:
                    return
            yield mine.pop(0)
    return tuple(gen(b) for b in buffers)


def zip_longest(*iterables, fillvalue=None):
    iterators = [iter(it) for it in iterables]
    active = len(iterators)
    if not active:
        return
    sentinel = object()
    while True:
        values = []
        for i, it in enumerate(iterators):
            value = next(it, sentinel)
            if value is sentinel:
                active -= 1
                if not active:
                    return
                iterators[i] = repeat(fillvalue)
                value = fillvalue
            values.append(value)
        yield tuple(values)


def product(*iterables, repeat=1):
    # An odometer over the pools' indices, the last one turning fastest.
    pools = [tuple(pool) for pool in iterables] * repeat
    if any(not pool for pool in pools):
        return
    at = [0] * len(pools)
    while True:
        yield tuple(pool[i] for pool, i in zip(pools, at))
        k = len(pools) - 1
        while k >= 0:
            at[k] += 1
            if at[k] < len(pools[k]):
                break
            at[k] = 0
            k -= 1
        else:
            return


# permutations and the combinations choose positions in the pool in
# lexicographic order of the position tuples: CPython's order.

def permutations(iterable, r=None):
    pool = tuple(iterable)
    r = len(pool) if r is None else r
    if r < 0:
        raise ValueError("r must be non-negative")
    if r <= len(pool):
        yield from _permute(pool, r, [False] * len(pool), ())


def _permute(pool, r, used, prefix):
    if len(prefix) == r:
        yield prefix
        return
    for i in range(len(pool)):
        if not used[i]:
            used[i] = True
            yield from _permute(pool, r, used, prefix + (pool[i],))
            used[i] = False


def combinations(iterable, r):
    if r < 0:
        raise ValueError("r must be non-negative")
    yield from _choose(tuple(iterable), r, 0, (), 1)


def combinations_with_replacement(iterable, r):
    if r < 0:
        raise ValueError("r must be non-negative")
    yield from _choose(tuple(iterable), r, 0, (), 0)


def _choose(pool, r, start, prefix, step):
    # [step] 1: each position once; 0: a position may repeat.
    if len(prefix) == r:
        yield prefix
        return
    last = len(pool) - (r - len(prefix)) + 1 if step else len(pool)
    for i in range(start, last):
        yield from _choose(pool, r, i + step, prefix + (pool[i],), step)


def pairwise(iterable):
    it = iter(iterable)
    for a in it:
        for b in it:
            yield a, b
            a = b
        break
