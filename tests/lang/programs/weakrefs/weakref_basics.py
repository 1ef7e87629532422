# Checks: weakref.ref and proxy on the collector's weak references -- cleared when the object dies, callbacks (newest first, none for a dead reference), hash and equality dead or alive, ref subclasses, WeakMethod, what cannot be referred to weakly.
import gc
import weakref


class Node:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return f"Node({self.name})"


events = []


def callback(ref):
    events.append(("callback", ref() is None, ref.__callback__))


a = Node("a")
plain = weakref.ref(a)
print(plain() is a, plain is weakref.ref(a), weakref.getweakrefcount(a))
with_cb = weakref.ref(a, callback)
print(with_cb.__callback__ is callback, with_cb is not weakref.ref(a, callback))
gc.collect()            # the unnamed reference above is garbage: it no longer counts
print(weakref.getweakrefcount(a), weakref.getweakrefs(a)[0] is plain)
print(plain == with_cb, hash(plain) == hash(a))
del a
gc.collect()
print(plain(), with_cb(), events)
print(plain == with_cb, plain == plain, hash(plain) == hash(plain))

# A dead reference that was never hashed cannot be hashed.
b = Node("b")
unhashed = weakref.ref(b)
del b
gc.collect()
try:
    hash(unhashed)
except TypeError as e:
    print("TypeError:", e)

# A reference that dies before its object: its callback never runs.
c = Node("c")
weakref.ref(c, lambda r: print("never printed"))
gc.collect()
del c
gc.collect()
print("no callback for a dead reference")

# Callbacks of one object run newest first.
d = Node("d")
refs = [weakref.ref(d, lambda r, i=i: print("callback", i)) for i in range(3)]
del d
gc.collect()

# Subclasses of ref carry their own attributes (as weakref.KeyedRef).
class Tagged(weakref.ref):
    __slots__ = ("tag",)

    def __init__(self, ob, callback=None, tag=None):
        super().__init__(ob, callback)
        self.tag = tag


e = Node("e")
t = Tagged(e, lambda r: print("tagged callback", r.tag, type(r).__name__), tag="T")
print(t() is e, t.tag, isinstance(t, weakref.ref), weakref.getweakrefcount(e))
del e
gc.collect()

# Proxies forward everything while the object lives.
f = Node("f")
p = weakref.proxy(f)
print(p.name, repr(p.__repr__()), str(p))
p.name = "f2"
print(f.name)
del f
gc.collect()
for action in (lambda: p.name, lambda: str(p), lambda: bool(p)):
    try:
        action()
    except ReferenceError as exc:
        print("ReferenceError:", exc)

fn_proxy = weakref.proxy(len)
print(fn_proxy([1, 2, 3]), type(fn_proxy).__name__)

# What can be referred to weakly is CPython's.
for value in (1, "s", (1,), [1], {}, 2.5, b"x", None):
    try:
        weakref.ref(value)
    except TypeError as exc:
        print("TypeError:", exc)
for value in (Node, len, Node("g").__repr__, {1}, frozenset(), lambda: 0):
    print(type(value).__name__, weakref.ref(value)() is not None)


class Slotted:
    __slots__ = ("x",)


class SlottedWeak:
    __slots__ = ("x", "__weakref__")


for cls in (Slotted, SlottedWeak):
    try:
        weakref.ref(cls())
        print(cls.__name__, "ok")
    except TypeError as exc:
        print("TypeError:", exc)

# WeakMethod: the bound method's object dies, so does the method.
class Counter:
    def __init__(self):
        self.n = 0

    def bump(self):
        self.n += 1
        return self.n


counter = Counter()
wm = weakref.WeakMethod(counter.bump, lambda r: print("method gone"))
print(wm()(), wm()())
del counter
gc.collect()
print(wm())
