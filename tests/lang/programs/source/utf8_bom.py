# Checks: a UTF-8 byte order mark before the first line is dropped, as CPython does.
s = "Grüße, 世界"
print(s, len(s), [ord(c) for c in s if ord(c) > 127])
