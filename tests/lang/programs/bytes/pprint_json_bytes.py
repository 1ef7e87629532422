# Checks: pprint's layout of long bytes and bytearray (alone, nested, at several widths) and json.loads of bytes and bytearray in the UTF encodings, json.dumps refusing bytes.
import json
import pprint

data = bytes(range(0, 256, 3))
pprint.pprint(data)
pprint.pprint(bytearray(data[:40]))
pprint.pprint({"key": data[:30], "other": [b"short", bytearray(b"x" * 50)]}, width=40)
pprint.pprint([b"abcd", b"abcde" * 20], width=30)
print(pprint.pformat(b"\x00" * 12, width=12))
print(pprint.saferepr([b"x", bytearray(b"y")]), pprint.isreadable(b"z"), pprint.isreadable(bytearray(b"z")))
print(json.loads(b'{"a": [1, 2.5, "s\\u00e9"]}'), json.loads(bytearray(b"[true, null]")))
print(json.loads('{"k": "v"}'.encode("utf-16")), json.loads('[1]'.encode("utf-32-le")), json.loads("\ufeff[2]".encode("utf-8")))
try:
    json.dumps({"b": b"bytes"})
except TypeError as e:
    print("TypeError", e)
