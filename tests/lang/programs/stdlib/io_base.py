# Checks: StringIO, BytesIO and open() files as io.IOBase against CPython's: isinstance, iteration by line, readlines, writelines, the with statement, and the closed-file errors of each (IOBase's, StringIO's own, BytesIO's unchecked iter).
import io
import os
import tempfile

for make in (lambda: io.StringIO("a\nb\n"), lambda: io.BytesIO(b"a\nb\n")):
    s = make()
    print(isinstance(s, io.IOBase), s.readlines())
    s.seek(0)
    print([line for line in s])
    s.writelines([s.read(0)] * 2)
    with s as same:
        print(same is s, s.closed)
    print(s.closed)
    for use in (iter, lambda x: x.__enter__(), lambda x: x.readlines(), lambda x: next(x)):
        try:
            use(s)
        except ValueError as e:
            print("ValueError:", e)

with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, "f.txt")
    with open(path, "w") as f:
        print(isinstance(f, io.IOBase))
        f.writelines(["x\n", "y\n"])
    with open(path) as f:
        print(f.readlines(), next(iter([1])))
    with open(path, "rb") as f:
        print(isinstance(f, io.IOBase), [line for line in f])
    try:
        next(f)
    except ValueError as e:
        print("ValueError:", e)
