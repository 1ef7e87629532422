# Checks: the VM's pprint against CPython's: pformat/pprint/pp of nested lists, tuples, dicts (sorted and in insertion order), sets and frozensets, long strings wrapped at whitespace, the collections (OrderedDict, defaultdict, Counter, deque) and dataclasses; width, indent, depth and compact; saferepr, isreadable, isrecursive and _safe_repr; recursion markers; errors.
import collections
import dataclasses
import io
import pprint
import sys

data = [("string", (1, 2), [3, 4], {5: 6, 7: 8})] * 5
print(pprint.pformat(data))
p = pprint.PrettyPrinter()
print(p._safe_repr(data, {}, None, 0))
pprint.pprint(data, width=40)
pprint.pprint(data, indent=4, width=60, compact=True)
pprint.pprint(data, depth=2)
pprint.pprint({"b": [1] * 30, "a": {"z": 1, "y": (2,) * 30}, "c": (1,)})
pprint.pp({"b": [1] * 30, "a": {"z": 1, "y": (2,) * 30}})
pprint.pprint({"set": set(range(30)), "frozen": frozenset(range(25)), "empty": set()})
text = "The quick brown fox jumps over the lazy dog. " * 6
pprint.pprint(text)
pprint.pprint([text, "line one\nline two\n" * 3])
pprint.pprint({"key": text}, width=50)
pprint.pprint(list(range(40)), compact=True, width=30)
pprint.pprint([[1, 2, [3, 4, [5, 6, [7, 8]]]]] * 3, depth=3, width=20)
pprint.pprint(10 ** 30, underscore_numbers=True)
pprint.pprint([10 ** 12] * 8, underscore_numbers=True)
pprint.pprint({3: "c", 1: "a", 2: "b", 10: "j"}, width=10)
pprint.pprint([(), [], {}, (1,), ((1, 2),)] * 4, width=30)

od = collections.OrderedDict((str(i), i) for i in range(12))
pprint.pprint(od)
pprint.pprint(collections.OrderedDict())
dd = collections.defaultdict(list, {i: [i] * 5 for i in range(6)})
pprint.pprint(dd)
pprint.pprint(collections.Counter("abracadabra pprint counter test" * 2))
pprint.pprint(collections.deque(range(30)))
pprint.pprint(collections.deque(range(30), maxlen=40))


@dataclasses.dataclass
class Point:
    x: int
    y: list
    label: str = "a point with a rather long label"


pprint.pprint(Point(1, list(range(20))))
pprint.pprint([Point(2, [])])
print(pprint.pformat(Point(3, [1])))

# recursion and readability
loop = [1, 2]
loop.append(loop)
print(pprint.isrecursive(loop), pprint.isreadable(loop), pprint.isreadable(data))
print(pprint.saferepr(data[:2]), pprint.isreadable([object]), pprint.isrecursive({1: [2]}))
print(pprint.saferepr([1, "two", 3.0, None, True, {"k": (1,)}]))
print(p.isreadable({"a": 1}), p.isrecursive([]))

out = io.StringIO()
pprint.pprint({"to": "a stream"}, stream=out)
pprint.PrettyPrinter(stream=out, width=20).pprint(list(range(10)))
print(repr(out.getvalue()))
pprint.PrettyPrinter(stream=sys.stdout).pprint("to stdout")

for bad in [lambda: pprint.PrettyPrinter(indent=-1), lambda: pprint.PrettyPrinter(depth=0),
            lambda: pprint.PrettyPrinter(width=0)]:
    try:
        bad()
    except ValueError as e:
        print("ValueError", e)
