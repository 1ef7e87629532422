# Checks: the VM's unittest.TestCase assertions against CPython's: passing ones, and the AssertionError messages of failing ones; assertRaises as a context manager and with a callable.
import unittest


class Arithmetic(unittest.TestCase):
    def test_all(self):
        self.assertEqual(2 + 2, 4)
        self.assertTrue([1])
        self.assertFalse("")
        self.assertIn(3, [1, 2, 3])
        self.assertIsNone(None)
        self.assertAlmostEqual(0.1 + 0.2, 0.3)
        self.assertGreater(3, 2)
        with self.assertRaises(ZeroDivisionError) as ctx:
            1 / 0
        print("raised:", ctx.exception)
        self.assertRaises(KeyError, lambda key: {}[key], "k")


case = Arithmetic("test_all")
case.test_all()
for check, args in [(case.assertEqual, (1, 2)), (case.assertTrue, (0,)), (case.assertIn, ("x", "abc")),
                    (case.assertIsNone, ([],)), (case.assertAlmostEqual, (1.0, 1.1)),
                    (case.assertLess, (5, 1))]:
    try:
        check(*args)
    except AssertionError as e:
        print("AssertionError:", e)
try:
    case.assertEqual(1, 2, "numbers differ")
except AssertionError as e:
    print("AssertionError:", e)
try:
    with case.assertRaises(ValueError):
        pass
except AssertionError as e:
    print("AssertionError:", e)
