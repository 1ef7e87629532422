# Checks: object.__repr__ gives a builtin type's instance no module (<object object at ...>) and names a nested class by its qualified name; a bound method of any callable (types.MethodType) is named by its __qualname__, else its __name__, else "?" (the VM printed <__main__.object object ...> and always "?").
import re
import types


def shape(text):
    return re.sub(r"0x[0-9a-f]+", "0x...", text)


print(shape(repr(object())))


class Outer:
    class Inner:
        pass


print(shape(repr(Outer.Inner())), shape(object.__repr__(Outer())))


class MyCallable:
    def __call__(self, arg):
        pass


func = MyCallable()
method = types.MethodType(func, object())
print(shape(repr(method)))
func.__name__ = "name"
print(shape(repr(method)))
func.__qualname__ = "qualname"
print(shape(repr(method)))
func.__qualname__ = 42
print(shape(repr(method)))
