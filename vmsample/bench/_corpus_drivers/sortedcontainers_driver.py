# Driver (written for vmsample's corpus) of sortedcontainers: SortedList, SortedKeyList, SortedDict, SortedSet.
import random

from sortedcontainers import SortedDict, SortedKeyList, SortedList, SortedSet

rng = random.Random(7)
values = [rng.randrange(10000) for _ in range(3000)]
sl = SortedList(values)
sl.update(range(0, 10000, 97))
for v in values[:500]:
    sl.remove(v)
print(len(sl), sl[0], sl[-1], sl[1000], sl.bisect_left(5000), sl.bisect_right(5000), sl.count(97), sl.index(sl[50]))
print(list(sl.irange(4000, 4100)), list(sl.islice(10, 15)), sl[100:105], 1234 in sl)
sl.add(-5)
del sl[10:20]
print(sl.pop(), sl.pop(0), len(sl), sl == sorted(sl), list(reversed(sl))[:3])

kl = SortedKeyList(["banana", "Apple", "cherry", "date"], key=str.lower)
kl.add("apricot")
print(list(kl), kl.bisect_key_left("c"), list(kl.irange_key("b", "d")))

sd = SortedDict({"b": 2, "a": 1, "d": 4})
sd["c"] = 3
sd.setdefault("e", 5)
print(list(sd.items()), sd.peekitem(0), sd.peekitem(), sd.index("c"), sd.bisect("bb"), list(sd.irange("b", "d")))
print(sd.popitem(), sd.popitem(0), list(sd.keys()), list(sd.values()), sd.keys()[1], sd.items()[-1])

ss = SortedSet([5, 1, 3, 3, 9, 7])
other = SortedSet(range(0, 10, 2))
print(list(ss), list(ss | other), list(ss & {1, 9, 11}), list(ss - other), list(ss ^ other), ss[2], ss.index(7))
ss.discard(3)
ss.add(4)
print(list(ss), ss.bisect(5), list(ss.irange(2, 8)), repr(SortedSet([2, 1])), repr(SortedList([3, 1])))
