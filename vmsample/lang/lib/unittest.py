"""unittest for the vmsample VM: TestCase and its assertions (CPython's API).

Enough for modules that define their tests beside their code (and run them
only under ``if __name__ == "__main__":``) and for programs that call the
assertions; there is no test discovery or runner (``unittest.main``) yet.
"""


class SkipTest(Exception):
    pass


class _AssertRaisesContext:
    def __init__(self, expected, test_case, regex=None):
        self.expected = expected
        self.test_case = test_case
        self.exception = None

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            name = getattr(self.expected, "__name__", str(self.expected))
            raise self.test_case.failureException(f"{name} not raised")
        if not issubclass(exc_type, self.expected):
            return False
        self.exception = exc
        return True


class TestCase:
    failureException = AssertionError
    maxDiff = 80 * 8

    def __init__(self, methodName="runTest"):
        self._testMethodName = methodName

    def setUp(self):
        pass

    def tearDown(self):
        pass

    def fail(self, msg=None):
        raise self.failureException(msg)

    def _check(self, ok, default, msg):
        if not ok:
            raise self.failureException(default if msg is None else f"{default} : {msg}")

    def assertEqual(self, first, second, msg=None):
        self._check(first == second, f"{first!r} != {second!r}", msg)

    def assertNotEqual(self, first, second, msg=None):
        self._check(first != second, f"{first!r} == {second!r}", msg)

    def assertTrue(self, expr, msg=None):
        self._check(expr, f"{expr!r} is not true", msg)

    def assertFalse(self, expr, msg=None):
        self._check(not expr, f"{expr!r} is not false", msg)

    def assertIs(self, first, second, msg=None):
        self._check(first is second, f"{first!r} is not {second!r}", msg)

    def assertIsNot(self, first, second, msg=None):
        self._check(first is not second, f"unexpectedly identical: {first!r}", msg)

    def assertIsNone(self, obj, msg=None):
        self._check(obj is None, f"{obj!r} is not None", msg)

    def assertIsNotNone(self, obj, msg=None):
        self._check(obj is not None, "unexpectedly None", msg)

    def assertIn(self, member, container, msg=None):
        self._check(member in container, f"{member!r} not found in {container!r}", msg)

    def assertNotIn(self, member, container, msg=None):
        self._check(member not in container, f"{member!r} unexpectedly found in {container!r}", msg)

    def assertIsInstance(self, obj, cls, msg=None):
        self._check(isinstance(obj, cls), f"{obj!r} is not an instance of {cls!r}", msg)

    def assertGreater(self, a, b, msg=None):
        self._check(a > b, f"{a!r} not greater than {b!r}", msg)

    def assertGreaterEqual(self, a, b, msg=None):
        self._check(a >= b, f"{a!r} not greater than or equal to {b!r}", msg)

    def assertLess(self, a, b, msg=None):
        self._check(a < b, f"{a!r} not less than {b!r}", msg)

    def assertLessEqual(self, a, b, msg=None):
        self._check(a <= b, f"{a!r} not less than or equal to {b!r}", msg)

    def assertAlmostEqual(self, first, second, places=7, msg=None, delta=None):
        if first == second:
            return
        diff = abs(first - second)
        if delta is not None:
            self._check(diff <= delta, f"{first!r} != {second!r} within {delta!r} delta ({diff!r} difference)", msg)
        else:
            self._check(round(diff, places) == 0,
                        f"{first!r} != {second!r} within {places!r} places ({diff!r} difference)", msg)

    def assertCountEqual(self, first, second, msg=None):
        self._check(sorted(first, key=repr) == sorted(second, key=repr),
                    "Element counts were not equal", msg)

    def assertListEqual(self, first, second, msg=None):
        self.assertEqual(first, second, msg)

    assertDictEqual = assertTupleEqual = assertSetEqual = assertSequenceEqual = assertListEqual

    def assertRaises(self, expected, *args, **kwargs):
        context = _AssertRaisesContext(expected, self)
        if not args:
            return context
        with context:
            args[0](*args[1:], **kwargs)
