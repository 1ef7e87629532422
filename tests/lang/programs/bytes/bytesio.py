# Checks: io.BytesIO: reading in pieces, readline and iteration, writing over and past the end (zero fill), seek from each end, truncate, getvalue, the with statement, and its errors (str data, closed stream, bad seeks).
import io
from struct import pack, unpack

f = io.BytesIO(b"line one\nline two\n\x00\xff")
print(f.read(4), f.tell(), f.readline(), f.readline(), f.read(), f.read(), f.tell())
f.seek(0)
print(list(f), f.seek(-2, 2), f.read(1), f.seek(1, 1), f.read())
w = io.BytesIO()
for i in range(5):
    w.write(pack(">Q", i * 1000003))
w.seek(0)
print([unpack(">Q", w.read(8))[0] for _ in range(5)], w.read(8) == b"")
print(w.seek(3), w.write(b"XY"), w.getvalue()[:8], w.seek(50), w.write(bytearray(b"!")), len(w.getvalue()))
print(w.getvalue()[40:], w.truncate(10), w.getvalue(), w.tell(), w.readable(), w.writable(), w.seekable())
with io.BytesIO(bytearray(b"ctx")) as c:
    print(c.read(), c.closed)
print(c.closed, io.BytesIO().getvalue(), io.BytesIO(b"a\nb").readlines(), io.BytesIO(b"abc").readline(2))
for bad in [lambda: io.BytesIO("str"), lambda: io.BytesIO().write("s"), lambda: c.read(), lambda: io.BytesIO().seek(-1),
            lambda: io.BytesIO().seek(0, 3), lambda: io.BytesIO().truncate(-1)]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
