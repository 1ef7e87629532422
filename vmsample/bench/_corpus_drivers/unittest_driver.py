# Runs test modules with the unittest of whatever Python runs it (CPython, or
# the vmsample VM with CPython's own library) and prints one record line per
# test, which vmsample/bench/unittest_runs.py reads.  Written for vmsample's
# harnesses: `python -m vmsample.bench cpython-tests` (CPython's regression
# tests) and `python -m vmsample.bench packages` (the packages' own tests).
#
#     python unittest_driver.py [--regrtest] [--path DIR]... [--exclude FILE] MODULE...
#
# --regrtest: configure test.support as regrtest does by default (not
# verbose, no optional resources such as 'cpu' or 'network').
# --path DIR: put DIR first on sys.path.  --exclude FILE: do not run the
# tests whose ids are listed in FILE, one a line (the harness resumes a
# module after a crash this way, past the test that crashed).
#
# A young VM has to run this file, so it uses as little of the language and
# the library as it can: no f-strings, no comprehensions over generators, no
# traceback module, no threads; everything it needs from unittest is inside
# a try, so a VM that cannot load unittest still gets its records printed.
#
# Records (vmsample_records.py, which must sit next to this file):
#     load MODULE ok | load MODULE failed <error>
#     start TEST_ID
#     <outcome> TEST_ID <message>      outcome: pass fail error skip xfail xpass
#     abort MODULE <error>             the run of a module ended by an exception
#     end

import sys

from vmsample_records import describe, emit


def make_result_class(unittest):
    class Result(unittest.TestResult):
        # One record per test when it stops: its first failure (a failing
        # subtest, then the test body) or else how it ended.  Errors of class
        # and module fixtures (setUpClass...) come outside any test and are
        # printed at once, under the fixture's description.

        def startTest(self, test):
            unittest.TestResult.startTest(self, test)
            self.current = test.id()
            self.outcome = None
            emit("start", self.current)

        def stopTest(self, test):
            unittest.TestResult.stopTest(self, test)
            if self.outcome is None:
                self.outcome = ("error", "the test ended without an outcome")
            emit(self.outcome[0], self.current, self.outcome[1])
            self.current = None

        def record(self, test, outcome, message):
            if getattr(self, "current", None) != test.id():
                emit(outcome, test.id(), message)
            elif self.outcome is None or self.outcome[0] == "pass":
                self.outcome = (outcome, message)

        def addSuccess(self, test):
            unittest.TestResult.addSuccess(self, test)
            self.record(test, "pass", "")

        def addError(self, test, err):
            unittest.TestResult.addError(self, test, err)
            self.record(test, "error", describe(err[1]))

        def addFailure(self, test, err):
            unittest.TestResult.addFailure(self, test, err)
            self.record(test, "fail", describe(err[1]))

        def addSubTest(self, test, subtest, err):
            unittest.TestResult.addSubTest(self, test, subtest, err)
            if err is not None:
                failed = issubclass(err[0], test.failureException)
                self.record(test, "fail" if failed else "error", describe(err[1]))

        def addSkip(self, test, reason):
            unittest.TestResult.addSkip(self, test, reason)
            self.record(test, "skip", reason)

        def addExpectedFailure(self, test, err):
            unittest.TestResult.addExpectedFailure(self, test, err)
            self.record(test, "xfail", describe(err[1]))

        def addUnexpectedSuccess(self, test):
            unittest.TestResult.addUnexpectedSuccess(self, test)
            self.record(test, "xpass", "")

    return Result


def flatten(suite, unittest, excluded, into):
    # A flat suite runs class and module fixtures as the nested one does
    # (TestSuite tracks the class of the previous test), and lets single
    # tests be left out.
    for test in suite:
        if isinstance(test, unittest.TestSuite):
            flatten(test, unittest, excluded, into)
        elif test.id() not in excluded:
            into.append(test)
    return into


def run_module(name, unittest, result_class, excluded):
    try:
        module = __import__(name)
        for part in name.split(".")[1:]:
            module = getattr(module, part)
        suite = unittest.defaultTestLoader.loadTestsFromModule(module)
        tests = flatten(suite, unittest, excluded, [])
    except BaseException as e:
        emit("load", name, "failed", describe(e))
        return
    emit("load", name, "ok")
    try:
        unittest.TestSuite(tests).run(result_class())
    except BaseException as e:
        emit("abort", name, describe(e))


def main(argv):
    modules = []
    excluded = {}
    regrtest = False
    i = 0
    while i < len(argv):
        if argv[i] == "--regrtest":
            regrtest = True
        elif argv[i] == "--path":
            i = i + 1
            sys.path.insert(0, argv[i])
        elif argv[i] == "--exclude":
            i = i + 1
            with open(argv[i]) as f:
                for line in f.read().splitlines():
                    excluded[line] = True
        else:
            modules.append(argv[i])
        i = i + 1
    try:
        import unittest
        result_class = make_result_class(unittest)
        if regrtest:
            from test import support
            support.verbose = 0
            support.use_resources = []
    except BaseException as e:
        for name in modules:
            emit("load", name, "failed", describe(e))
        emit("end")
        return
    for name in modules:
        run_module(name, unittest, result_class, excluded)
    emit("end")


main(sys.argv[1:])
