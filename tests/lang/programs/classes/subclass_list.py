# Checks: subclasses of list: instances are lists (len, indexing, slicing, iteration, unpacking, methods, repr, ==, +, sorted, in) of the subclass's type; the subclass's own methods, properties and overrides of list methods with super(); __init__ with list.__init__; list results of slicing, copy and +; a subclass of a subclass.
class OrderedCollection(list):
    pass


class Stack(list):
    def __init__(self, items=(), limit=10):
        super().__init__(items)
        self.extend([0])

    def push(self, x):
        self.append(x)
        return self

    def top(self):
        return self[-1]

    @property
    def size(self):
        return len(self)

    def append(self, x):
        super().append(x * 10)


class BoundedStack(Stack):
    def push(self, x):
        if len(self) < 4:
            super().push(x)
        return self


o = OrderedCollection()
o.append(1)
o.append(2)
o.extend([3])
o.insert(0, 0)
print(o, len(o), o[1], o[-1], list(o), type(o).__name__, isinstance(o, list), isinstance(o, OrderedCollection))
print(o.pop(), o, repr(o), str(o), o == [0, 1, 2], o + [9], o[1:], type(o[1:]).__name__,
      type(o.copy()).__name__, type(o + o).__name__, sorted(o, reverse=True))
o.remove(1)
print(o, 2 in o, o.index(2), o.count(0), bool(OrderedCollection()), [x * 2 for x in o], o.__class__.__name__)
o[0] = "zero"
del o[1]
o += [5, 6]
print(o, type(o).__name__)
s = Stack([1, 2])
print(s, s.push(3), s.top(), s.size, type(s).__name__, isinstance(s, Stack))
print(OrderedCollection([5, 6]), OrderedCollection("ab"), Stack(), Stack(range(2), limit=3))
b = BoundedStack([7])
for i in range(5):
    b.push(i)
print(b, len(b), isinstance(b, Stack), isinstance(b, list), type(b).__name__)
n = OrderedCollection([3, 1, 2])
n.sort()
first, *rest = n
print(n, first, rest, max(n), sum(n), n * 2, type(n * 2).__name__)
for bad in [lambda: OrderedCollection(1), lambda: o.missing, lambda: Stack(1, 2, 3)]:
    try:
        bad()
    except (TypeError, AttributeError) as e:
        print(type(e).__name__, e)
