# Checks: what CPython's test_bytes asks beyond the basics: bytes methods,
# join, + and `in` take any buffer (memoryview, bytes and bytearray
# subclasses); bytes(), bytearray() and item assignment take objects with
# __index__ (also one that changes the list or the bytearray being read);
# __bytes__ may return a bytes subclass; b * 1 is b; %= makes a new
# bytearray; __rmod__ is NotImplemented but for bytes; an iterator that
# found its end stays ended and pickles as CPython's; bytearray.__alloc__.
import pickle


class Indexable:
    def __init__(self, value=0):
        self.value = value

    def __index__(self):
        return self.value


class BytesSub(bytes):
    pass


class ByteArraySub(bytearray):
    pass


view = memoryview(b"ab")
for kind in (bytes, bytearray):
    x = kind(b"xabyab ab ")
    print(kind.__name__, x.split(view), x.rsplit(view), x.strip(memoryview(b"x ")), x.replace(view, b"-"),
          x.find(view), x.count(memoryview(b"b")), view in x, memoryview(b"q") in x, 97 in x,
          Indexable(98) in x, x.join([view, BytesSub(b"s"), ByteArraySub(b"t")]))
    print(kind.__name__, x + view, x + BytesSub(b"!"), x + ByteArraySub(b"?"), BytesSub(b"<") + x)
    print(kind.__name__, kind([Indexable(), Indexable(1), Indexable(254), Indexable(255)]), kind(Indexable(3)))
    for bad in ([Indexable(-1)], [Indexable(256)], Indexable(-2)):
        try:
            kind(bad)
        except ValueError as e:
            print("ValueError", e)


class Shrinks:
    def __index__(self):
        items.clear()
        return 42


class Grows:
    def __index__(self):
        if len(items) < 10:
            items.append(self)
        return 42


items = [Shrinks(), Shrinks()]
print(bytes(items), bytearray([Shrinks()]))
items = [Grows()]
print(bytes(items))


class Boom:
    def __index__(self):
        b.clear()
        return 0


b = bytearray(b"Now you see me...")
try:
    b[0] = Boom()
except IndexError as e:
    print("IndexError", e, b)
b = bytearray(b"abc")
b[1] = Indexable(66)
b.append(Indexable(67))
b.extend([Indexable(68)])
print(b)


class Other(bytes):
    pass


class GivesSub:
    def __bytes__(self):
        return Other(b"abc")


print(bytes(GivesSub()), type(bytes(GivesSub())).__name__, type(BytesSub(GivesSub())).__name__,
      BytesSub(GivesSub()))

a = b"123abc"
print(a * 1 is a, 1 * a is a, a * 0 is a, BytesSub(a) * 1 is BytesSub(a), type(BytesSub(a) * 1).__name__)
ba = bytearray(b"hello, %b!")
orig = ba
ba %= b"world"
print(ba, orig, ba is orig, type(ba).__name__)
print(b"abc".__rmod__("%r"), bytearray(b"x").__rmod__("%r"), "abc".__rmod__(b"%s"), b"%s".__rmod__(b"%s"))
try:
    object() % b"abc"
except TypeError as e:
    print("TypeError", e)

ba = bytearray([1, 2, 3])
done = iter(ba)
print(list(done))
ba.append(4)
print(list(done))
for proto in range(pickle.HIGHEST_PROTOCOL + 1):
    for data in (b"", b"a", b"abc"):
        for kind in (bytes, bytearray):
            it = iter(kind(data))
            copy = pickle.loads(pickle.dumps(it, proto))
            same = type(copy) is type(it) and list(copy) == list(kind(data))
            for _ in data:
                next(it)
            at_end = pickle.loads(pickle.dumps(it, proto))
            list(it)
            ended = pickle.loads(pickle.dumps(it, proto))
            print(proto, data, kind.__name__, same, type(at_end) is type(it), list(at_end), type(ended).__name__,
                  list(ended))

grow = bytearray()
print(grow.__alloc__() >= 0, all((grow.extend(b"x") or grow.__alloc__() > len(grow)) for _ in range(100)))
try:
    grow.__alloc__(1)
except TypeError as e:
    print("TypeError", e)
for change in (lambda b: b.extend([300]), lambda b: b.__setitem__(slice(0, 1), [Indexable(300)]),
               lambda b: b.append(Indexable(256))):
    try:
        change(bytearray(b"ab"))
    except ValueError as e:
        print("ValueError", e)


class IndexRefused(bytes):
    def __index__(self):
        raise TypeError


class IndexFails(bytes):
    def __index__(self):
        raise ZeroDivisionError


class IterableIndexRefused:
    def __index__(self):
        raise TypeError

    def __iter__(self):
        return iter([1, 2])


print(bytes(IndexRefused(b"foobar")), bytearray(IndexRefused(b"ab")), bytes(IndexFails(b"x")),
      bytes(IterableIndexRefused()), bytearray(IterableIndexRefused()))
try:
    bytearray(IndexFails(b"x"))
except ZeroDivisionError:
    print("ZeroDivisionError")
