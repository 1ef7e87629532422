# Checks: iter(bytearray) is a bytearray_iterator (length hint, pickling state); bytearray's + and += take any buffer, in place; bytes.join reads a list of bytes in place and converts other items; the builtins the VM writes in Python print as built-in functions
b = iter(b"abc"); print(type(b).__name__, b.__length_hint__())
it = iter(bytearray(b"xyz")); print(type(it).__name__, it.__length_hint__(), next(it), it.__reduce__())
import operator; print(operator.length_hint(it)); print(list(it)); print(it.__reduce__(), it.__length_hint__())
ba = bytearray(b"ab"); ident = id(ba); ba += memoryview(b"cd"); print(ba, id(ba) == ident)
r = ba.__iadd__(memoryview(b"ef")); print(r is ba, ba)
print(b"-".join([b"a", bytearray(b"b"), memoryview(b"c")]), b"".join((b"x", b"y")), bytearray(b",").join([b"1", b"2"]))
class B(bytes): pass
print(b"+".join([B(b"s"), b"t"]), b"+".join(iter([b"u", b"v"])))
try: b"".join([b"a", 1])
except TypeError as e: print(e)
for x in ('s', 1, [1]):
    try: ba.__iadd__(x)
    except TypeError as e: print(e)
    try: ba.__add__(x)
    except TypeError as e: print(e)
print(ba.__add__(B(b'z')), ba.__iadd__(B(b'q')), ba + memoryview(b'r'))
print(dir, iter, vars, anext)
import itertools, functools
print(functools.reduce)
