# Checks: the VM's collections module against CPython's: deque (maxlen, both ends, rotate, indexing, errors), defaultdict, Counter (counting, most_common, arithmetic, elements, missing keys), OrderedDict (move_to_end, popitem), namedtuple (fields, defaults, _replace, _asdict, unpacking, comparison, hashing, errors).
from collections import Counter, OrderedDict, defaultdict, deque, namedtuple

d = deque([1, 2, 3])
d.append(4)
d.appendleft(0)
print(d, len(d), d[0], d[-1], 3 in d, list(reversed(d)))
print(d.popleft(), d.pop(), d)
d.extend("ab")
d.extendleft([8, 9])
print(d)
d.rotate(2)
print(d)
d.rotate(-3)
print(d, d.count(2), d.index("a"))
bounded = deque(range(5), maxlen=3)
bounded.append(9)
bounded.appendleft(7)
print(bounded, bounded.maxlen)
queue = deque()
for i in range(1000):
    queue.append(i)
    if i % 3 == 0:
        queue.popleft()
print(len(queue), queue[0], queue[-1])
try:
    deque().pop()
except IndexError as e:
    print("IndexError:", e)

graph = defaultdict(list)
for a, b in [("x", "y"), ("x", "z"), ("y", "z")]:
    graph[a].append(b)
print(graph, graph["q"], len(graph), "q" in graph, sorted(graph))
counts = defaultdict(int)
for ch in "mississippi":
    counts[ch] += 1
print(dict(counts), counts.get("z"), counts["z"])

c = Counter("abracadabra")
print(c, c["a"], c["zz"], c.most_common(3), c.total())
c.update("aaz")
c.subtract({"b": 2})
print(c, sorted(c.elements())[:6])
c1, c2 = Counter(a=3, b=1), Counter(a=1, b=2, c=1)
print(c1 + c2, c1 - c2, c1 | c2, c1 & c2, Counter(), Counter({"x": 2}) == Counter(x=2))
words = "the cat and the hat and the bat".split()
print(Counter(words).most_common(2), len(Counter(words)), list(Counter(words).keys()))

od = OrderedDict([("x", 1), ("y", 2), ("z", 3)])
od.move_to_end("x")
od.move_to_end("z", last=False)
print(od, list(od), od.popitem(), od.popitem(last=False), od)

Point = namedtuple("Point", ["x", "y"])
Point3 = namedtuple("Point3", "x, y, z", defaults=[0])
p = Point(1, y=2)
q = Point3(1, 2)
print(p, q, p.x + p.y, p[0], len(p), list(p), p == (1, 2), p == Point(1, 2), p < Point(1, 3))
x, y = p
print(x, y, p._asdict(), p._replace(y=5), Point._make([3, 4]), Point._fields, Point3._field_defaults)
print(type(p).__name__, {p: "origin"}[Point(1, 2)], hash(p) == hash((1, 2)), sorted([Point(2, 1), Point(1, 5)]))
for args, kwargs in (((1,), {}), ((1, 2, 3), {}), ((1, 2), {"w": 3})):
    try:
        Point(*args, **kwargs)
    except TypeError as e:
        print("TypeError:", e)
