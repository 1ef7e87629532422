# Driver (written for vmsample's corpus) of cachetools: LRU, LFU, FIFO, RR, TTL caches and the memoizing decorators.
import random
import threading

import cachetools
import cachetools.func
from cachetools import keys

for cls in (cachetools.LRUCache, cachetools.LFUCache, cachetools.FIFOCache, cachetools.MRUCache):
    cache = cls(maxsize=3)
    for k in "abcab":
        cache[k] = k.upper()
        cache.get("a")
    cache["d"] = "D"
    print(cls.__name__, sorted(cache.items()), cache.currsize, cache.maxsize, "a" in cache, cache.get("zz", "-"))
rr = cachetools.RRCache(maxsize=2, choice=random.Random(3).choice)
for k in range(5):
    rr[k] = k
print(sorted(rr), len(rr))
sized = cachetools.LRUCache(maxsize=10, getsizeof=len)
sized["abc"], sized["defg"], sized["hij"] = "abc", "defg", "hij"
sized["klmn"] = "klmn"
print(sorted(sized), sized.currsize)
try:
    sized["big"] = "x" * 20
except ValueError as e:
    print("too large:", e)


class Clock:
    now = 0

    def __call__(self):
        return self.now


clock = Clock()
ttl = cachetools.TTLCache(maxsize=10, ttl=5, timer=clock)
ttl["x"] = 1
clock.now = 3
ttl["y"] = 2
clock.now = 6
print(sorted(ttl), ttl.get("x"), sorted(ttl.items()))
tlru = cachetools.TLRUCache(maxsize=5, ttu=lambda k, v, now: now + v, timer=clock)
tlru["short"], tlru["long"] = 1, 100
clock.now = 8
print(sorted(tlru))
calls = []


@cachetools.cached(cache=cachetools.LRUCache(maxsize=32), info=True)
def fib(n):
    calls.append(n)
    return n if n < 2 else fib(n - 1) + fib(n - 2)


print(fib(30), len(calls), fib.cache_info())


class Service:
    def __init__(self):
        self.cache = cachetools.LFUCache(maxsize=4)
        self.hits = 0

    @cachetools.cachedmethod(lambda self: self.cache, key=keys.methodkey, lock=lambda self: threading.Lock())
    def lookup(self, key, scale=1):
        self.hits += 1
        return len(key) * scale


s = Service()
print([s.lookup(k) for k in ["aa", "b", "aa", "ccc", "b"]], s.lookup("aa", scale=2), s.hits, len(s.cache))
print(keys.hashkey(1, "a", x=2) == keys.hashkey(1, "a", x=2), keys.typedkey(1) == keys.typedkey(1.0), keys.hashkey(1, 2))
func = cachetools.func.lru_cache(maxsize=2)(lambda x: x * 2)
print([func(i) for i in (1, 2, 1, 3)], func.cache_info(), cachetools.func.ttl_cache(ttl=60)(abs)(-3))
