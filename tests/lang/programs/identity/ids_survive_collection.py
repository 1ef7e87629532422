# Checks: identity must not change when a collection moves an object -- dicts
# and sets keyed by functions, classes, bound methods, generators and ranges
# keep finding their keys, and id() of a list (and every other object) is the
# same before and after gc.collect().
import gc


def f():
    pass


class K:
    def m(self):
        return 1


def gen():
    yield 1


def fresh_objects(n):
    out = []
    for i in range(n):
        class T:
            pass
        out.append((lambda: i, T, range(i), gen(), [i], K(), K().m))
    return out


k = K()
keys = [f, K, k.m, gen(), range(3), lambda: 0, k, ValueError("x")]
d = {}
s = set()
for i, key in enumerate(keys):
    d[key] = i
    s.add(key)
lists = [[i] for i in range(50)]
before = [id(x) for x in lists] + [id(x) for x in keys]
hashes = [hash(x) for x in keys]
objs = fresh_objects(30)
obj_ids = [[id(x) for x in t] for t in objs]
for round in range(3):
    junk = [[j] * 10 for j in range(2000)]       # fill the nursery
    gc.collect()
    print(all(key in d for key in keys), all(key in s for key in keys), [d[key] for key in keys])
    print(before == [id(x) for x in lists] + [id(x) for x in keys])
    print(hashes == [hash(x) for x in keys])
    print(obj_ids == [[id(x) for x in t] for t in objs])
# ids of live objects are distinct
everything = lists + keys + [x for t in objs for x in t]
print(len(set(id(x) for x in everything)) == len(everything))
print(f in d, K in d)
