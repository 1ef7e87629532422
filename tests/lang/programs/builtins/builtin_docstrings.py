# Checks: the builtins carry CPython's docstrings (doctest reads them: test_builtin
# runs the examples in them), and the builtins module is named 'builtins'.
import builtins
import doctest
import unittest

for value in (bin, zip, int, list, dict.fromkeys, float.fromhex, int.bit_count, str.join,
              list.__len__, [].append, "".upper, KeyError, BaseException):
    name = getattr(value, "__qualname__", repr(value))
    print(name, "->", (value.__doc__ or "")[:60].replace("\n", " | "))
print(type(int.__dict__["__doc__"]).__name__, object.__doc__)
print(builtins.__name__, builtins.__dict__["__name__"])
exec("print('a namespace of its own:', __name__)", {})

for value in (bin, oct, hex, zip, int, int.bit_length, float.hex, float.as_integer_ratio, bytes.hex):
    doctest.run_docstring_examples(value, {}, name=value.__qualname__)

finder = doctest.DocTestFinder()
found = {test.name for test in finder.find(builtins) if test.examples}
print(sorted(found & {"builtins.bin", "builtins.int", "builtins.zip", "builtins.float.fromhex"}))
result = unittest.TextTestRunner(stream=open("/dev/null", "w")).run(
    unittest.TestSuite(doctest.DocTestCase(test) for test in finder.find(builtins)
                       if test.examples and test.name != "builtins.memoryview.hex"))
print(result.testsRun > 10, result.wasSuccessful())
