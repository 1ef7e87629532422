"""The compile cache (vmsample/lang/code_cache.py, disk_cache.py): a warm
run compiles nothing and never imports the compiler; what it loads is what
the compiler makes; an edited source, a corrupt or truncated entry and an
unwritable directory all fall back to compiling, and the program still runs
as CPython runs it."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from vmsample.lang import code_cache, disk_cache
from vmsample.lang.code_object import Code
from vmsample.lang.compiler import compile_dynamic, compile_source

# Runs a program on the VM in this process, then says on stderr whether the
# compiler was imported: a warm run must not need it.
RUNNER = textwrap.dedent("""
    import sys
    import vmsample.lang
    status = vmsample.lang.main(sys.argv[1:])
    print("compiler imported:", "vmsample.lang.compiler" in sys.modules, file=sys.stderr)
    sys.exit(status)
""")

PROGRAM = textwrap.dedent("""
    import collections, json, re
    Point = collections.namedtuple("Point", "x y")
    exec("def double(v):\\n    return 2 * v")
    print(Point(1, 2), json.dumps({"a": [1, 2]}), re.sub("b+", "-", "abbbc"), double(21), eval("6 * 7"))
""")


def run_vm(tmp_path, program, cache):
    env = {k: v for k, v in os.environ.items() if not k.startswith("VMSAMPLE_")}
    env["VMSAMPLE_CACHE_DIR"] = str(cache)
    proc = subprocess.run([sys.executable, "-c", RUNNER, str(program)], capture_output=True, text=True,
                          env=env, cwd=tmp_path, timeout=600)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout, "compiler imported: True" in proc.stderr


def expected(program):
    return subprocess.run([sys.executable, str(program)], capture_output=True, text=True, check=True).stdout


def test_a_warm_run_compiles_nothing(tmp_path):
    program = tmp_path / "prog.py"
    program.write_text(PROGRAM)
    cache = tmp_path / "cache"
    out, compiler = run_vm(tmp_path, program, cache)
    assert out == expected(program) and compiler
    assert len(list(cache.glob("*.code"))) > 10       # the program, its imports, its exec/eval texts
    out, compiler = run_vm(tmp_path, program, cache)
    assert out == expected(program)
    assert not compiler


def test_an_edited_module_is_compiled_again(tmp_path):
    (tmp_path / "helper.py").write_text("VALUE = 1\n")
    program = tmp_path / "prog.py"
    program.write_text("import helper\nprint(helper.VALUE)\n")
    cache = tmp_path / "cache"
    assert run_vm(tmp_path, program, cache)[0] == "1\n"
    (tmp_path / "helper.py").write_text("VALUE = 22\n")     # another size (and mtime)
    assert run_vm(tmp_path, program, cache)[0] == "22\n"
    program.write_text("import helper\nprint(helper.VALUE + 1)\n")
    assert run_vm(tmp_path, program, cache)[0] == "23\n"


@pytest.mark.parametrize("damage", ["truncate", "flip", "empty", "garbage"])
def test_a_damaged_entry_is_compiled_again(tmp_path, damage):
    program = tmp_path / "prog.py"
    program.write_text(PROGRAM)
    cache = tmp_path / "cache"
    run_vm(tmp_path, program, cache)
    for entry in cache.glob("*.code"):
        data = entry.read_bytes()
        entry.write_bytes({"truncate": data[:len(data) // 2],
                           "flip": data[:-7] + bytes([data[-7] ^ 0x40]) + data[-6:],
                           "empty": b"",
                           "garbage": os.urandom(64)}[damage])
    out, compiler = run_vm(tmp_path, program, cache)
    assert out == expected(program) and compiler
    out, compiler = run_vm(tmp_path, program, cache)      # written again
    assert out == expected(program) and not compiler


def _damage_packed(blob: bytes, damage: str) -> bytes:
    # [blob] (code_cache's packed tree) with one index made wrong: what only
    # a writer's bug could make, since the entry's CRC stays right.
    from array import array

    words = array("i", blob)
    head = code_cache.HEADER
    ncodes = words[0]
    assert ncodes >= 2                  # the module and the function in it
    at = words[3]                       # the function's record
    sizes = {f: words[at + head.index(f)] for f in ("varnames", "cellvars", "names", "consts")}
    consts = at + len(head) + sizes["varnames"] + sizes["cellvars"] + sizes["names"]
    if damage == "an offset past the end":
        words[3] = len(words) + 5
    elif damage == "a count past the end":
        words[at + head.index("code")] = len(words)
    elif damage == "a str index out of range":
        words[consts] = 9999 << 2 | code_cache.REF_STR
    elif damage == "a negative str index":
        words[at + len(head)] = -1      # its first varname
    elif damage == "a nested code referring back":
        words[consts] = 0 << 2 | code_cache.REF_CODE
    return words.tobytes()


@pytest.mark.parametrize("damage", ["an offset past the end", "a count past the end", "a str index out of range",
                                    "a negative str index", "a nested code referring back"])
@pytest.mark.parametrize("where", ["an imported module", "the program"])
def test_a_damaged_packed_tree_is_a_clear_error(tmp_path, damage, where):
    # Both readers of a packed tree -- the VM's, which loads an imported
    # module's, and code_cache's, which unpacks the program's when it is
    # renamed -- check every index they follow: a clear error naming the
    # entry, never a crash, a hang or a wrong constant.
    helper = tmp_path / "helper.py"
    helper.write_text("def f(a, b):\n    return (a, 'x', b, None)\nprint(f(1, 2))\n")
    program = tmp_path / "prog.py"
    program.write_text("import helper\ndef g(a, b):\n    return (b, 'y', a, None)\nprint(g(3, 4))\n")
    cache = tmp_path / "cache"
    assert run_vm(tmp_path, program, cache)[0] == "(1, 'x', 2, None)\n(4, 'y', 3, None)\n"
    target = helper if where == "an imported module" else program
    entries = [e for e in cache.glob("*.code") if str(target).encode() in e.read_bytes()]
    assert len(entries) == 1
    entry = entries[0]
    data = entry.read_bytes()[len(disk_cache.MAGIC) + 4:]
    import marshal
    stamp, (blob, strs, consts) = marshal.loads(data)
    disk_cache.write(str(entry), stamp, (_damage_packed(blob, damage), strs, consts))
    env = {k: v for k, v in os.environ.items() if not k.startswith("VMSAMPLE_")}
    env["VMSAMPLE_CACHE_DIR"] = str(cache)
    proc = subprocess.run([sys.executable, "-m", "vmsample.lang", str(program)], capture_output=True, text=True,
                          env=env, cwd=tmp_path, timeout=120)
    assert proc.returncode > 0, proc.stderr         # (not a signal)
    assert f"a damaged compile cache entry: {entry} (delete it)" in proc.stderr, proc.stderr
    assert "(4, 'y', 3, None)" not in proc.stdout


def test_an_unwritable_cache_costs_only_the_caching(tmp_path):
    program = tmp_path / "prog.py"
    program.write_text(PROGRAM)
    cache = tmp_path / "not-a-directory"
    cache.write_text("")
    assert run_vm(tmp_path, program, cache)[0] == expected(program)


def test_a_cached_tree_is_the_compiled_one(tmp_path, monkeypatch):
    # A standard-library module with every kind of constant and nesting.
    monkeypatch.setenv("VMSAMPLE_CACHE_DIR", str(tmp_path))
    import inspect
    path = inspect.__file__
    first = code_cache.compiled(path, search_path=[])        # compiled, written
    again = code_cache.compiled(path, search_path=[])        # read
    assert again == first == compile_source(open(path).read(), path, search_path=[])
    assert isinstance(again.code, memoryview) and not isinstance(first.code, memoryview)
    nested = [k for k in again.consts if isinstance(k, Code)]
    assert nested and all(isinstance(k.code, memoryview) for k in nested)


def test_texts_are_cached_by_content(tmp_path, monkeypatch):
    monkeypatch.setenv("VMSAMPLE_CACHE_DIR", str(tmp_path))
    a = code_cache.compiled_text("x + 1", "<string>", "exec")
    assert a == compile_dynamic("x + 1", "<string>", "exec")
    assert len(list(tmp_path.glob("*.code"))) == 1
    assert code_cache.compiled_text("x + 1", "<string>", "exec") == a
    assert code_cache.compiled_text("x + 1", "<string>", "eval") == compile_dynamic("x + 1", "<string>", "eval") != a
    assert len(list(tmp_path.glob("*.code"))) == 2
    big = "x = 1\n" * (code_cache.MAX_TEXT // 6 + 1)
    code_cache.compiled_text(big, "<string>", "exec")
    assert len(list(tmp_path.glob("*.code"))) == 2          # too long to cache


def test_a_table_is_made_again_when_its_file_changes(tmp_path, monkeypatch):
    monkeypatch.setenv("VMSAMPLE_CACHE_DIR", str(tmp_path / "cache"))
    source = tmp_path / "table.txt"
    source.write_text("a b")
    made = []

    def make(path):
        made.append(path)
        return open(path).read().split()

    assert disk_cache.cached_table(str(source), make) == ["a", "b"]
    assert disk_cache.cached_table(str(source), make) == ["a", "b"]
    assert len(made) == 1
    source.write_text("a b c")
    assert disk_cache.cached_table(str(source), make) == ["a", "b", "c"]
    assert len(made) == 2


def test_a_run_thaws_the_code_trees_it_froze(tmp_path, monkeypatch):
    # A run freezes the code trees its imports load (CPython's collector
    # then skips them: vm/loading.pxi, freeze_code_trees) and thaws them
    # when it ends, so that this process still collects its garbage.
    import gc

    from vmsample.lang import run_program

    monkeypatch.setenv("VMSAMPLE_CACHE_DIR", str(tmp_path))
    gc.unfreeze()
    for _ in range(2):                                      # compiled, then from the cache
        assert run_program("import json\nprint(json.dumps([1]))\n", "<string>", ["-c"]) == 0
        assert gc.get_freeze_count() == 0
