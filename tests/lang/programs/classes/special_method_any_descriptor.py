# Checks: a special method that is a property, a classmethod, a staticmethod or a class is bound as CPython's lookup_maybe_method binds it (its __get__ for the instance, or called as it is): [], len, call, setitem, delitem, repr, iter, __getattribute__, __getattr__ and __setattr__ (the VM passed the instance to a property: "'property' object is not callable").
class Broken:
    __getitem__ = property(lambda self: 1 / 0)


try:
    Broken()[0]
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)


class Box:
    __getitem__ = property(lambda self: (lambda key: ("item", key)))
    __len__ = property(lambda self: (lambda: 7))
    __setitem__ = property(lambda self: (lambda key, value: print("set", key, value)))
    __delitem__ = property(lambda self: (lambda key: print("del", key)))
    __call__ = property(lambda self: (lambda *args: ("called", args)))
    __repr__ = staticmethod(lambda: "static repr")
    __iter__ = classmethod(lambda cls: iter([cls.__name__]))
    __bool__ = property(lambda self: (lambda: False))


box = Box()
print(box[3], len(box), box(1, 2), repr(box), list(box), bool(box))
box[1] = 2
del box[5]


class Made:
    __len__ = int           # a class: called without the instance
    __hash__ = int


print(len(Made()), hash(Made()))


class Descriptor:
    counter = 0

    def __get__(self, obj, objtype=None):
        def getter(name):
            self.counter += 1
            raise AttributeError(name)
        return getter


descr = Descriptor()


class A:
    __getattribute__ = descr


class B:
    __getattr__ = descr


class C:
    __getattribute__ = descr
    __getattr__ = descr


for cls in A, B, C:
    try:
        getattr(cls(), "attr")
    except AttributeError as e:
        print(cls.__name__, "AttributeError:", e, descr.counter)


class Recorder:
    def __get__(self, obj, objtype=None):
        return lambda name, value: print("setattr", type(obj).__name__, name, value)


class D:
    __setattr__ = Recorder()


D().x = 5
print(hasattr(D(), "x"))
