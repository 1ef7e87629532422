# Checks: re over buffers that are not bytes: a memoryview (its string is the memoryview itself) and an array.array (empty ones of every typecode), matched, searched, split, findall'd and substituted as CPython's _sre reads them; a memoryview template in re.sub; memoryview(array) gives the array's bytes.
import array
import re

view = memoryview(b"[abracadabra]")
m = re.search(rb"(.+)(.*?)\1", view)
print(m.span(), m.group(), m.groups())
print(m.string is view, type(m.string).__name__)
print(re.match(b"(a)", memoryview(b"a")).group(0, 1))
print(re.fullmatch(b"a+", memoryview(b"aaa")).span())
print(re.split(b":", memoryview(b"a:b::c")))
print(re.findall(b"[a-c]", memoryview(b"xaybzc")))
print(re.sub(b"y", memoryview(b"a"), memoryview(b"xyz")))
print(re.sub(b"y", bytearray(b"a"), bytearray(b"xyz")))
print([m.span() for m in re.finditer(b"b", memoryview(b"abcabc"))])

for typecode in "bBuhHiIlLfd":
    a = array.array(typecode)
    print(typecode, re.compile(b"bla").match(a), re.compile(b"").match(a).groups())

letters = array.array("B", b"hello world")
print(re.search(b"o w", letters).span(), re.findall(rb"\w+", letters))
print(bytes(memoryview(array.array("h", [1, -2]))) == array.array("h", [1, -2]).tobytes())
print(list(memoryview(array.array("i", [7, 8, 9]))))
