"""C implementation of the Python queue module.
This module is an implementation detail, please do not use it directly.

CPython 3.11's ``_queue`` (a C module there), written in Python for the
VM: queue.py takes SimpleQueue and Empty from here, and falls back to its
own _PySimpleQueue and Empty when this module is missing -- a SimpleQueue
then pickles, takes arguments to its constructor and is named
queue._PySimpleQueue, where CPython's does neither and is
_queue.SimpleQueue.

A get() on an empty queue waits on a lock that it holds while the queue
is empty and that put() releases, as CPython's C code does.  The VM runs
one thread today (lib/_thread.py): with a timeout the wait sleeps that long
and raises Empty, as CPython's would; without one it is the deadlock that
_thread reports for a lock held by the thread itself.
"""

import _thread
from collections import deque as _deque
from time import monotonic as _monotonic

from _capi import GenericAlias as _GenericAlias, index as _index


class Empty(Exception):
    """Exception raised by Queue.get(block=0)/get_nowait()."""


class SimpleQueue:
    """Simple, unbounded, reentrant FIFO queue."""

    # [_waiting]: [_lock] is held by a get() that found the queue empty.
    __slots__ = ("_items", "_lock", "_waiting", "__weakref__")

    def __new__(cls, *args, **kwargs):
        if cls is SimpleQueue or cls.__init__ is object.__init__:
            if args:
                raise TypeError("SimpleQueue() takes no positional arguments")
            if kwargs:
                raise TypeError("SimpleQueue() takes no keyword arguments")
        self = object.__new__(cls)
        self._items = _deque()
        self._lock = _thread.allocate_lock()
        self._waiting = False
        return self

    def put(self, item, block=True, timeout=None):
        """Put the item on the queue.

The optional 'block' and 'timeout' arguments are ignored, as this method
never blocks.  They are provided for compatibility with the Queue class."""
        self._items.append(item)
        if self._waiting:
            self._waiting = False
            try:
                self._lock.release()
            except RuntimeError:
                pass        # another put() released it after this one looked

    def put_nowait(self, item):
        """Put an item into the queue without blocking.

This is exactly equivalent to `put(item)` and is only provided
for compatibility with the Queue class."""
        self.put(item)

    def get(self, block=True, timeout=None):
        """Remove and return an item from the queue.

If optional args 'block' is true and 'timeout' is None (the default),
block if necessary until an item is available. If 'timeout' is
a non-negative number, it blocks at most 'timeout' seconds and raises
the Empty exception if no item was available within that time.
Otherwise ('block' is false), return an item if one is immediately
available, else raise the Empty exception ('timeout' is ignored
in that case)."""
        if not block:
            seconds = 0
        elif timeout is None:
            seconds = -1
        else:
            seconds = timeout if isinstance(timeout, float) else _index(timeout)
            if seconds != seconds:
                raise ValueError("Invalid value NaN (not a number)")
            if seconds < 0:
                raise ValueError("'timeout' must be a non-negative number")
        deadline = _monotonic() + seconds if seconds > 0 else None
        while not self._items:
            if seconds == 0:
                raise Empty
            if not self._lock.acquire(True, seconds):
                raise Empty
            self._waiting = True
            if deadline is not None:
                seconds = max(deadline - _monotonic(), 0)
        item = self._items.popleft()
        if self._items and self._waiting:
            # Other get()s may wait on the lock this one took: pass it on.
            self._waiting = False
            try:
                self._lock.release()
            except RuntimeError:
                pass
        return item

    def get_nowait(self):
        """Remove and return an item from the queue without blocking.

Only get an item if one is immediately available. Otherwise
raise the Empty exception."""
        return self.get(False)

    def empty(self):
        """Return True if the queue is empty, False otherwise (not reliable!)."""
        return not self._items

    def qsize(self):
        """Return the approximate size of the queue (not reliable!)."""
        return len(self._items)

    def __reduce_ex__(self, protocol):
        raise TypeError("cannot pickle '_queue.SimpleQueue' object")

    __class_getitem__ = classmethod(_GenericAlias)
