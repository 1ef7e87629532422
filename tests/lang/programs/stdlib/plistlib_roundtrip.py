# Checks: plistlib reads back what it wrote (XML and binary): its XML parser is pyexpat's, whose ParseFile reads the program's file object.
import plistlib

value = {"name": "vm", "sizes": [1, 2.5, -3], "ok": True, "blob": b"\x00\x01", "nested": {"k": []}}
for fmt in (plistlib.FMT_XML, plistlib.FMT_BINARY):
    data = plistlib.dumps(value, fmt=fmt)
    print(fmt, len(data) > 0, plistlib.loads(data) == value)
print(plistlib.dumps({"a": 1}).decode().splitlines()[-4:])
