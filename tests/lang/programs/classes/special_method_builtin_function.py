# Checks: a built-in function put on a class as a special method (__len__ = len) is called without the instance, as CPython does (the VM passed the instance: len(x) called len(x) again, which overflowed the C stack).
class Measured:
    __len__ = len
    __hash__ = id


try:
    print(len(Measured()))
except TypeError as e:
    print("TypeError:", e)
try:
    print(hash(Measured()))
except TypeError as e:
    print("TypeError:", e)
