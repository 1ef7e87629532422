# Checks: heapq and bisect as CPython's C modules behave: only a list is a heap, "index out of range" on an empty one, a heap resized by a comparison, lo and hi as C integers (hi=-1 is the whole list), PySequence_GetItem past the end, insort into a list subclass.
import bisect
import heapq


def show(f, *args, **kwargs):
    try:
        print(repr(f(*args, **kwargs)))
    except Exception as e:
        print(type(e).__name__ + ":", e)


for op, args in [(heapq.heappush, ((), 1)), (heapq.heappop, ((),)), (heapq.heapify, ("ab",)),
                 (heapq.heapreplace, ([], 1)), (heapq.heappushpop, ({}, 1)), (heapq.heappop, ([],))]:
    show(op, *args)
print(heapq.heappushpop([], 5), heapq.heappushpop([1], 5), heapq.heappushpop([9], 5))


class Shrinker:
    heap = None

    def __init__(self, value):
        self.value = value

    def __lt__(self, other):
        Shrinker.heap.clear()
        return self.value < other.value


Shrinker.heap = h = [Shrinker(1), Shrinker(2)]
show(heapq.heappush, h, Shrinker(0))
print(len(h))
data = [5, 3, 8, 1]
heapq._heapify_max(data)
print(data, heapq._heappop_max(data), data, heapq._heapreplace_max(data, 0), data)

a = [1, 2, 2, 3, 5]
print(bisect.bisect_right(a, 2, 0, -1), bisect.bisect_left(a, 2, hi=None), bisect.bisect(a, 4, 1, 3))
show(bisect.bisect_left, a, 2, 1.0)
show(bisect.bisect_left, a, 2, 0, "5")
show(bisect.bisect_right, a, 2, -1)
show(bisect.bisect_right, a, 9, 0, 10)
show(bisect.bisect_left, a, 2, 0, 2 ** 70)
show(bisect.insort, 5, 1)


class Recording(list):
    def insert(self, index, value):
        print("insert", index, value)
        super().insert(index, value)


r = Recording([1, 3])
bisect.insort_left(r, 2)
bisect.insort(r, (4,), key=lambda v: v[0] if isinstance(v, tuple) else v)
print(r, bisect.bisect("abcd", "c"), bisect.bisect_left(range(0, 100, 5), 42))
