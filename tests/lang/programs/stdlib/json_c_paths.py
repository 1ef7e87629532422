# Checks: json's C fast paths (vm/json.pxi) against CPython: dumps of every value kind they take and of those they hand back to Python (sort_keys, subclasses, IntEnum keys, float keys, NaN with allow_nan off, cycles, default(), 800-deep nesting), loads of every token and of every error (positions and messages come from the Python path), strict=False, hooks, raw_decode/scan_once at an offset.
import json, math
cases = [None, True, False, 0, -5, 2**70, -2**65, 1.5, 1e16, -0.0, 1e-7, float('inf'), float('nan'), "abc", "", "a",
         "q\"\\\n\t\b\f\r\x01\x7f\u0105\U0001F600", [], {}, [1, [2, [3]]], (1, 2), {"a": 1, 2: "b", None: 3, True: 4, False: 5},
         {"k": [1.25, {"x": None}]}, {1.5: 2}, [{"é": "ü"}]*3]
for c in cases:
    for kw in ({}, {"ensure_ascii": False}, {"separators": (",", ":")}, {"sort_keys": True}):
        try:
            s = json.dumps(c, **kw)
        except Exception as e:
            s = f"{type(e).__name__}: {e}"
        print(repr(s))
        try:
            print(repr(json.loads(s)))
        except Exception as e:
            print(type(e).__name__, e)
for c in [float('inf')]:
    try: print(json.dumps(c, allow_nan=False))
    except Exception as e: print(type(e).__name__, e)
a = []; a.append(a)
try: json.dumps(a)
except Exception as e: print(type(e).__name__, e)
d = {}; d["x"] = [d]
try: json.dumps(d)
except Exception as e: print(type(e).__name__, e)

x = 1
for i in range(800): x = [x]
print(len(json.dumps(x)), json.loads(json.dumps(x)) == x)
class E: pass
try: json.dumps([1, E()])
except Exception as e: print(type(e).__name__, e)
print(json.dumps([1, E()], default=lambda o: "E"))
for bad in ['', ' ', '[1,]', '{"a" 1}', '{"a":1,}', '"abc', '"a\\qb"', '"\\u12"', '"\\ud800\\udc00"', '"\\ud800x"', '"\\ud800\\u0041"',
            '[1, 2', 'nul', '-', '-0', '01', '1.', '1.e5', '1e', '1e+', '1E+5', '-12.5e-3', '123456789012345678901234567890',
            '1' * 18, '9' * 19, '-' + '9' * 18, 'NaN', '-Infinity', '[Infinity]', '{"a": {"b": [true, false, null]}}',
            '"ctl\x01"', '  [ 1 , 2 ]  ', '{"a":1,"a":2}', '[1] x', '"\\/\\b"', '{}', '[]', '{ }', '[ ]', '[1e400]', '"\U0001F600"']:
    try:
        print(repr(bad), repr(json.loads(bad)))
    except Exception as e:
        print(repr(bad), type(e).__name__, e)
print(json.loads('"ctl\x01"', strict=False))
print(json.loads('{"a": 1.5}', parse_float=str), json.loads('[1]', parse_int=float), json.loads('{"a":1}', object_hook=lambda d: list(d)))
dec = json.JSONDecoder()
print(dec.raw_decode('[1, 2] tail'), dec.scan_once('xx"ab"', 2))
class S(str): pass
print(json.dumps(S("sub")), json.dumps({S("k"): 1}))
class I(int): pass
print(json.dumps(I(3)), json.dumps([True, I(4)]))
import enum
class C(enum.IntEnum):
    A = 1
print(json.dumps([C.A]), json.dumps({C.A: 2}))
print(json.dumps({"b": 1, "a": 2}, sort_keys=True), json.dumps([1,2], indent=2))
pair = json.loads('[{"a_key": 1, "b_\xe9": 2}, {"a_key": 3, "b_\xe9": 4}]')
print([a is b for a, b in zip(pair[0], pair[1])])
