# Checks: what the VM does not support stops a program only when it runs: an uncalled function, an `except ImportError` fallback and a branch never taken hold such code, and the rest runs; --check lists what is unsupported or missing.
# check-lists: 7:5 'except*'
# check-lists: 19:5 import of module 'fast_native_accelerator_xyz'


def describe(v):
    try:
        result = "zero" if v == 0 else str(v)
    except* ValueError:
        result = "never"
    return result


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


print(describe.__name__, raw.__name__, make_service.__name__)


# check-lists: 43:12 'sys.getrefcount'
def references(obj):
    # CPython's reference counts: the VM has none (as PyPy), and never calls this.
    import sys
    return sys.getrefcount(obj) - 1, sys.getrefcount(obj)


print(references.__name__)
