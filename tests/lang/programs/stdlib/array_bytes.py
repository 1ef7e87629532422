# Checks: array's machine-level conversions: tobytes/frombytes for each typecode, arrays made from bytes, byteswap, tofile/fromfile on a binary file (with a short read's EOFError), and their errors.
import time
from array import array

for code, values in [("b", [-1, 2]), ("B", [255, 0]), ("h", [-2, 300]), ("H", [65535]), ("i", [1, -1]),
                     ("I", [7]), ("l", [-5]), ("L", [5]), ("q", [2 ** 40]), ("Q", [2 ** 63]),
                     ("f", [0.5, -2.25]), ("d", [1e100]), ("u", "hé€")]:
    a = array(code, values)
    data = a.tobytes()
    b = array(code)
    b.frombytes(data)
    print(code, data, b == a, array(code, data), len(data) == a.itemsize * len(a))
s = array("h", [1, 2, 256])
s.byteswap()
print(s, array("d", [1.0]).tobytes(), array("B", b"\x01\x02") + array("B", bytearray(b"\x03")))
path = "/tmp/vmsample-array-test-%d.bin" % time.time_ns()
with open(path, "wb") as f:
    array("i", range(5)).tofile(f)
with open(path, "rb") as f:
    r = array("i")
    r.fromfile(f, 3)
    print(r)
    try:
        r.fromfile(f, 5)
    except EOFError as e:
        print("EOFError", e, r)
with open(path, "wb"):
    pass
for bad in [lambda: array("i").frombytes(b"\x00"), lambda: array("i").frombytes("str"), lambda: array("i", b"\x00")]:
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
