# Checks: an LRU cache class built on dict insertion order (pop and re-insert), with hit/miss statistics.
class LRU:
    def __init__(self, capacity):
        self.capacity = capacity
        self.data = {}
        self.hits = 0
        self.misses = 0
    def get(self, key, compute):
        if key in self.data:
            self.hits += 1
            value = self.data.pop(key)
        else:
            self.misses += 1
            value = compute(key)
            if len(self.data) >= self.capacity:
                oldest = next(iter(self.data))
                self.data.pop(oldest)
        self.data[key] = value
        return value
    def __repr__(self):
        return "LRU(" + ", ".join(str(k) for k in self.data) + ")"
cache = LRU(3)
for k in [1, 2, 3, 1, 4, 2, 5, 1, 1, 3]:
    cache.get(k, lambda x: x * x)
    print(k, cache)
print(cache.hits, cache.misses)
