# Driver (written for vmsample's corpus) of simplejson, pure Python (its C speedups are not built from the sdist).
import decimal
from collections import OrderedDict, namedtuple

import simplejson as json

Point = namedtuple("Point", "x y")
data = {"name": "sj", "list": [1, 2.5, True, None, "é☃"], "nested": {"a": [{"b": []}]}, "big": 2 ** 70,
        "dec": decimal.Decimal("1.10"), "point": Point(1, 2), "tuple": (1, 2)}
print(json.dumps(data, sort_keys=True))
print(json.dumps(data, sort_keys=True, indent=2, ensure_ascii=False, separators=(",", ": ")))
print(json.dumps(data, sort_keys=True, namedtuple_as_object=False, tuple_as_array=True, bigint_as_string=True))
print(json.dumps({"html": "<script>&</script>"}, encoding="utf-8", for_json=True), json.dumps([1.0, 1e20, 0.1, -0.0]))
text = '{"a": 1.25, "b": [1, 2, {"c": null}], "d": "\\u00e9\\ud83d\\ude00", "e": 1e400}'
print(json.loads(text), json.loads(text, use_decimal=True)["a"], json.loads(text, object_pairs_hook=OrderedDict))
print(json.loads("[1.5]", parse_float=decimal.Decimal), json.loads('{"z": 1, "a": 2}', object_hook=lambda d: sorted(d.items())))
for bad in ['{"a": }', "[1, 2", '{"a" 1}', '"\\x"', "01", ""]:
    try:
        json.loads(bad)
    except json.JSONDecodeError as e:
        print(repr(bad), "->", e.msg, e.lineno, e.colno, e.pos)
decoder = json.JSONDecoder()
print(decoder.raw_decode('{"x": [1, 2]} trailing'), json.dumps(json.RawJSON('{"pre": 1}')))


class Money:
    def __init__(self, cents):
        self.cents = cents

    def for_json(self):
        return {"cents": self.cents}


print(json.dumps([Money(5)], for_json=True), json.dumps({"x": Money(1)}, default=lambda o: o.cents))
try:
    json.dumps(object())
except TypeError as e:
    print("TypeError:", str(e).split(" at ")[0][:40])
print(json.dumps(float("nan"), allow_nan=True), json.dumps({"k": 1, 2: 3, None: 4, True: 5}, item_sort_key=json.simple_first))
