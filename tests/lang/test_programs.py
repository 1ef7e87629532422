"""Differential tests: the vmsample VM against CPython, program by program.

Every program of the language corpus is run by CPython (``sys.executable
PROG.py``) and by the VM (``sys.executable -m vmsample.lang PROG.py``); the VM
must print exactly what CPython prints and exit with the same status.  The
corpus is the specification of the language subset (docs/design.md §4):
CPython is the oracle, so no expected output is written down anywhere.

Corpus layout (``tests/lang/``)

``programs/<feature>/NAME.py``
    Programs that run to completion: under CPython exit 0, empty stderr, and
    the same stdout whatever the string-hash seed.  The VM must reproduce
    stdout, stderr and the exit status exactly.
``errors/runtime/NAME.py``
    Programs that end with an uncaught exception (or ``sys.exit``).  The VM
    must reproduce stdout, the exit status, and the traceback -- its
    ``File "...", line N, in NAME`` frames, chaining messages and final
    exception line; the quoted source lines and ``^^^`` markers below each
    frame (lines indented by four spaces) are not compared.
``errors/unsupported/NAME.py``
    Valid Python (CPython runs it) that uses a construct outside the subset.
    A ``# refused: LINE:COL CONSTRUCT`` line states where.  The VM runs the
    program until it reaches the construct, which raises
    ``NotImplementedError`` (or the ``# raises: NAME`` header's exception)
    with the message ``FILE:LINE:COL: CONSTRUCT is not supported by
    vmsample``: its stdout is the start of CPython's, its traceback ends at
    that line, and it exits 1.  ``vmsample run --check`` lists exactly that
    line and exits 1.
``errors/syntax/NAME.py``
    Programs CPython itself rejects with a SyntaxError (some found by the
    parser, some only by CPython's compiler).  The VM must print
    ``FILE:LINE:COL: SyntaxError: MESSAGE`` with CPython's position and
    message, nothing on stdout, and exit 2.
``examples/*.py`` (repository root)
    The bundled examples, run with the small sizes in [EXAMPLE_ARGS].

Headers a program may carry (comment lines anywhere in the file):

``# args: A B ...``
    command-line arguments for both runs (whitespace-separated).
``# check-lists: LINE:COL CONSTRUCT`` (one line each)
    in ``programs/``: unsupported code the program holds but never runs (or
    whose error it catches), names the VM lacks included; ``--check`` must
    list exactly these.
``# gc-debug: NAME=VALUE ...``
    overrides of [GC_DEBUG_KNOBS] for this program's debug run, for programs
    that allocate too much to collect before every allocation.

Two VM runs per program: ``default`` (no knobs) and ``gc-debug``, under the
core's debug knobs (a tiny nursery, a collection before every allocation,
heap verification after every collection -- see ``vmsample/_nursery.pyx``),
which turns any GC bug the program can reach into a wrong output or a crash.
The examples' debug run collects less often ([EXAMPLE_DEBUG_KNOBS]).

The VM tests are collected only once ``vmsample/lang/__main__.py`` exists,
so the corpus can land before the VM.  A program the VM cannot run yet goes
into [KNOWN_FAILURES] with the missing feature as the reason; the entries are
strict xfails, so a fixed program must be taken out again.
"""

from __future__ import annotations

import ast
import functools
import re
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest

import vmsample
from differential import GC_DEBUG_KNOBS, clean_env, run_timeout

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
LIB = ROOT / "vmsample" / "lang" / "lib"     # the VM's replacements for C modules
# A directory whose name starts with "_" holds the modules a program imports, not programs.
PROGRAMS = sorted(p for p in (HERE / "programs").rglob("*.py")
                  if not any(part.startswith("_") for part in p.relative_to(HERE).parts))
RUNTIME_ERRORS = sorted((HERE / "errors" / "runtime").glob("*.py"))
UNSUPPORTED = sorted((HERE / "errors" / "unsupported").glob("*.py"))
SYNTAX_ERRORS = sorted((HERE / "errors" / "syntax").glob("*.py"))
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))

# Small sizes: each example runs in well under a second on CPython.
EXAMPLE_ARGS = {
    "alloc_churn.py": ["20000"],
    "binary_trees.py": ["8"],
    "gcbench.py": ["8"],
    "graph_search.py": ["20"],
    "json_roundtrip.py": ["3"],
    "nbody.py": ["2000"],
    "old_space.py": ["2", "6"],
    "raytrace.py": ["40"],
    "wordfreq.py": ["2000"],
}

# The examples allocate far more than the corpus programs: collect every 101st
# allocation instead of every one.
EXAMPLE_DEBUG_KNOBS = dict(GC_DEBUG_KNOBS, VMSAMPLE_GC_STRESS="101")

# Path relative to tests/lang/ (or "examples/NAME.py") -> the missing VM feature.
KNOWN_FAILURES: dict[str, str] = {
    # The C modules these use run as CPython's pure-Python fallbacks, whose
    # messages and reprs differ from the C versions' (issue #27: a C-module
    # replacement with CPython's messages, or a delegated engine).
    "programs/bytes/bytesio.py": "_pyio's messages are not _io's (BytesIO)",
    "programs/stdlib/files_binary.py": "_pyio's messages are not _io's (buffered files)",
    "programs/stdlib/io_base.py": "_pyio's messages are not _io's (IOBase)",
    "programs/stdlib/io_stringio.py": "_pyio's messages are not _io's (StringIO)",
    "programs/stdlib/decimal_module.py": "_pydecimal is not _decimal (signals' args, context repr order)",
    # VM bugs (issue #26).
    "programs/stdlib/re_module.py": "a re.Match's re is a new handle of the host's Pattern, not the "
                                    "program's Pattern object",
    "programs/classes/special_method_builtin_function.py": "a builtin function found as a special method "
                                                           "on a class is called with the instance",
    "programs/stdlib/plistlib_roundtrip.py": "pyexpat is delegated: its ParseFile cannot read a VM file object",
}

VM_PRESENT = (Path(vmsample.__file__).parent / "lang" / "__main__.py").exists()


def corpus_id(path: Path) -> str:
    if path.is_relative_to(HERE):
        return path.relative_to(HERE).as_posix()
    return path.relative_to(ROOT).as_posix()


def source_text(path: Path) -> str:
    """The program's text, decoded as CPython decodes a file (BOM, PEP 263)."""
    with tokenize.open(path) as f:
        return f.read()


def header(path: Path, name: str) -> str | None:
    # Headers are ASCII: read any file (corpus files may be undecodable on purpose).
    m = re.search(rf"^# {name}:(.*)$", path.read_bytes().decode("utf-8-sig", "replace"), re.M)
    return m[1].strip() if m else None


def program_args(path: Path) -> list[str]:
    if path in EXAMPLES:
        return EXAMPLE_ARGS[path.name]
    return (header(path, "args") or "").split()


def imports_the_stdlib(path: Path) -> bool:
    """Whether the program imports a module of the host's standard library
    (one the VM compiles from CPython's sources, not vmsample/lang/lib's)."""
    try:
        tree = ast.parse(path.read_bytes())
    except (SyntaxError, ValueError):
        return False
    names = {alias.name.partition(".")[0] for node in ast.walk(tree)
             if isinstance(node, ast.Import) for alias in node.names}
    names |= {node.module.partition(".")[0] for node in ast.walk(tree)
              if isinstance(node, ast.ImportFrom) and node.module and not node.level}
    return any(name in sys.stdlib_module_names and not (LIB / f"{name}.py").exists()
               and not (path.parent / f"{name}.py").exists() for name in names - {"__future__"})


def debug_knobs(path: Path) -> dict[str, str]:
    # Verifying the whole heap at every allocation is quadratic once the heap
    # holds the standard library's modules (typing alone: 70 s): such
    # programs, like the examples, collect at every 101st allocation.
    heavy = path in EXAMPLES or imports_the_stdlib(path)
    knobs = dict(EXAMPLE_DEBUG_KNOBS if heavy else GC_DEBUG_KNOBS)
    for item in (header(path, "gc-debug") or "").split():
        name, _, value = item.partition("=")
        knobs[name] = value
    return knobs


def run(argv: list[str], env: dict[str, str]) -> dict:
    # (a hang fails one test, not the suite: differential.run_timeout)
    timeout = run_timeout(env)
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, env=env,
                              cwd=HERE, timeout=timeout, encoding="utf-8")
    except subprocess.TimeoutExpired:
        pytest.fail(f"timed out after {timeout}s: {' '.join(argv)}")
    return {"exit status": proc.returncode, "stdout": proc.stdout, "stderr": proc.stderr}


@functools.cache
def cpython(path: Path, hash_seed: str = "0") -> dict:
    return run([sys.executable, str(path), *program_args(path)],
               clean_env(PYTHONHASHSEED=hash_seed, PYTHONIOENCODING="utf-8"))


def vm(path: Path, knobs: dict[str, str]) -> dict:
    return run([sys.executable, "-m", "vmsample.lang", str(path), *program_args(path)],
               clean_env(PYTHONIOENCODING="utf-8", **knobs))


# Runs a program on CPython until it first reaches a line (argv: program,
# line, then the program's own arguments): its output up to that point, and
# exit status 3 if it got there.
_UNTIL_LINE = """
import os, runpy, sys
path, line = sys.argv[1], int(sys.argv[2])
sys.argv = [path, *sys.argv[3:]]
def local(frame, event, arg):
    if event == "line" and frame.f_lineno == line:
        sys.stdout.flush()
        os._exit(3)
    return local
def calls(frame, event, arg):
    return local if frame.f_code.co_filename == path else None
sys.settrace(calls)
runpy.run_path(path, run_name="__main__")
"""


def cpython_until(path: Path, line: int) -> tuple[str, bool]:
    """What CPython prints before it first executes line [line] of [path],
    and whether it does."""
    result = run([sys.executable, "-c", _UNTIL_LINE, str(path), str(line), *program_args(path)],
                 clean_env(PYTHONHASHSEED="0", PYTHONIOENCODING="utf-8"))
    assert result["stderr"] == "" and result["exit status"] in (0, 3), result
    return result["stdout"], result["exit status"] == 3


def output_before_refusal(path: Path, line: int) -> str:
    """What CPython prints before running [path] meets the construct refused
    at [line]: before that line executes, or, if it never does, before the
    innermost function or class definition around it runs (a construct that
    makes the function itself unsupported, e.g. an async generator, is
    refused when the definition runs)."""
    out, reached = cpython_until(path, line)
    if reached:
        return out
    tree = ast.parse(source_text(path))
    around = [n.lineno for n in ast.walk(tree)
              if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
              and n.lineno < line <= n.end_lineno]
    assert around, f"CPython never runs line {line}"
    out, reached = cpython_until(path, max(around))
    assert reached
    return out


def without_source_lines(result: dict) -> dict:
    """Drop the source quotes and caret lines a traceback shows below each frame."""
    lines = result["stderr"].splitlines(keepends=True)
    return dict(result, stderr="".join(l for l in lines if not l.startswith("    ")))


def params(paths, modes=("default",)):
    out = []
    for path in paths:
        for mode in modes:
            reason = KNOWN_FAILURES.get(corpus_id(path))
            marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
            out.append(pytest.param(path, mode, id=f"{corpus_id(path)}[{mode}]", marks=marks))
    return out


def knobs_for(path: Path, mode: str) -> dict[str, str]:
    return debug_knobs(path) if mode == "gc-debug" else {}


# ---------------------------------------------------------------- the corpus itself
# These need no VM: they keep the corpus honest (valid, deterministic, complete).

@pytest.mark.parametrize("path", PROGRAMS + EXAMPLES, ids=corpus_id)
def test_program_is_clean_and_deterministic_on_cpython(path):
    first = cpython(path)
    assert (first["exit status"], first["stderr"]) == (0, "")
    assert cpython(path, "12345") == first, "output depends on the string-hash seed"


@pytest.mark.parametrize("path", PROGRAMS, ids=corpus_id)
def test_program_says_what_it_checks(path):
    assert header(path, "Checks"), "every program starts with '# Checks: ...'"


@pytest.mark.parametrize("path", EXAMPLES, ids=corpus_id)
def test_example_documents_its_usage(path):
    doc = ast.get_docstring(ast.parse(source_text(path)))
    assert doc and f"python examples/{path.name} [" in doc


@pytest.mark.parametrize("path", RUNTIME_ERRORS, ids=corpus_id)
def test_runtime_error_program_fails_on_cpython(path):
    result = cpython(path)
    assert result["exit status"] != 0
    assert cpython(path, "12345") == result


@pytest.mark.parametrize("path", UNSUPPORTED, ids=corpus_id)
def test_unsupported_program_is_valid_python(path):
    where = header(path, "refused")
    assert where and re.fullmatch(r"\d+:\d+ \S.*", where), "needs '# refused: LINE:COL CONSTRUCT'"
    result = cpython(path)
    assert (result["exit status"], result["stderr"]) == (0, "")


def cpython_syntax_error(path: Path) -> SyntaxError:
    """What CPython's compiler says of the file's bytes (it decodes them
    itself).  Where it gives no position, the position is CPython's when it
    runs the file: a NUL byte's line (the column is the NUL's own), and a
    bad coding declaration, which it places on line 0, on its line."""
    data = path.read_bytes()
    with pytest.raises(SyntaxError) as info:
        compile(data, str(path), "exec")
    e = info.value
    if b"\0" in data:
        assert e.lineno is None
        stderr = cpython(path)["stderr"]
        line = int(re.search(r'^  File ".*", line (\d+)$', stderr, re.M)[1])
        nul = data.index(b"\0")
        assert data.count(b"\n", 0, nul) + 1 == line
        col = nul - data.rfind(b"\n", 0, nul)
        return SyntaxError(stderr.splitlines()[-1].removeprefix("SyntaxError: "), (str(path), line, col, None))
    if e.lineno == 0:
        line = next(i for i, text in enumerate(data.splitlines()[:2], 1) if b"coding" in text)
        return SyntaxError(e.msg, (str(path), line, 1, None))
    return e


@pytest.mark.parametrize("path", SYNTAX_ERRORS, ids=corpus_id)
def test_syntax_error_program_is_rejected_by_cpython(path):
    assert type(cpython_syntax_error(path)) is SyntaxError


def test_examples_have_small_sizes():
    assert sorted(EXAMPLE_ARGS) == sorted(p.name for p in EXAMPLES)


# What the subset covers (docs/design.md §4), as predicates over AST nodes:
# the corpus must exercise each at least once.  (Builtins and methods are listed below.)
def _op(node_type, op):
    return lambda n: isinstance(n, node_type) and isinstance(getattr(n, "op", None), op)


def _call_kw(func, kw):
    return lambda n: (isinstance(n, ast.Call) and _func_name(n) == func
                      and any(k.arg == kw for k in n.keywords))


def _func_name(call):
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


SPECIAL_METHODS = ["__init__", "__repr__", "__str__", "__eq__", "__lt__", "__add__", "__len__",
                   "__iter__", "__getitem__", "__contains__", "__hash__"]
BUILTINS = ["print", "len", "range", "int", "float", "str", "bool", "repr", "abs", "min", "max",
            "sum", "sorted", "reversed", "enumerate", "zip", "map", "filter", "any", "all",
            "isinstance", "hasattr", "getattr", "setattr", "type", "iter", "next", "divmod",
            "round", "ord", "chr", "hash", "id", "super"]
METHODS = ["split", "join", "strip", "replace", "find", "startswith", "endswith", "upper", "lower",
           "format", "append", "pop", "insert", "index", "count", "sort", "reverse", "get",
           "setdefault", "update", "keys", "values", "items", "seed", "collect"]

FEATURES = {
    **{f"operator {op.__name__}": _op(ast.BinOp, op) for op in (
        ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow, ast.LShift,
        ast.RShift, ast.BitAnd, ast.BitOr, ast.BitXor)},
    **{f"unary {op.__name__}": _op(ast.UnaryOp, op) for op in (ast.USub, ast.UAdd, ast.Not, ast.Invert)},
    **{f"boolean {op.__name__}": _op(ast.BoolOp, op) for op in (ast.And, ast.Or)},
    **{f"{name}()": (lambda name: lambda n: isinstance(n, ast.Call) and _func_name(n) == name)(name)
       for name in BUILTINS + METHODS},
    **{f"def {name}": (lambda name: lambda n: isinstance(n, ast.FunctionDef) and n.name == name)(name)
       for name in SPECIAL_METHODS},
    **{f"import {m}": (lambda m: lambda n: isinstance(n, ast.Import) and any(a.name == m for a in n.names))(m)
       for m in ("math", "time", "random", "gc")},
    "comparison chain": lambda n: isinstance(n, ast.Compare) and len(n.ops) > 1,
    "conditional expression": lambda n: isinstance(n, ast.IfExp),
    "if/elif/else": lambda n: isinstance(n, ast.If) and len(n.orelse) == 1 and isinstance(n.orelse[0], ast.If),
    "while/else": lambda n: isinstance(n, ast.While) and n.orelse,
    "for/else": lambda n: isinstance(n, ast.For) and n.orelse,
    "break": lambda n: isinstance(n, ast.Break),
    "continue": lambda n: isinstance(n, ast.Continue),
    "default argument": lambda n: isinstance(n, ast.FunctionDef) and n.args.defaults,
    "keyword argument": lambda n: isinstance(n, ast.Call) and any(k.arg for k in n.keywords),
    "*args parameter": lambda n: isinstance(n, ast.FunctionDef) and n.args.vararg,
    "nonlocal": lambda n: isinstance(n, ast.Nonlocal),
    "global": lambda n: isinstance(n, ast.Global),
    "lambda": lambda n: isinstance(n, ast.Lambda),
    "list comprehension": lambda n: isinstance(n, ast.ListComp),
    "dict comprehension": lambda n: isinstance(n, ast.DictComp),
    "set comprehension": lambda n: isinstance(n, ast.SetComp),
    "generator expression": lambda n: isinstance(n, ast.GeneratorExp),
    "yield": lambda n: isinstance(n, ast.Yield),
    "yield from": lambda n: isinstance(n, ast.YieldFrom),
    "class with a base": lambda n: isinstance(n, ast.ClassDef) and len(n.bases) == 1,
    "class attribute": lambda n: isinstance(n, ast.ClassDef) and any(isinstance(s, ast.Assign) for s in n.body),
    "__slots__": lambda n: isinstance(n, ast.Assign) and any(getattr(t, "id", "") == "__slots__" for t in n.targets),
    "custom exception class": lambda n: isinstance(n, ast.ClassDef) and any(getattr(b, "id", "") == "Exception" for b in n.bases),
    "try/except/else/finally": lambda n: isinstance(n, ast.Try) and n.handlers and n.orelse and n.finalbody,
    "raise": lambda n: isinstance(n, ast.Raise),
    "bare raise": lambda n: isinstance(n, ast.Raise) and n.exc is None,
    "assert with message": lambda n: isinstance(n, ast.Assert) and n.msg,
    "tuple unpacking": lambda n: isinstance(n, ast.Assign) and isinstance(n.targets[0], ast.Tuple),
    "starred target": lambda n: isinstance(n, ast.Starred) and isinstance(n.ctx, ast.Store),
    "slice with step": lambda n: isinstance(n, ast.Slice) and n.step is not None,
    "slice assignment": lambda n: isinstance(n, ast.Subscript) and isinstance(n.slice, ast.Slice) and isinstance(n.ctx, ast.Store),
    "augmented assignment": lambda n: isinstance(n, ast.AugAssign),
    "f-string with format spec": lambda n: isinstance(n, ast.FormattedValue) and n.format_spec,
    "f-string with !r": lambda n: isinstance(n, ast.FormattedValue) and n.conversion == ord("r"),
    "%-formatting": lambda n: (isinstance(n, ast.BinOp) and isinstance(n.op, ast.Mod)
                               and isinstance(n.left, ast.Constant) and isinstance(n.left.value, str)),
    "type(x).__name__": lambda n: (isinstance(n, ast.Attribute) and n.attr == "__name__"
                                   and isinstance(n.value, ast.Call) and _func_name(n.value) == "type"),
    "set literal": lambda n: isinstance(n, ast.Set),
    "dict literal": lambda n: isinstance(n, ast.Dict),
    "argument annotation": lambda n: isinstance(n, ast.arg) and n.annotation is not None,
    "return annotation": lambda n: isinstance(n, ast.FunctionDef) and n.returns is not None,
    "variable annotation": lambda n: isinstance(n, ast.AnnAssign),
    "from __future__ import annotations": lambda n: isinstance(n, ast.ImportFrom) and n.module == "__future__",
    "from typing import": lambda n: isinstance(n, ast.ImportFrom) and n.module == "typing",
    "print(sep=)": _call_kw("print", "sep"),
    "print(end=)": _call_kw("print", "end"),
    "max(key=)": _call_kw("max", "key"),
    "min(key=)": _call_kw("min", "key"),
    "sorted(key=)": _call_kw("sorted", "key"),
    "sorted(reverse=)": _call_kw("sorted", "reverse"),
    "list.sort(key=)": _call_kw("sort", "key"),
}


@functools.lru_cache(maxsize=None)
def corpus_checked():
    # `vmsample run --check` of every program (one probe of the VM for all: vmsample.lang.check).
    from vmsample.lang.check import check_programs

    paths = PROGRAMS + EXAMPLES
    return dict(zip(paths, check_programs([(source_text(p), str(p)) for p in paths])))


@pytest.mark.parametrize("path", PROGRAMS + EXAMPLES, ids=corpus_id)
def test_check_lists_exactly_the_code_that_never_runs(path):
    # A program that runs as on CPython misses nothing where it runs: what
    # --check lists (constructs, imports, builtins, module attributes) is in
    # code it never runs, and declared there.
    declared = re.findall(r"^# check-lists: (\d+:\d+) (.*)$", source_text(path), re.M)
    expected = [f"{path}:{where}: {construct} is not supported by vmsample" for where, construct in declared]
    assert corpus_checked()[path] == expected


def test_corpus_covers_the_subset():
    found = set()
    for path in PROGRAMS + RUNTIME_ERRORS:
        for node in ast.walk(ast.parse(source_text(path), str(path))):
            found.update(name for name, pred in FEATURES.items() if name not in found and pred(node))
    missing = sorted(set(FEATURES) - found)
    assert missing == [], f"no program exercises: {missing}"


# ---------------------------------------------------------------- the VM against CPython

if VM_PRESENT:

    @pytest.mark.parametrize("path, mode", params(PROGRAMS, ("default", "gc-debug")))
    def test_program_matches_cpython(path, mode):
        assert vm(path, knobs_for(path, mode)) == cpython(path)

    @pytest.mark.parametrize("path, mode", params(RUNTIME_ERRORS, ("default", "gc-debug")))
    def test_runtime_error_matches_cpython(path, mode):
        expected = without_source_lines(cpython(path))
        assert without_source_lines(vm(path, knobs_for(path, mode))) == expected

    @pytest.mark.parametrize("path, mode", params(UNSUPPORTED))
    def test_unsupported_construct_is_refused_when_it_runs(path, mode):
        where, construct = header(path, "refused").split(" ", 1)
        exception = header(path, "raises") or "NotImplementedError"
        result = vm(path, {})
        assert result["exit status"] == 1
        assert result["stderr"].endswith(f"{exception}: {path}:{where}: {construct} is not supported "
                                         "by vmsample\n"), result["stderr"]
        line = where.split(":")[0]
        frames = re.findall(r'^  File "[^"]*", line (\d+), in ', result["stderr"], re.M)
        assert frames and frames[-1] == line, result["stderr"]
        # Everything before it ran: CPython's output up to that point, exactly.
        assert result["stdout"] == output_before_refusal(path, int(line))

    @pytest.mark.parametrize("path", UNSUPPORTED, ids=corpus_id)
    def test_check_lists_the_unsupported_construct(path):
        where, construct = header(path, "refused").split(" ", 1)
        result = run([sys.executable, "-m", "vmsample", "run", "--check", str(path)], clean_env())
        assert (result["exit status"], result["stdout"]) == (
            1, f"{path}:{where}: {construct} is not supported by vmsample\n")

    @pytest.mark.parametrize("path, mode", params(SYNTAX_ERRORS))
    def test_syntax_error_is_reported(path, mode):
        e = cpython_syntax_error(path)
        message = f"{path}:{e.lineno}:{e.offset}: SyntaxError: {e.msg}\n"
        assert vm(path, {}) == {"exit status": 2, "stdout": "", "stderr": message}

    @pytest.mark.parametrize("path, mode", params(EXAMPLES, ("default", "gc-debug")))
    def test_example_matches_cpython(path, mode):
        assert vm(path, knobs_for(path, mode)) == cpython(path)
