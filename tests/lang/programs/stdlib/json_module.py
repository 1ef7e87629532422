# Checks: the VM's json against CPython's: dumps of every kind of value (indent, sort_keys, separators, ensure_ascii, default, non-string keys, NaN), loads back (escapes, surrogate pairs, numbers, hooks), dump/load on StringIO, and the error messages of both.
import io
import json

data = {"name": "vm\u00e9 \"q\" \\ \n", "n": [1, -2, 3.5, 1e100, 0.1, True, False, None], "nested": {"a": [], "b": {}},
        "tuple": (1, 2), 3: "int key", 2.5: "float key", None: "none key", True: "bool key"}
print(json.dumps(data))
print(json.dumps(data, indent=2, sort_keys=False))
print(json.dumps({"b": 1, "a": [1, {"c": 2}]}, sort_keys=True, indent="\t"), json.dumps([1, 2], separators=(",", ":")))
print(json.dumps("snow \u2603 and \U0001F600", ensure_ascii=False), json.dumps("snow \u2603 and \U0001F600"))
print(json.dumps(float("nan")), json.dumps([float("inf"), float("-inf")]), json.dumps(set([1]), default=sorted))
text = json.dumps(data)
back = json.loads(text)
print(back, back == json.loads(json.dumps(back)))
print(json.loads(' [1, 2.0, -0, 1E3, 2e-2, "\\u00e9\\ud83d\\ude00\\n\\/", true, null, {}] '))
print(json.loads('{"a": 1, "a": 2}'), json.loads('{"x": [1, 2]}', object_pairs_hook=list), json.loads("3", parse_int=float))
print(json.loads('{"p": 1}', object_hook=lambda d: sorted(d.items())), json.loads("NaN") != json.loads("NaN"))
buf = io.StringIO()
json.dump({"k": [1, 2]}, buf, indent=1)
buf.seek(0)
print(repr(buf.getvalue()), json.load(buf))
for bad in ["", "[1, 2", '{"a" 1}', "[1,]", '{"a": 1,}', '"abc', "[1] x", "tru", '"\\q"', "{1: 2}", "-", '"\\u12"']:
    try:
        json.loads(bad)
    except json.JSONDecodeError as e:
        print(repr(bad), "->", e, e.pos, isinstance(e, ValueError))
for bad in [{(1, 2): 3}, object(), float("nan")]:
    try:
        json.dumps(bad, allow_nan=False)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, str(e).split(" at 0x")[0])
circular = []
circular.append(circular)
try:
    json.dumps(circular)
except ValueError as e:
    print("ValueError:", e)
