"""Heap queue algorithm (a.k.a. priority queue).

CPython 3.11's ``_heapq`` (a C module there), written in Python for the VM.
heapq.py is itself a complete pure implementation, but it is not what
CPython runs: ``from _heapq import *`` replaces it, and the C functions
differ in what a program sees -- an empty heap raises IndexError("index out
of range") where heapq.py's ``heap.pop()`` says "pop from empty list", only
a list is accepted as a heap, and a heap whose size changes while its items
are being compared raises RuntimeError instead of being corrupted silently.

The sifts move items by swapping them, as the C code does, so that the list
holds every item at every comparison: a comparison is Python code
(``__lt__``) that may raise or look at the heap, and what it finds there,
and what is left after it raised, are CPython's.  The size is checked after
every comparison, as the C code checks it.  (The C code also reads the two
items again after comparing them; that only matters to a comparison that
replaces items of the heap in place, and costs a third of the time here.)
"""

__about__ = """Heap queues

[explanation by Fran\u00e7ois Pinard]

Heaps are arrays for which a[k] <= a[2*k+1] and a[k] <= a[2*k+2] for
all k, counting elements from 0.  For the sake of comparison,
non-existing elements are considered to be infinite.  The interesting
property of a heap is that a[0] is always its smallest element.

See the documentation of heapq.py in the standard library for the rest of
this essay; CPython's _heapq carries the same text.
"""


def _not_a_list(heap, function, one_argument):
    # The message of an Argument Clinic "list" converter.
    where = "argument" if one_argument else "argument 1"
    return TypeError(f"{function}() {where} must be list, not {type(heap).__name__}")


def _changed_size():
    return RuntimeError("list changed size during iteration")


# heap[k] <= heap[2k+1] and heap[k] <= heap[2k+2] in a min-heap; the max-heap
# of heapq.merge(reverse=True) and nlargest (the _max functions) is the same
# with each comparison turned round: [reverse].

def _siftdown(heap, startpos, pos, reverse=False):
    """Move heap[pos] up towards startpos while it comes before its parent."""
    size = len(heap)
    if pos >= size:
        raise IndexError("index out of range")
    item = heap[pos]
    while pos > startpos:
        parentpos = (pos - 1) >> 1
        parent = heap[parentpos]
        before = (parent < item) if reverse else (item < parent)
        if size != len(heap):
            raise _changed_size()
        if not before:
            break
        heap[parentpos] = item
        heap[pos] = parent
        pos = parentpos


def _siftup(heap, pos, reverse=False):
    """Move the child that comes first up until a leaf is reached, then the
    item at that leaf down to its place (fewer comparisons than stopping
    early)."""
    endpos = len(heap)
    startpos = pos
    if pos >= endpos:
        raise IndexError("index out of range")
    item = heap[pos]
    limit = endpos >> 1
    while pos < limit:
        childpos = 2 * pos + 1
        child = heap[childpos]
        if childpos + 1 < endpos:
            right = heap[childpos + 1]
            if not ((right < child) if reverse else (child < right)):
                childpos += 1
                child = right
            if endpos != len(heap):
                raise _changed_size()
        heap[pos] = child
        heap[childpos] = item
        pos = childpos
    _siftdown(heap, startpos, pos, reverse)


def heappush(heap, item, /):
    """Push item onto heap, maintaining the heap invariant."""
    if type(heap) is list:
        heap.append(item)
    elif isinstance(heap, list):
        list.append(heap, item)     # the C code's, whatever a subclass defines
    else:
        raise _not_a_list(heap, "heappush", False)
    _siftdown(heap, 0, len(heap) - 1)


def _pop(heap, reverse):
    if not heap:
        raise IndexError("index out of range")
    last = heap.pop() if type(heap) is list else list.pop(heap)
    if not heap:
        return last
    top = heap[0]
    heap[0] = last
    _siftup(heap, 0, reverse)
    return top


def heappop(heap, /):
    """Pop the smallest item off the heap, maintaining the heap invariant."""
    if not isinstance(heap, list):
        raise _not_a_list(heap, "heappop", True)
    return _pop(heap, False)


def _replace(heap, item, reverse):
    if not heap:
        raise IndexError("index out of range")
    top = heap[0]
    heap[0] = item
    _siftup(heap, 0, reverse)
    return top


def heapreplace(heap, item, /):
    """Pop and return the current smallest value, and add the new item.

This is more efficient than heappop() followed by heappush(), and can be
more appropriate when using a fixed-size heap.  Note that the value
returned may be larger than item!  That constrains reasonable uses of
this routine unless written as part of a conditional replacement:

    if item > heap[0]:
        item = heapreplace(heap, item)"""
    if not isinstance(heap, list):
        raise _not_a_list(heap, "heapreplace", False)
    return _replace(heap, item, False)


def heappushpop(heap, item, /):
    """Push item on the heap, then pop and return the smallest item from the heap.

The combined action runs more efficiently than heappush() followed by
a separate call to heappop()."""
    if not isinstance(heap, list):
        raise _not_a_list(heap, "heappushpop", False)
    if not heap:
        return item
    if not heap[0] < item:
        return item
    if not heap:        # the comparison emptied it
        raise IndexError("index out of range")
    top = heap[0]
    heap[0] = item
    _siftup(heap, 0)
    return top


def heapify(heap, /):
    """Transform list into a heap, in-place, in O(len(heap)) time."""
    if not isinstance(heap, list):
        raise _not_a_list(heap, "heapify", True)
    for i in reversed(range(len(heap) // 2)):
        _siftup(heap, i)


def _heappop_max(heap, /):
    """Maxheap variant of heappop."""
    if not isinstance(heap, list):
        raise _not_a_list(heap, "_heappop_max", True)
    return _pop(heap, True)


def _heapreplace_max(heap, item, /):
    """Maxheap variant of heapreplace."""
    if not isinstance(heap, list):
        raise _not_a_list(heap, "_heapreplace_max", False)
    return _replace(heap, item, True)


def _heapify_max(heap, /):
    """Maxheap variant of heapify."""
    if not isinstance(heap, list):
        raise _not_a_list(heap, "_heapify_max", True)
    for i in reversed(range(len(heap) // 2)):
        _siftup(heap, i, True)
