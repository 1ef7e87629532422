# Checks: print() without file= writes to sys.stdout as the program last set
# it (contextlib.redirect_stdout, doctest's runner, a class with write());
# None makes print a no-op, a deleted sys.stdout is "lost"; sys.stdout and
# sys.stderr have encoding and errors.  The VM once printed to the process's
# stdout whatever sys.stdout was, and had no sys.stdout.encoding (doctest's
# runner read it: every doctest of more-itertools failed).
import contextlib
import doctest
import io
import sys

print(sys.stdout.encoding, sys.stderr.encoding, sys.stdout.errors, sys.stderr.errors)
buf = io.StringIO()
with contextlib.redirect_stdout(buf):
    print("captured", 1, 2, sep="-")
    print("no newline", end="")
print(repr(buf.getvalue()))


class Shout:
    def __init__(self):
        self.parts = []

    def write(self, s):
        self.parts.append(s.upper())
        return len(s)

    def flush(self):
        self.parts.append("<flush>")


saved = sys.stdout
sys.stdout = shout = Shout()
print("quiet", "please", flush=True)
print()
sys.stdout = None
print("dropped")
del sys.stdout
try:
    print("lost")
except RuntimeError as e:
    err = e
sys.stdout = saved
print(shout.parts, type(err).__name__, err)


def double(x):
    """
    >>> double(2)
    4
    >>> for i in range(3):
    ...     print(double(i))
    0
    2
    4
    >>> print("wrong")
    right
    """
    return 2 * x


runner = doctest.DocTestRunner(verbose=False)
out = io.StringIO()
for test in doctest.DocTestFinder().find(double, "double", globs={"double": double}):
    runner.run(test, out=out.write)
print(runner.summarize(verbose=False))
print(out.getvalue().replace(__file__, "FILE"))
