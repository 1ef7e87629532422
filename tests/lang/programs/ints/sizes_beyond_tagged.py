# Checks: lengths and indexes between 2**62 and sys.maxsize, beyond the VM's tagged small ints (found by CPython's test_bisect.test_large_range): len() and indexing of a huge range, a __len__ that returns such a size.
import sys

n = sys.maxsize
data = range(n - 1)
print(len(data) == n - 1, data[n - 5], data[-1], (n - 3) in data)


class Huge:
    def __len__(self):
        return n - 1


print(len(Huge()) == n - 1)
