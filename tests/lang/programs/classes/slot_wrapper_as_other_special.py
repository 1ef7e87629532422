# Checks: a builtin slot wrapper put on a class under another special name (__setattr__ = dict.__setitem__) is that class's own: attribute assignment calls it (the VM took any builtin __setattr__ for object's and stored the attribute).
class X(dict):
    __setattr__ = dict.__setitem__
    __delattr__ = dict.__delitem__
    __neg__ = dict.copy


x = X()
x.y = 42
print(x["y"], x == -x, type(-x).__name__, x.__dict__)
del x.y
print(x)


class Y(dict):
    __setattr__ = dict.__setattr__      # object's own: the instance's dict


y = Y()
y.z = 1
print(y, y.z)
