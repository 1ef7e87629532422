"""Bisection algorithms.

CPython 3.11's ``_bisect`` (a C module there), written in Python for the
VM.  bisect.py is a complete pure implementation that ``from _bisect import
*`` replaces on CPython; the C functions differ from it in what a program
can see: ``lo`` and ``hi`` are C integers (a float is a TypeError, ``hi=-1``
means "the whole sequence", as None does), the items are fetched with
PySequence_GetItem (so ``hi`` past the end is an IndexError), and insort
calls ``insert`` only on a list subclass or another sequence -- an exact
list is changed in place whatever its class would do.
"""

from _capi import index as _index, MAXSIZE as _MAXSIZE


def _bounds(a, lo, hi):
    """(lo, hi) as the C code takes them."""
    lo = _index(lo)
    if hi is None:
        hi = -1
    else:
        if not hasattr(type(hi), "__index__"):
            raise TypeError(f"argument should be integer or None, not '{type(hi).__name__}'")
        hi = type(hi).__index__(hi)
        if not -_MAXSIZE - 1 <= hi <= _MAXSIZE:
            raise OverflowError(f"cannot fit '{type(hi).__name__}' into an index-sized integer")
    if lo < 0:
        raise ValueError("lo must be non-negative")
    if hi == -1:
        hi = len(a)
    return lo, hi


def _right(a, x, lo, hi, key):
    if hi is None and type(lo) is int and lo >= 0:
        hi = len(a)                     # the common call, checked at once
    else:
        lo, hi = _bounds(a, lo, hi)
    if key is None:
        while lo < hi:
            mid = (lo + hi) // 2
            if x < a[mid]:
                hi = mid
            else:
                lo = mid + 1
    else:
        while lo < hi:
            mid = (lo + hi) // 2
            if x < key(a[mid]):
                hi = mid
            else:
                lo = mid + 1
    return lo


def _left(a, x, lo, hi, key):
    if hi is None and type(lo) is int and lo >= 0:
        hi = len(a)
    else:
        lo, hi = _bounds(a, lo, hi)
    if key is None:
        while lo < hi:
            mid = (lo + hi) // 2
            if a[mid] < x:
                lo = mid + 1
            else:
                hi = mid
    else:
        while lo < hi:
            mid = (lo + hi) // 2
            if key(a[mid]) < x:
                lo = mid + 1
            else:
                hi = mid
    return lo


def bisect_right(a, x, lo=0, hi=None, *, key=None):
    """The index at which to insert x into the sorted a[lo:hi] after every
    item equal to it: a[lo:i] <= x < a[i:hi].  With key, the items are
    compared by key(item) and x is a key already."""
    return _right(a, x, lo, hi, key)


def bisect_left(a, x, lo=0, hi=None, *, key=None):
    """The index at which to insert x into the sorted a[lo:hi] before every
    item equal to it: a[lo:i] < x <= a[i:hi].  With key, the items are
    compared by key(item) and x is a key already."""
    return _left(a, x, lo, hi, key)


def insort_right(a, x, lo=0, hi=None, *, key=None):
    """Insert x into the sorted a[lo:hi] after every item equal to it.
    With key, x is an item: key(x) is what is searched for."""
    index = _right(a, x if key is None else key(x), lo, hi, key)
    if type(a) is list:
        list.insert(a, index, x)
    else:
        a.insert(index, x)


def insort_left(a, x, lo=0, hi=None, *, key=None):
    """Insert x into the sorted a[lo:hi] before every item equal to it.
    With key, x is an item: key(x) is what is searched for."""
    index = _left(a, x if key is None else key(x), lo, hi, key)
    if type(a) is list:
        list.insert(a, index, x)
    else:
        a.insert(index, x)
