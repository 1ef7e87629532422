# Checks: the VM's bisect and heapq modules against CPython's: search and insort with key, the heap list after every push and pop, heapify, replace, pushpop, nlargest/nsmallest, merge, and the errors.
import bisect
import heapq
from bisect import bisect_left, insort

a = [1, 3, 3, 5, 8, 13]
print([bisect_left(a, x) for x in range(0, 15, 2)], [bisect.bisect_right(a, x) for x in (3, 4, 13, 14)])
print(bisect.bisect(a, 5, 1, 4), bisect.bisect_left(a, 3, lo=2))
records = [("ann", 31), ("bob", 25), ("cid", 40)]
records.sort(key=lambda r: r[1])
print(bisect.bisect_left(records, 30, key=lambda r: r[1]))
bisect.insort_left(records, ("dan", 30), key=lambda r: r[1])
insort(a, 4)
insort(a, 3)
print(records, a)
try:
    bisect.bisect(a, 1, -1)
except ValueError as e:
    print("ValueError:", e)

h = []
for x in [5, 1, 8, 3, 9, 2, 7, 1, 6]:
    heapq.heappush(h, x)
    print(h)
while h:
    print(heapq.heappop(h), h)
data = [9, 4, 7, 1, 8, 2, 6, 3, 5, 0]
heapq.heapify(data)
print(data)
print(heapq.heapreplace(data, 11), data, heapq.heappushpop(data, -1), heapq.heappushpop(data, 12), data)
tasks = [(3, "write"), (1, "plan"), (2, "code"), (1, "coffee")]
heapq.heapify(tasks)
print([heapq.heappop(tasks) for _ in range(4)])
words = "the quick brown fox jumps over the lazy dog".split()
print(heapq.nlargest(3, words, key=len), heapq.nsmallest(2, words), heapq.nlargest(0, words))
print(list(heapq.merge([1, 4, 7], [2, 5, 8], [0, 3, 9])), list(heapq.merge("adg", "beh", key=str.upper)))
print(list(heapq.merge([7, 4, 1], [8, 5, 2], reverse=True)))
for empty_op in (heapq.heappop, lambda h: heapq.heapreplace(h, 1)):
    try:
        empty_op([])
    except IndexError as e:
        print("IndexError:", e)
