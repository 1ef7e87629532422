# Checks: memoryview.hex has CPython's docstring, whose examples (run by test_builtin's doctest of builtins) give its results: separators counted from the right or the left.
import doctest

print(memoryview.hex.__doc__)
finder, runner = doctest.DocTestFinder(), doctest.DocTestRunner()
for test in finder.find(memoryview.hex, "builtins.memoryview.hex", globs={}):
    print(test.name, runner.run(test))
view = memoryview(b"\x00\x01\x02\x03\x04")
print(view.hex(), view.hex("-"), view.hex(b":", 2), view.hex(" ", -2), view[1:4].hex("|", 1))
