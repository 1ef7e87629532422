"""One test process of tools/c_replacements.py:

    python -I -S tools/_c_replacement_child.py NAME PATH TEST_MODULE OUT

runs test.TEST_MODULE of the host's Lib/test with the C module NAME replaced
by the Python file PATH ("blocked": made unimportable; "-": left alone),
writing one JSON line per test to OUT (when a test starts and how it
ends); the tests OUT already names are skipped (tools/c_replacements.py
starts a process again after killing one stuck in a test).

The substitution comes first, before this process imports anything the
tests use: a finder first on sys.meta_path answers for NAME (so that
`import_fresh_module(..., fresh=[NAME])`, which CPython's tests use to get
"the C version", gets ours too), and every module that the interpreter
imported at start-up and that imports NAME, directly or through another
such module (io for _io, codecs and encodings for _codecs...), is forgotten
so that it is imported again on top of ours.
"""

import sys
import _frozen_importlib_external as _external

HERE = sys.argv[0].rpartition("/")[0]
STANDIN = HERE + "/../tests/lang/c_replacements"     # the _vmhost stand-in
LIB = HERE + "/../vmsample/lang/lib"                 # _capi, which the replacements share
ROOT = HERE + "/.."             # vmsample's host-side helpers that replacements delegate to (lang/ast_nodes.py)


class Substitute:
    """A meta path finder that answers for one module name: our file, or
    ModuleNotFoundError."""

    def __init__(self, name, path, host_module):
        self.name, self.path, self.host_module = name, path, host_module

    def find_spec(self, fullname, path=None, target=None):
        if fullname != self.name:
            return None
        if self.path is None:
            raise ModuleNotFoundError(f"No module named {fullname!r} (blocked)", name=fullname)
        loader = Loader(fullname, self.path)
        loader.host_module = self.host_module
        return _external.spec_from_file_location(fullname, self.path, loader=loader)


class Loader(_external.SourceFileLoader):
    """Runs our replacement with the host's C module still in sys.modules
    under its name: the host runtime imports some C modules by name for
    itself (PyFile_OpenCode imports _io to read every source file, the
    sources our replacement imports included)."""

    def exec_module(self, module):
        if self.host_module is None:
            return super().exec_module(module)
        sys.modules[self.name] = self.host_module
        try:
            super().exec_module(module)
        finally:
            sys.modules[self.name] = module


# The import system itself, which must never be imported a second time.
KEEP = ("importlib._bootstrap", "importlib._bootstrap_external", "_frozen_importlib",
        "_frozen_importlib_external", "zipimport")


def imported_names(source):
    names = set()
    for line in source.splitlines():
        words = line.replace(",", " ").split()
        if len(words) >= 2 and words[0] == "from":
            names.add(words[1])
        elif words and words[0] == "import":
            names.update(w for w in words[1:] if w != "as")
    return names


def forget_importers(name):
    imports = {}
    for modname, module in list(sys.modules.items()):
        source = getattr(module, "__file__", None)
        if modname not in KEEP and modname != "__main__" and source and source.endswith(".py"):
            with open(source, encoding="utf-8") as f:
                imports[modname] = imported_names(f.read())
    dropped = {name}
    while True:
        more = {m for m, names in imports.items() if m not in dropped and (
            any(n == d or n.startswith(d + ".") for n in names for d in dropped)
            or any(m.startswith(d + ".") for d in dropped))}
        if not more:
            break
        dropped |= more
    for modname in dropped:
        sys.modules.pop(modname, None)


def host_codecs_use_ours(host, old_search):
    """str.encode and bytes.decode of the host, which the tests call, stand
    in for the VM's: make them look codecs up in our registry, as the VM's
    must, by putting a search function that asks ours in the host's
    registry ([host], the C _codecs) in place of encodings' [old_search]."""
    import _codecs as ours

    def search(name):
        try:
            return ours.lookup(name)
        except LookupError:
            return None
    host.unregister(old_search)
    host.register(search)
    # The host caches what it found; when ours forgets (unregister), the
    # host must too (its unregister clears its cache).
    forget = ours.unregister

    def unregister(search_function):
        forget(search_function)
        host.unregister(search)
        host.register(search)
    ours.unregister = unregister


def host_compile_makes_ours():
    """The host's compile(), which the tests call, stands in for the VM's:
    with PyCF_ONLY_AST it gives our nodes, and it compiles a tree of ours
    through its host copy."""
    import builtins
    import _ast as ours
    host_compile = builtins.compile

    def compile(source, filename, mode, flags=0, dont_inherit=False, optimize=-1, **kwargs):
        if isinstance(source, ours.AST):
            source = ours.to_host(source)
        result = host_compile(source, filename, mode, flags, dont_inherit, optimize, **kwargs)
        return ours.from_host(result) if flags & ours.PyCF_ONLY_AST else result
    builtins.compile = compile


def main(name, path, test_module, out):
    old_search = sys.modules["encodings"].search_function
    host_module = None
    if path not in ("-", "blocked"):
        host_module = __import__(name)      # the host's, for _vmhost.delegate
    if path != "-":
        substitute = Substitute(name, None if path == "blocked" else path, host_module)
        sys.meta_path.insert(0, substitute)
        forget_importers(name)
    sys.path.insert(0, STANDIN)
    sys.path.append(LIB)                # last: the host's modules come first
    sys.path.append(ROOT)
    import _vmhost
    if host_module is not None:
        _vmhost.host_modules[name] = host_module
    if name == "_codecs" and path not in ("-", "blocked"):
        host_codecs_use_ours(substitute.host_module, old_search)
    if name == "_ast" and path not in ("-", "blocked"):
        host_compile_makes_ours()

    import importlib
    import json
    import unittest
    from test import support
    support.use_resources = []          # as regrtest without -u: no cpu, network...
    log = open(out, "a", buffering=1)

    def record(test_id, outcome, detail=""):
        log.write(json.dumps({"id": test_id, "outcome": outcome, "detail": detail[-300:]}) + "\n")

    def last_line(text):
        lines = [line for line in text.strip().splitlines() if line.strip()]
        return lines[-1].strip() if lines else ""

    class Result(unittest.TestResult):
        def startTest(self, test):
            super().startTest(test)
            self._failed = False
            record(test.id(), "started")

        def addSuccess(self, test):
            if not self._failed:
                record(test.id(), "pass")

        def addFailure(self, test, err):
            self._failed = True
            record(test.id(), "fail", last_line(self._exc_info_to_string(err, test)))

        addError = addFailure

        def addSkip(self, test, reason):
            record(test.id(), "skip", reason)

        def addExpectedFailure(self, test, err):
            record(test.id(), "pass")

        def addUnexpectedSuccess(self, test):
            record(test.id(), "fail", "unexpected success")

        def addSubTest(self, test, subtest, err):
            if err is not None and not self._failed:
                self._failed = True
                record(test.id(), "fail", f"{subtest._subDescription()}: "
                       + last_line(self._exc_info_to_string(err, test)))

    try:
        module = importlib.import_module(f"test.{test_module}")
        suite = unittest.defaultTestLoader.loadTestsFromModule(module)
    except BaseException as e:
        record(f"test.{test_module}", "fail", f"import: {type(e).__name__}: {e}")
        return
    done = set()                        # by an earlier process, killed in a test
    with open(out) as f:
        for line in f:
            done.add(json.loads(line)["id"])
    without(suite, done).run(Result())


def without(suite, done):
    """[suite] less the tests whose ids are in [done]."""
    import unittest
    kept = unittest.TestSuite()
    for test in suite:
        if isinstance(test, unittest.TestSuite):
            kept.addTest(without(test, done))
        elif test.id() not in done:
            kept.addTest(test)
    return kept


if __name__ == "__main__":
    main(*sys.argv[1:])
