# Checks: hash(range) is the hash of (len, start, step), with start and step None for an empty range and step None for one item, as CPython's range_hash: equal ranges hash alike.  (hash(None) is an address: those are compared, not printed.)
for r in [range(3), range(0, 3), range(1, 5, 2), range(1, 4, 2), range(10, 0, -3), range(-2**70, 2**70, 2**68)]:
    print(r, hash(r) == hash((len(r), r.start, r.step)), hash(r), hash((1.5, r)))
for r in [range(0), range(5, 5), range(7, 8), range(7, 9, 5)]:
    short = (len(r), None, None) if not r else (1, r.start, None)
    print(r, hash(r) == hash(short))
print(hash(range(0, 4, 2)) == hash(range(0, 3, 2)), hash(range(0)) == hash(range(9, 3)))
