"""The replacements of CPython's C modules (vmsample/lang/lib, table in
lib/c_modules.toml), checked on CPython -- before the VM can load them --
against CPython's own regression tests and against the C modules.

* The table has one well-formed row per C module the host's standard
  library imports (tools/c_modules.py).
* For each replacement written in Python, CPython's test modules for it
  run with the replacement in place of the C module: every test that passes
  on plain CPython passes, or is listed with its reason in
  c_replacements/known_failures.toml, and no listed test passes
  (tools/c_replacements.py; the slow test modules -- test_io, test_weakref,
  test_signal, test_faulthandler -- and the pure-fallback rows run there,
  results in bench/RESULTS.md).
* Differential checks where CPython's tests are thin: str.format's parser
  and CSV on random input, the Mersenne Twister on many seeds.
"""

import importlib.util
import os
import random
import shutil
import subprocess
import sys

import pytest
from once import machine_lock

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOLS = os.path.join(ROOT, "tools")
LIB = os.path.join(ROOT, "vmsample", "lang", "lib")


def tool(name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(TOOLS, f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def replacement(name, path):
    spec = importlib.util.spec_from_file_location(f"replacement_{name}", os.path.join(LIB, path))
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, os.path.join(ROOT, "tests", "lang", "c_replacements"))   # _vmhost
    sys.path.append(LIB)                # _capi; last, so that the host's modules come first
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(LIB)
        sys.path.pop(0)
    return module


def cpython_test_suite():
    """CPython's Lib/test must be there; Debian ships it apart."""
    probe = [sys.executable, "-I", "-S", "-c", "import test.support"]
    if subprocess.run(probe, capture_output=True).returncode == 0:
        return
    with machine_lock("apt-get"):
        if subprocess.run(probe, capture_output=True).returncode == 0:
            return
        package = f"libpython{sys.version_info.major}.{sys.version_info.minor}-testsuite"
        assert os.geteuid() == 0 and shutil.which("apt-get"), \
            f"these tests run CPython's Lib/test, missing here: apt-get install {package}"
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        subprocess.run(["apt-get", "update", "-qq"], check=True, capture_output=True, env=env, timeout=900)
        subprocess.run(["apt-get", "install", "-y", "-qq", package], check=True, capture_output=True,
                       env=env, timeout=1800)


def test_table_has_one_row_per_c_module_the_stdlib_imports():
    c_modules = tool("c_modules")
    rows = c_modules.load()
    host = c_modules.host_c_modules()
    assert c_modules.problems(rows, host, c_modules.stdlib_importers(host)) == []
    # Every Python replacement is a file of lib/ named for its C module, and
    # every module in lib/ is a replacement the table lists (but _capi, the
    # replacements' own helpers, which CPython has as its C API).
    files = {row["file"] for row in rows if row["kind"] == "python"}
    assert all(os.path.basename(row["file"]) == row["name"] + ".py"
               for row in rows if row["kind"] == "python")
    in_lib = {f for f in os.listdir(LIB) if f.endswith(".py")} - {"__init__.py", "_capi.py"}
    assert in_lib == files


# The test modules that run in the suite (fast ones; all run in the tool).
FAST = [("itertools", "test_itertools"), ("_collections", "test_deque"),
        ("_collections", "test_defaultdict"), ("_collections", "test_collections"),
        ("_collections", "test_ordered_dict"), ("_random", "test_random"),
        ("_struct", "test_struct"), ("array", "test_array"), ("_io", "test_memoryio"),
        ("_io", "test_fileio"), ("_io", "test_univnewlines"), ("_thread", "test_thread"),
        ("_thread", "test_threading_local"), ("_weakref", "test_weakset"),
        ("_contextvars", "test_context"), ("_string", "test_string"),
        ("_codecs", "test_codecs"), ("_codecs", "test_codeccallbacks"),
        ("_codecs", "test_charmapcodec"), ("atexit", "test_atexit"), ("_csv", "test_csv"), ("_ast", "test_ast"),
        ("_heapq", "test_heapq"), ("_bisect", "test_bisect"), ("_abc", "test_abc"),
        ("_json", "test_json"), ("_functools", "test_functools"), ("_operator", "test_operator")]


@pytest.mark.parametrize("name,test_module", FAST, ids=[f"{n}-{t}" for n, t in FAST])
def test_cpython_tests_pass_with_the_replacement(name, test_module):
    cpython_test_suite()
    harness = tool("c_replacements")
    row, = harness.rows([name], None)
    line = harness.compare(row, test_module, harness.known_failures())
    assert line["cpython"] > 0
    assert line["new"] == [], "tests that pass on CPython fail with the replacement"
    assert line["stale"] == [], "tests listed as failing pass: drop them from known_failures.toml"


def outcomes(function, *args):
    """What calling [function] does: its result as a list, or its error."""
    try:
        return list(function(*args))
    except Exception as e:              # the error is part of the behaviour
        return [type(e).__name__, str(e)]


def test_string_parses_format_strings_as_cpython():
    import _string as c_string
    ours = replacement("_string", "_string.py")
    rnd = random.Random(20240611)
    alphabet = "{}[]!:.ab01\u0663 "
    for _ in range(20000):
        s = "".join(rnd.choice(alphabet) for _ in range(rnd.randrange(9)))
        assert outcomes(ours.formatter_parser, s) == outcomes(c_string.formatter_parser, s), s
        mine, theirs = (outcomes(m.formatter_field_name_split, s) for m in (ours, c_string))
        if isinstance(theirs[0], str) and theirs[0] in ("ValueError", "TypeError"):
            assert mine == theirs, s
        else:
            assert [mine[0], outcomes(lambda: mine[1])] == [theirs[0], outcomes(lambda: theirs[1])], s


def test_json_scans_and_encodes_as_cpython():
    # The C scanner's messages and positions on random fragments of JSON,
    # whole values and broken ones; the encoders on every kind of value.
    import json
    import _json as c_json
    ours = replacement("_json", "_json.py")

    def outcome(function, *args):
        try:
            return "ok", repr(function(*args))
        except json.JSONDecodeError as e:
            return "JSONDecodeError", e.msg, e.pos
        except StopIteration as e:
            return "StopIteration", e.value
        except Exception as e:          # the error is part of the behaviour
            return type(e).__name__, str(e)

    decoder = json.JSONDecoder()
    c_scan, our_scan = c_json.make_scanner(decoder), ours.make_scanner(decoder)
    rnd = random.Random(20261127)
    alphabet = list('"\\ud8DC01ax\n{}[]:, -.e+ntNIfE\u0661\x1f')
    texts = ["".join(rnd.choice(alphabet) for _ in range(rnd.randrange(1, 12))) for _ in range(20000)]
    texts += ['"\\ud83d\\ude00"', '{"a": [1, 2.5e3, -0, true, null]}', "-Infinity", "NaN", '"\\u12"']
    for text in texts:
        for start in (0, 1):
            assert outcome(our_scan, text, start) == outcome(c_scan, text, start), (text, start)
            for strict in (True, False):
                assert outcome(ours.scanstring, text, start + 1, strict) == \
                    outcome(c_json.scanstring, text, start + 1, strict), (text, start, strict)
    for text in ["", "plain", "\u00e9\x7f", "\U0001F600\ud800", '"\\\n\t\b\f\r\x00\x1f']:
        for name in ("encode_basestring", "encode_basestring_ascii"):
            assert outcome(getattr(ours, name), text) == outcome(getattr(c_json, name), text), (name, text)
    values = [None, True, 7, 2.5, float("nan"), -float("inf"), "s\u00e9", [], {}, [1, (2, {"k": []})],
              {"b": 1, "a": 2, 3: 4, 1.5: 5, True: 6, None: 7}, {(1,): 2}, {1: 2, "a": 3}, object()]
    for value in values:
        for sort_keys, skipkeys, allow_nan in ((False, False, True), (True, True, False)):
            made = [module.make_encoder({}, lambda o: "default", module.encode_basestring_ascii, None,
                                        ":", ",", sort_keys, skipkeys, allow_nan) for module in (ours, c_json)]
            assert outcome(made[0], value, 0) == outcome(made[1], value, 0), (value, sort_keys)


def test_random_draws_cpythons_mersenne_twister_sequence():
    import _random as c_random
    ours = replacement("_random", "_random.py")
    rnd = random.Random(7)
    seeds = [0, 1, -1, 2 ** 32, 2 ** 100 + 7, "text", 3.5, (1, 2)]
    seeds += [rnd.getrandbits(rnd.randrange(1, 2000)) for _ in range(20)]
    for seed in seeds:
        a, b = c_random.Random(seed), ours.Random(seed)
        assert a.getstate() == b.getstate(), seed
        assert [a.random() for _ in range(700)] == [b.random() for _ in range(700)], seed
        bits = [rnd.randrange(0, 300) for _ in range(50)]
        assert [a.getrandbits(k) for k in bits] == [b.getrandbits(k) for k in bits], seed
    state = c_random.Random(5).getstate()
    b = ours.Random()
    b.setstate(state)
    assert b.random() == c_random.Random(5).random()


def test_csv_reads_and_writes_as_cpython():
    import _csv as c_csv
    import io
    ours = replacement("_csv", "_csv.py")
    rnd = random.Random(20240612)
    characters = "ab,;\"'\\\r\n \t"
    fields = ["", "a", "a,b", 'q"q', "x\ny", 1, 2.5, None, " s", "\\"]
    for _ in range(10000):
        options = {}
        for name, choices in (("delimiter", ",;\t "), ("quotechar", ['"', "'", None]),
                              ("escapechar", ["\\", None, '"']), ("doublequote", [True, False]),
                              ("quoting", range(4)), ("skipinitialspace", [True]), ("strict", [True]),
                              ("lineterminator", ["\n", "\r\n", "x"])):
            if rnd.random() < 0.25:
                options[name] = rnd.choice(list(choices))
        lines = ["".join(rnd.choice(characters) for _ in range(rnd.randrange(8)))
                 for _ in range(rnd.randrange(4))]
        assert (outcomes(lambda m: list(m.reader(lines, **options)), ours)
                == outcomes(lambda m: list(m.reader(lines, **options)), c_csv)), (options, lines)
        row = [rnd.choice(fields) for _ in range(rnd.randrange(4))]

        def written(module):
            out = io.StringIO()
            module.writer(out, **options).writerow(row)
            return [out.getvalue()]
        assert outcomes(written, ours) == outcomes(written, c_csv), (options, row)
