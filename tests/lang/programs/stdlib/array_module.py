# Checks: the VM's array.array against CPython's: construction from lists,
# ranges, strings and other arrays; indexing, slices (an array; assigning
# one), len/iter/in; + * += *=; comparisons; the list-like methods; repr;
# each typecode's conversion ('d' floats, 'f' single precision, the integer
# ranges) and CPython's errors, messages included.
# gc-debug: VMSAMPLE_GC_STRESS=7
from array import array
import array as array_module

a = array("d", [1, 2.5, -3])
print(a, len(a), a[0], a[-1], a[1:], a[::-1], list(a), 2.5 in a, 7 in a, a.typecode, a.itemsize)
b = array("d", [0]) * 4
b[1] = 7
b[2] = True
b[-1] = 0.25
print(b, b == array("d", [0, 7, 1, 0.25]), b != a, array("i", [1, 2]) == array("d", [1, 2]), array("i", [1]) < array("i", [2]))
c = array("d")
c[:] = a[:]
print(c, c is a, c == a, a + b, 2 * array("i", [1, 2]), array("i", [3]) * 3)
c += array("d", [9])
c *= 2
print(c, len(c))
i = array("i", range(5))
i.append(10)
i.extend([11, 12])
i.extend(array("i", [13]))
i.insert(0, -1)
print(i, i.pop(), i.pop(0), i.index(10), i.count(2), i.tolist())
i.remove(2)
i.reverse()
del i[0]
del i[1:3]
print(i, sum(i), max(i), sorted(i), [x * 2 for x in i])
print(array("B", [0, 255]), array("b", [-128, 127]), array("H", [65535]), array("I", [2 ** 32 - 1]),
      array("q", [-2 ** 63]), array("Q", [2 ** 64 - 1]), array("l", [True, False]))
print(array("f", [0.1, 1e-45, 3.4e38, 1e39, -2.5]), array("u", "héllo"), array("u", "ab").tounicode(), array("d", array("i", [1, 2])))
u = array("u")
u.fromunicode("xyz")
f = array("d")
f.fromlist([1, 2])
print(u, f, array("d"), array_module.typecodes, array_module.ArrayType is array)
for typecode in "bBhHiIlLqQ":
    out = []
    for v in [2 ** 70, -2 ** 70, 2 ** 31, -1, 300]:
        try:
            array(typecode, [v])
            out.append("ok")
        except OverflowError as e:
            out.append(str(e))
    print(typecode, out)
for bad in [lambda: array("z"), lambda: array("d", 5), lambda: array("d", ["a"]), lambda: array("i", [1.5]),
            lambda: array("i", "ab"), lambda: a[5], lambda: a.__setitem__(5, 1), lambda: array("d") + array("i"),
            lambda: a + [1], lambda: a.__setitem__(slice(0, 1), [3.0]), lambda: a["x"], lambda: a.index(7),
            lambda: a.remove(7), lambda: array("d").pop(), lambda: array("i", [None]), lambda: a * 1.5,
            lambda: a.fromlist((1,)), lambda: array("d", [None])]:
    try:
        print(bad())
    except (TypeError, ValueError, IndexError, OverflowError) as e:
        print(type(e).__name__, e)
