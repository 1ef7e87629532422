# Checks: the host's WeakValueDictionary, WeakKeyDictionary, WeakSet and weakref.finalize, unmodified, on the VM's _weakref: entries go when their objects die; finalize at exit.
import gc
import weakref


class Item:
    def __init__(self, key):
        self.key = key

    def __repr__(self):
        return f"Item({self.key})"


items = [Item(i) for i in range(6)]

values = weakref.WeakValueDictionary()
for item in items:
    values[item.key] = item
print(sorted(values.keys()), len(values))
del items[1:3]
gc.collect()
print(sorted(values.keys()), len(values), values.get(1))

keys = weakref.WeakKeyDictionary()
for item in items:
    keys[item] = item.key * 10
print(sorted(keys.values()))
items.pop()
gc.collect()
print(sorted(keys.values()), len(keys))

members = weakref.WeakSet(items)
print(len(members), items[0] in members)
extra = Item("extra")
members.add(extra)
print(len(members))
del extra
gc.collect()
print(len(members), sorted(m.key for m in members))

# Many objects dying at once, across several collections.
many = weakref.WeakValueDictionary()
keep = []
for i in range(2000):
    obj = Item(i)
    many[i] = obj
    if i % 100 == 0:
        keep.append(obj)
del obj
gc.collect()
print(len(many), sorted(many.keys())[:5])

# weakref.finalize: called once, when the object dies, or by hand.
def report(*args):
    print("finalized", *args)


target = Item("t")
f1 = weakref.finalize(target, report, "f1")
f2 = weakref.finalize(target, report, "f2")
print(f1.alive, f2.alive, f1.peek()[0] is target)
print(f2(), f2.alive)
del target
gc.collect()
print(f1.alive)

other = Item("o")
f3 = weakref.finalize(other, report, "f3")
print(f3.detach()[0] is other, f3.alive)
del other
gc.collect()

# One still alive at exit: atexit runs it (atexit=True is the default).
survivor = Item("s")
weakref.finalize(survivor, report, "at exit")
print("end")
