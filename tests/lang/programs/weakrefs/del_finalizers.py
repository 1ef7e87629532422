# Checks: __del__ (PEP 442) -- run once when found unreachable, cycles, resurrection, __del__ before the weakref callback, exceptions through sys.unraisablehook, subclasses, at exit.
import gc
import sys
import weakref


class Noisy:
    def __init__(self, name):
        self.name = name

    def __del__(self):
        print("del", self.name)


n = Noisy("one")
del n
gc.collect()
print("after one")

# Unreachable cycles are finalized too.
a, b = Noisy("cycle-a"), Noisy("cycle-b")
a.other, b.other = b, a
del a, b
gc.collect()
print("after cycle")

# Temporaries in a loop.
total = 0
for i in range(500):
    total += len(Noisy(f"tmp{i}").name) if i >= 498 else 0
gc.collect()
print("total", total)

# __del__ then the weakref callback, as CPython frees an object.
w = Noisy("watched")
watch = weakref.ref(w, lambda r: print("callback after del", r() is None))
del w
gc.collect()

# Resurrection: the object lives on, its __del__ does not run again.
saved = []


class Phoenix:
    def __del__(self):
        print("phoenix del")
        saved.append(self)


ph = Phoenix()
ref = weakref.ref(ph)
del ph
gc.collect()
print("resurrected", ref() is saved[0])
saved.clear()
gc.collect()
print("gone", ref() is None)


# Exceptions in __del__ and in callbacks go to sys.unraisablehook.
def hook(unraisable):
    tb = unraisable.exc_traceback
    print("unraisable:", type(unraisable.exc_value).__name__, unraisable.exc_value,
          getattr(unraisable.object, "__qualname__", None), unraisable.err_msg,
          tb.tb_frame.f_code.co_name, tb.tb_lineno)


sys.unraisablehook = hook


class Broken:
    def __del__(self):
        raise ValueError("broken del")


br = Broken()
del br
gc.collect()


def bad_callback(r):
    raise KeyError("bad callback")


obj = Noisy("with bad callback")
r = weakref.ref(obj, bad_callback)
del obj
gc.collect()
sys.unraisablehook = sys.__unraisablehook__


# Subclasses inherit __del__; instances of a builtin type's subclass too.
class Child(Noisy):
    pass


class MyList(list):
    def __del__(self):
        print("del MyList", len(self))


c = Child("child")
ml = MyList([1, 2, 3])
del c
gc.collect()
del ml
gc.collect()

# Still alive at exit: finalized after the program ends.
last = Noisy("at exit")
print("end")
