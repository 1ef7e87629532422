# Checks: open() for binary and text files: writing and reading back bytes ('wb', 'rb', 'ab', 'r+b'), read(n), seek/tell, readline and iteration, text files with encodings, the with statement, the file objects' classes and attributes, and the errors of a closed or missing file.
import time

path = "/tmp/vmsample-files-test-%d.bin" % time.time_ns()
with open(path, "wb") as f:
    print(type(f).__name__, f.mode, f.writable(), f.readable(), f.closed)
    print(f.write(b"line one\n"), f.write(bytearray(b"line two\n")), f.write(bytes(range(250, 256))))
print(f.closed)
f = open(path, "rb")
print(type(f).__name__, f.read(4), f.tell(), f.read(1), f.readline(), f.seek(0), f.read(3))
print(f.seek(-6, 2), list(f.read()), f.read(), f.read(1), f.tell())
f.seek(0)
print([line for line in f])
f.close()
with open(path, "ab") as f:
    f.write(b"appended")
with open(path, "r+b") as f:
    print(type(f).__name__, f.read(4))
    f.seek(0)
    f.write(b"LINE")
data = open(path, "rb").read()
print(len(data), data[:10], data[-8:])
with open(path, "w", encoding="utf-8") as f:
    print(type(f).__name__, f.write("héllo\nwörld\n"), f.encoding)
    f.writelines(["a\n", "b\n"])
    print("printed", file=f)
with open(path) as f:
    print(f.read())
with open(path, encoding="latin-1") as f:
    print(f.readline(), f.readlines())
with open(path, "rb") as f:
    print(f.read())
try:
    f.read()
except ValueError as e:
    print("ValueError", e)
try:
    open(path + ".missing", "rb")
except FileNotFoundError as e:
    print("FileNotFoundError", e.args[0])
except OSError as e:
    print("OSError", e)
try:
    open(path, "rb").write(b"x")
except OSError as e:
    print("OSError", e)
with open(path, "wb"):
    pass
print(open(path, "rb").read())
