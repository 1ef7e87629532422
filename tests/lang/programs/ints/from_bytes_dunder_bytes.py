# Checks: int.from_bytes takes what CPython's PyObject_Bytes takes: an object's __bytes__ (called on
# the VM; a non-bytes result or an exception it raises is reported as CPython reports it), a buffer,
# an iterable of ints; a subclass of int gets an instance of itself.
class ValidBytes:
    def __bytes__(self):
        return b'\x01\x02'


class InvalidBytes:
    def __bytes__(self):
        return 'abc'


class RaisingBytes:
    def __bytes__(self):
        1 / 0


class MyInt(int):
    pass


class Order(str):
    pass


print(int.from_bytes(ValidBytes(), 'big'), int.from_bytes(ValidBytes(), 'little', signed=True))
print(int.from_bytes([1, 2], 'little'), int.from_bytes(iter([1, 2]), 'big'), int.from_bytes(bytearray(b'\xff'), 'big', signed=True))
print(int.from_bytes(memoryview(b'\x00\x01'), Order('big')), type(MyInt.from_bytes(ValidBytes(), 'big')).__name__)
for bad in (InvalidBytes(), RaisingBytes(), object(), 3):
    try:
        int.from_bytes(bad, 'big')
    except (TypeError, ZeroDivisionError) as e:
        print(type(e).__name__, e)
