# Checks: the VM's io.StringIO against CPython's: write/getvalue, print(file=) to it (one write per item, separator and end), read/readline/iteration, seek/tell/truncate, overwriting, closing, and as a context manager.
import io

out = io.StringIO()
print("a", 1, [2], sep="|", end="!\n", file=out)
print(file=out)
n = out.write("tail")
print(repr(out.getvalue()), n, out.tell())


class CountingWriter:
    def __init__(self):
        self.calls = []

    def write(self, s):
        self.calls.append(s)
        return len(s)

    def flush(self):
        self.calls.append("<flush>")


w = CountingWriter()
print("x", "y", file=w, flush=True)
print(w.calls)

buf = io.StringIO("line one\nline two\nlast")
print(repr(buf.readline()), repr(buf.read(4)), buf.tell(), repr(buf.read()), repr(buf.read()))
buf.seek(0)
print(list(buf), buf.readlines())
buf.seek(0)
print([line.rstrip() for line in buf])
s = io.StringIO("abcdef")
s.write("XY")
print(s.getvalue(), s.tell(), repr(s.read()))
s.seek(2)
s.truncate()
s.write("!")
print(repr(s.getvalue()), s.seek(0, io.SEEK_END))
with io.StringIO() as f:
    f.writelines(["p", "q", "r"])
    print(f.getvalue(), f.closed)
print(f.closed)
try:
    f.getvalue()
except ValueError as e:
    print("ValueError:", e)
try:
    io.StringIO().write(3)
except TypeError as e:
    print("TypeError:", e)
