"""heapq for the vmsample VM: binary min-heaps in lists (CPython's API).

The sift operations move items exactly as CPython's do, so a program that
prints its heap list prints the same list.  Invariant: heap[k] <= heap[2k+1]
and heap[k] <= heap[2k+2] for every k that has those children.
"""


def _sift_towards_root(heap, start, pos):
    # heap[pos] moves up while it is smaller than its parent (not above start).
    item = heap[pos]
    while pos > start:
        parent = (pos - 1) >> 1
        if item < heap[parent]:
            heap[pos] = heap[parent]
            pos = parent
        else:
            break
    heap[pos] = item


def _sift_towards_leaves(heap, pos):
    # Bottom-up: move the smaller child up until a leaf, put heap[pos]'s item
    # there and sift it back up (fewer comparisons than stopping early).
    end = len(heap)
    start = pos
    item = heap[pos]
    child = 2 * pos + 1
    while child < end:
        right = child + 1
        if right < end and not heap[child] < heap[right]:
            child = right
        heap[pos] = heap[child]
        pos = child
        child = 2 * pos + 1
    heap[pos] = item
    _sift_towards_root(heap, start, pos)


def heappush(heap, item):
    heap.append(item)
    _sift_towards_root(heap, 0, len(heap) - 1)


def heappop(heap):
    if not heap:
        raise IndexError("index out of range")
    last = heap.pop()
    if heap:
        smallest = heap[0]
        heap[0] = last
        _sift_towards_leaves(heap, 0)
        return smallest
    return last


def heapreplace(heap, item):
    if not heap:
        raise IndexError("index out of range")
    smallest = heap[0]
    heap[0] = item
    _sift_towards_leaves(heap, 0)
    return smallest


def heappushpop(heap, item):
    if heap and heap[0] < item:
        item, heap[0] = heap[0], item
        _sift_towards_leaves(heap, 0)
    return item


def heapify(x):
    for i in reversed(range(len(x) // 2)):
        _sift_towards_leaves(x, i)


def nlargest(n, iterable, key=None):
    # CPython documents both as equal to these sorts (stable, so ties keep order).
    return sorted(iterable, key=key, reverse=True)[:n]


def nsmallest(n, iterable, key=None):
    return sorted(iterable, key=key)[:n]


def merge(*iterables, key=None, reverse=False):
    """Merge sorted inputs into one sorted iterator; ties come from the earlier input."""
    heads = []
    for order, it in enumerate(iterables):
        it = iter(it)
        for value in it:
            k = value if key is None else key(value)
            heads.append([k, order, value, it])
            break
    while heads:
        best = 0
        for i in range(1, len(heads)):
            a, b = heads[i], heads[best]
            if (b[0] < a[0] if reverse else a[0] < b[0]) or (a[0] == b[0] and a[1] < b[1]):
                best = i
        head = heads[best]
        yield head[2]
        for value in head[3]:
            head[0] = value if key is None else key(value)
            head[2] = value
            break
        else:
            heads.pop(best)
