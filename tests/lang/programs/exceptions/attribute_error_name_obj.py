# Checks: an AttributeError carries the name that was not found and the object that
# lacks it, however the lookup failed, and sys.__excepthook__ prints after its
# message the name CPython suggests ("Did you mean"), as it does for a
# NameError.  (Only each report's last line is printed: the lines above it
# quote source.)
import io
import sys


def report(exc):
    saved, sys.stderr = sys.stderr, io.StringIO()
    try:
        sys.__excepthook__(type(exc), exc, exc.__traceback__)
        return sys.stderr.getvalue().splitlines()[-1]
    finally:
        sys.stderr = saved


class Holder:
    blech = None

    def method(self):
        return 1


class Hooked:
    blech = None

    def __getattr__(self, attr):
        raise AttributeError           # no name, no object: the lookup's are given


class Nested:
    def __getattribute__(self, attr):
        return Holder().blich            # the inner lookup's name and object stay


class Wordless:
    blech = None

    def __getattr__(self, attr):
        raise AttributeError("Error", 23)


holder = Holder()
attempts = [
    ("instance", lambda: holder.bluch),
    ("method call", lambda: holder.bluch()),
    ("object.__getattribute__", lambda: object.__getattribute__(holder, "bluch")),
    ("getattr", lambda: getattr(holder, "metod")),
    ("class", lambda: Holder.blach),
    ("module", lambda: sys.exitt),
    ("list", lambda: [].apend),
    ("bound method", lambda: holder.method.x),
    ("__getattr__", lambda: Hooked().bluch),
    ("nested", lambda: Nested().something),
    ("two args", lambda: Wordless().bluch),
    ("delete", lambda: delattr(holder, "blech")),
    ("explicit", lambda: (_ for _ in ()).throw(AttributeError("x", name="blech", obj=holder))),
    ("bad name", lambda: (_ for _ in ()).throw(AttributeError(name=12, obj=23))),
]
for what, attempt in attempts:
    try:
        attempt()
    except AttributeError as exc:
        print(f"{what}: name={exc.name!r} obj={type(exc.obj).__name__} same={exc.obj is holder}")
        print("   ", report(exc))


def local_names():
    blech = 1
    return bluch


for attempt in (local_names, lambda: ZeroDivisionErrrrr, lambda: attempts_):
    try:
        attempt()
    except NameError as exc:
        print("NameError:", report(exc))

try:
    with 3:
        pass
except TypeError as exc:
    print(exc)
print(hasattr(holder, "x"), getattr(holder, "x", 5))


class Slotted:
    y = 0
    __slots__ = ("z",)


for what, attempt in [("get", lambda: Slotted().x), ("set", lambda: setattr(Slotted(), "x", 0)),
                      ("delete", lambda: delattr(Slotted(), "x")),
                      ("set class attribute", lambda: setattr(Slotted(), "y", 0)),
                      ("delete class attribute", lambda: delattr(Slotted(), "y")),
                      ("get empty slot", lambda: Slotted().z),
                      ("delete empty slot", lambda: delattr(Slotted(), "z")),
                      ("delete from a dict", lambda: delattr(Holder(), "blech"))]:
    try:
        attempt()
    except AttributeError as exc:
        print(f"slots, {what}: {exc} name={exc.name!r}")
