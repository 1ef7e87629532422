# Checks: `raise Class from cause` makes the instance and keeps the cause (the VM's call of the class wrote over it), with classes and instances on both sides.
import traceback


def fail(exc, cause):
    try:
        raise exc from cause
    except BaseException as e:
        return e


for exc, cause in [(IndexError, StopIteration()), (IndexError, KeyError), (ValueError("v"), TypeError),
                   (LookupError, None), (KeyError("k"), OSError("o"))]:
    e = fail(exc, cause)
    print(repr(e), repr(e.__cause__), e.__suppress_context__)

try:
    try:
        next(iter([]))
    except StopIteration as stop:
        raise (None or IndexError) from stop
except IndexError:
    text = traceback.format_exc()
    print("StopIteration" in text, "direct cause" in text)
