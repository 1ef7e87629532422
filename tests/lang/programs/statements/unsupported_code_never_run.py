# Checks: what the VM does not support stops a program only when it runs: an uncalled function, an `except ImportError` fallback and a branch never taken hold such code, and the rest runs; --check lists what is unsupported or missing.
# check-lists: 11:17 deleting a method's implicit __class__
# check-lists: 22:5 import of module 'fast_native_accelerator_xyz'
# check-lists: 45:12 'sys.getrefcount'


class Described:
    def describe(self, v):
        def forget():
            nonlocal __class__
            del __class__
        if v is None:
            forget()
        return "zero" if v == 0 else str(v)


def raw():
    return 1j


try:
    import fast_native_accelerator_xyz
    accelerated = True
except ImportError as e:
    accelerated = False
    print("fallback:", type(e).__name__)
if __name__ != "__main__":
    from doctest import testmod
    testmod()
print("accelerated:", accelerated)


def make_service():
    async def fetch(self):
        yield 1
    return fetch


print(Described().describe(0), Described.describe.__name__, raw.__name__, make_service.__name__)


def references(obj):
    # CPython's reference counts: the VM has none (as PyPy), and never calls this.
    import sys
    return sys.getrefcount(obj) - 1, sys.getrefcount(obj)


print(references.__name__)
