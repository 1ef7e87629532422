# Driver (written for vmsample's corpus) of boltons: iterutils, dictutils, strutils, cacheutils, setutils, tableutils...
from boltons import cacheutils, dictutils, iterutils, listutils, mathutils, queueutils, setutils, strutils, tableutils, timeutils
import datetime

data = {"a": [1, {"b": None, "c": [2, 3]}], "d": {"e": "x", "f": []}}
print(iterutils.remap(data, visit=lambda p, k, v: v is not None and v != []), list(iterutils.chunked_iter(range(7), 3)))
print(iterutils.get_path(data, ("a", 1, "c", 0)), list(iterutils.windowed_iter("abcd", 2)), iterutils.bucketize(range(7), lambda x: x % 3))
print(iterutils.partition(range(10), lambda x: x > 6), iterutils.unique([3, 1, 3, 2]), iterutils.one([0, 7]), iterutils.first([0, None, 5]))
print(list(iterutils.backoff(1, 20)), iterutils.frange(0, 1, 0.25), list(iterutils.flatten_iter([[1, [2]], 3])), iterutils.redundant([1, 2, 1, 3, 2]))
print(list(iterutils.research(data, query=lambda p, k, v: isinstance(v, int))), iterutils.soft_sorted(["b", "c", "a", "z"], first=["c"], last=["b"]))
omd = dictutils.OrderedMultiDict([("a", 1), ("b", 2), ("a", 3)])
print(omd, omd["a"], omd.getlist("a"), omd.inverted(), omd.todict(multi=True), list(omd.iteritems(multi=True)))
omd.add("b", 4)
print(omd.popall("a"), omd, dictutils.OneToOne({"x": 1}).inv, dictutils.FrozenDict({"k": 1}), dictutils.subdict({"a": 1, "b": 2}, ["a"]))
print(strutils.slugify("Hello, World! Ünïcode"), strutils.camel2under("BasicParseTest"), strutils.under2camel("basic_parse_test"))
print(strutils.bytes2human(1234567), strutils.cardinalize("box", 3), strutils.ordinalize(23), strutils.pluralize("mouse"), strutils.singularize("geese"))
print(strutils.split_punct_ws("a,b;;c d"), strutils.html2text("<p>Hi <b>there</b></p>"), strutils.format_int_list([1, 2, 3, 6, 7, 9]),
      strutils.parse_int_list("1-3,5,8-9"), strutils.strip_ansi("\x1b[31mred\x1b[0m"), strutils.asciify("café"), strutils.is_uuid("x"))
print(strutils.indent("a\nb", "> "), strutils.multi_replace("cat dog", {"cat": "dog", "dog": "cat"}), strutils.unwrap_text("a\nb\n\nc"))
lru = cacheutils.LRU(max_size=2)
lru["a"], lru["b"] = 1, 2
lru.get("a")
lru["c"] = 3
print(sorted(lru.items()), lru.hit_count, lru.miss_count)
calls = []


@cacheutils.cached(cacheutils.LRI(max_size=8))
def square(x):
    calls.append(x)
    return x * x


print([square(i % 3) for i in range(6)], calls)
s = setutils.IndexedSet("abracadabra")
print(s, s[2], s.index("c"), s | "xyz", s - "ab", list(reversed(s)), setutils.complement({1}).issuperset({2}))
print(listutils.SplayList([1, 2, 3]), listutils.BarrelList(range(5)), mathutils.clamp(15, upper=10), mathutils.ceil(3.2, [1, 4, 7]), mathutils.floor(3.2, [1, 4, 7]))
pq = queueutils.HeapPriorityQueue()
for item, prio in [("low", 1), ("high", 9), ("mid", 5)]:
    pq.add(item, prio)
print([pq.pop() for _ in range(3)], mathutils.Bits(5).as_list(), mathutils.Bits("101") | mathutils.Bits("010"))
table = tableutils.Table.from_dict([{"id": 1, "name": "x"}, {"id": 2, "name": "y"}])
print(table.to_text(), table.headers, len(table))
print(timeutils.relative_time(datetime.datetime(2020, 1, 1), datetime.datetime(2020, 1, 3)), timeutils.decimal_relative_time(
    datetime.datetime(2020, 1, 1), datetime.datetime(2020, 3, 1)), list(timeutils.daterange(datetime.date(2024, 1, 1), datetime.date(2024, 1, 4))))
print(timeutils.parse_timedelta("1d 2h 3.5m"), timeutils.isoparse("2024-02-29T12:30:00"), timeutils.strpdate("2024-03-01", "%Y-%m-%d"))
