# An uncaught exception of a class defined in another module: the traceback's last line names it with its module, as CPython does; reprs of that module's classes and instances too.
from _support.shapes import ShapeError, Square

print(ShapeError, Square, repr(Square()).startswith("<_support.shapes.Square object at 0x"))
print(Square.__module__, ShapeError.__module__)
raise ShapeError("no such shape")
