# Checks: ExceptionGroup/BaseExceptionGroup (PEP 654): construction and the class it picks, its errors, split/subgroup by type and predicate, notes copied to the parts, and except* matching, wrapping a naked exception, re-raising, raising in a clause, else/finally.
def show(e, ind=""):
    if isinstance(e, BaseExceptionGroup):
        print(ind + type(e).__name__, repr(e.message), str(e))
        for x in e.exceptions:
            show(x, ind + "  ")
    else:
        print(ind + repr(e))

eg = ExceptionGroup("eg", [ValueError(1), TypeError(2), ExceptionGroup("inner", [ValueError(3), OSError(4)])])
m, r = eg.split(ValueError)
show(m); show(r)
show(eg.subgroup(lambda e: isinstance(e, OSError)))
print(eg.subgroup(KeyError))
print(type(BaseExceptionGroup("x", [ValueError()])).__name__)
print(type(BaseExceptionGroup("x", [KeyboardInterrupt()])).__name__)
for bad in [("x",), ("x", []), (1, [ValueError()]), ("x", [1]), ("x", ValueError())]:
    try:
        ExceptionGroup(*bad)
    except Exception as e:
        print(type(e).__name__, e)
try:
    ExceptionGroup("x", [KeyboardInterrupt()])
except TypeError as e:
    print(e)

try:
    raise eg
except* ValueError as e:
    print("caught V"); show(e)
except* TypeError as e:
    print("caught T"); show(e)
except* OSError as e:
    print("caught O"); show(e)

try:
    try:
        raise eg
    except* ValueError:
        print("V")
except ExceptionGroup as e:
    show(e)

try:
    try:
        raise ValueError("naked")
    except* ValueError as e:
        show(e)
        raise
except ExceptionGroup as e:
    show(e)

try:
    try:
        raise ValueError("naked")
    except* TypeError as e:
        print("no")
except ValueError as e:
    print("naked passthrough", repr(e))

try:
    try:
        raise eg
    except* ValueError:
        raise KeyError("new")
    except* TypeError:
        raise
except BaseExceptionGroup as e:
    show(e)
    print(repr(e.exceptions[0].__context__))

def f():
    try:
        raise ExceptionGroup("a", [ValueError(1)])
    except* ValueError:
        pass
    else:
        print("else")
    finally:
        print("finally")
    return "ok"
print(f())
try:
    try:
        raise eg
    except* (ValueError, TypeError):
        pass
except ExceptionGroup as e:
    show(e)
try:
    try:
        raise eg
    except* ExceptionGroup:
        pass
except TypeError as e:
    print(e)
print(ExceptionGroup[int])
e = ExceptionGroup("n", [ValueError()])
e.add_note("note1")
m, r = e.split(ValueError)
print(m is e, e.__notes__)
m, r = ExceptionGroup("n", [ValueError(), KeyError()], ).split(ValueError)
print(m.__notes__ if hasattr(m, "__notes__") else None)
