# Checks: a special method that is a callable object without __get__ (no function, no descriptor) is called without the instance, as CPython does: typing.NewType's __call__ is such an object (_typing._idfunc).
class Recorder:
    def __init__(self, name):
        self.name = name

    def __call__(self, *args):
        return self.name, args


class Host:
    __call__ = Recorder("call")
    __getitem__ = Recorder("getitem")
    __contains__ = Recorder("contains")
    __eq__ = Recorder("eq")


h = Host()
print(h(1, 2), h[3], 4 in h, h == 5, Host.__call__(6))


class Bound:
    def __get__(self, obj, owner=None):
        return lambda *args: ("bound", type(obj).__name__, args)


class Described:
    __call__ = Bound()


print(Described()(7))
