"""The C embedding example (examples/embed-c: quip, a concatenative language
whose VM is written in C on vmsample/include/vmsample.h), end to end: built
as a third party builds it, its programs' output against a model under every
GC debug knob, with its inline checks compiled in too, its profiles read by
vmsample, stock vmprof and the paper's Firefox converter."""

import json
import os
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
import vmprof

from vmsample import read_profile

from differential import clean_env
from minilisp_build import EXAMPLE_C, KNOBS, build_in_place, ignore_build_outputs
from paper_toolchain import toolchain  # noqa: F401  (a fixture)

TREES = EXAMPLE_C / "programs" / "trees.qp"
WORDS = EXAMPLE_C / "programs" / "words.qp"


def trees_output(depth):
    return f"long-lived tree of depth {depth}, check: {2 ** (depth + 1) - 1}\n"


def words_output(n):
    greetings = [f"hello, guest-{i}!" for i in range(n)]
    kept = sum(1 for g in greetings if len(g) % 2 == 0)
    return f"greetings: {n}, characters: {sum(map(len, greetings))}\nkept: {kept}\n"


@pytest.fixture(scope="session")
def quip_dirs(tmp_path_factory):
    """{"release": ..., "checked": ...}: the example built in place as is, and
    with its inline checks (accessors, immediates, frames) compiled in."""
    return {"release": build_in_place(EXAMPLE_C, tmp_path_factory.mktemp("quip") / "quip-src",
                                      "the C example"),
            "checked": build_in_place(EXAMPLE_C, tmp_path_factory.mktemp("quip") / "quip-checked",
                                      "the C example", cflags="-UNDEBUG")}


def quip(quip_dir, *args, env=None, cwd=None):
    return subprocess.run([sys.executable, "-m", "quip", *map(str, args)], cwd=cwd or quip_dir,
                          capture_output=True, text=True, timeout=300,
                          env=clean_env(PYTHONPATH=str(quip_dir), **(env or {})))


@pytest.mark.parametrize("build", ["release", "checked"])
@pytest.mark.parametrize("knob", [None, *KNOBS])
def test_programs_match_the_model_under_every_knob(quip_dirs, build, knob):
    d = quip_dirs[build]
    env = KNOBS[knob] if knob else None
    trees = quip(d, TREES, 10, env=env)
    assert (trees.returncode, trees.stderr, trees.stdout) == (0, "", trees_output(10))
    words = quip(d, WORDS, 300, env=env)
    assert (words.returncode, words.stderr, words.stdout) == (0, "", words_output(300))


@pytest.mark.parametrize("source, output", [
    ('"hello, " "world" concat print', "hello, world\n"),
    (": square ( n ) n n * ;  7 square print", "49\n"),
    (": adder ( n ) [ n + ] ;  4 3 adder call print  4 3 adder call 10 adder call print", "7\n17\n"),
    ("1 2 3 nil cons cons cons -> xs  xs print  xs [ 10 * print ] each", "(1 2 3)\n10\n20\n30\n"),
    ("6 range [ dup * ] map print  6 range 0 [ + ] fold print", "(0 1 4 9 16 25)\n15\n"),
    ("1 2 cons print  nil print  true false not = print  [ 1 ] print", "(1 . 2)\nnil\ntrue\n[<main>[1]]\n"),
    ('"abcdef" 1 4 substr dup print len print  "42" int 1 + print  "x" int print',
     "bcd\n3\n43\nfalse\n"),
    # Loops are tail calls: a million iterations in constant stack space.
    ("0 -> n  1000000 [ ] times  [ false ] [ ] while  \"done\" print", "done\n"),
    # Nested closures capture through the quotations between.
    (": f ( a ) [ [ a ] ] ;  5 f call call print", "5\n"),
    ("4611686018427387903 1 + print", None),         # overflow: a run-time error
])
def test_the_language(quip_dirs, tmp_path, source, output):
    prog = tmp_path / "p.qp"
    prog.write_text(source)
    proc = quip(quip_dirs["release"], prog)
    if output is None:
        assert proc.returncode == 1 and "Error: +: integer overflow" in proc.stderr
    else:
        assert (proc.returncode, proc.stderr, proc.stdout) == (0, "", output)


def test_run_time_errors_have_a_traceback_and_exit_1(quip_dirs, tmp_path):
    prog = tmp_path / "err.qp"
    prog.write_text(': inner ( x ) x car ;\n: outer ( x ) x inner 1 + ;\n"before" print\n5 outer\n')
    proc = quip(quip_dirs["release"], prog)
    assert proc.returncode == 1 and proc.stdout == "before\n"
    assert proc.stderr == (f'Traceback (most recent call last):\n  File "{prog}", line 4, in <main>\n'
                           f'  File "{prog}", line 2, in outer\n  File "{prog}", line 1, in inner\n'
                           f"Error: car: expected a pair\n")


@pytest.mark.parametrize("source, where", [
    ('1 2 +\n  "abc', "2:3: unterminated string"),
    ("1 frobnicate", "1:3: unknown word 'frobnicate'"),
    (": f 1", "1:1: definition of 'f' has no ';'"),
    ("[ 1", "1:1: '[' without ']'"),
])
def test_syntax_errors_name_the_place_and_exit_2(quip_dirs, tmp_path, source, where):
    prog = tmp_path / "bad.qp"
    prog.write_text(source)
    proc = quip(quip_dirs["release"], prog)
    assert proc.returncode == 2 and proc.stderr == f"{prog}:{where}\n"


def test_deep_recursion_is_an_error_not_a_crash(quip_dirs, tmp_path):
    prog = tmp_path / "deep.qp"
    prog.write_text(": down ( n ) n 0 = [ 0 ] [ n 1 - down 1 + ] if ;\n100000 down print\n")
    proc = quip(quip_dirs["release"], prog)
    assert proc.returncode == 1 and "maximum recursion depth (10000 frames) exceeded" in proc.stderr


# ---------------------------------------------------------------- profiles


def profile_trees(quip_dir, tmp_path, *extra, knob=None):
    out = tmp_path / "trees.prof"
    # The seed fixes the phase of the fixed sample points: which objects are
    # sampled, and so how many of them survive, is the same on every run.
    proc = quip(quip_dir, "-f", "-o", out, "--alloc-period", "4K", "--sampling", "fixed", "--seed", "7",
                "--nursery", "64K", *extra,
                TREES, 10, env=KNOBS[knob] if knob else None)
    assert proc.returncode == 0 and proc.stdout == trees_output(10), proc.stderr
    return out


@pytest.mark.parametrize("knob", [None, "debug"])
def test_the_profile_tells_where_pairs_are_made(quip_dirs, tmp_path, knob):
    out = profile_trees(quip_dirs["release"], tmp_path, "--time-period", "1ms", knob=knob)
    p = read_profile(out)
    assert p.meta.alloc_period == 4096
    by_site = Counter((s.type_name, p.stack_frames(s.stack)[0].function) for s in p.alloc_samples)
    # make-tree makes nearly everything: the pairs, in the quotation of its
    # `if` that recurses, and the quotations of that `if`, in its body.
    in_make_tree = sum(n for (_, function), n in by_site.items() if function.startswith("make-tree"))
    assert in_make_tree >= 0.9 * len(p.alloc_samples) > 100
    assert by_site[("pair", "make-tree[4]")] > 0 and by_site[("quotation", "make-tree")] > 0
    assert set(p.types.values()) == {"pair", "string", "quotation"}
    assert {c.lang for c in p.codes.values()} == {"py"}
    assert {c.file for c in p.codes.values()} == {str(TREES), "<prelude>"}
    assert all(s.outcome.name != "UNKNOWN" for s in p.alloc_samples)     # the run's last collection
    assert p.minor_collections and p.time_samples is not None
    # The long-lived tree survives, the churned ones die young -- in the
    # 64K nursery; the debug knob's nursery is 4K, where a churned tree is
    # often still being built when the nursery fills (about half survive).
    outcomes = Counter(s.outcome.name for s in p.alloc_samples)
    assert outcomes["DIED"] > 0 and outcomes["SURVIVED"] > 0
    if knob is None:
        assert outcomes["DIED"] > 2 * outcomes["SURVIVED"]


def test_stock_vmprof_reads_the_profile(quip_dirs, tmp_path):
    out = profile_trees(quip_dirs["release"], tmp_path)
    stats = vmprof.read_profile(str(out))
    p = read_profile(out)
    assert len(stats.profiles) == len(p.alloc_samples)
    names = {name.split(":")[1] for name in stats.adr_dict.values()}
    assert {"make-tree", "check", "<main>"} <= names


def test_the_papers_converter_reads_the_profile(quip_dirs, tmp_path, toolchain):  # noqa: F811
    tool_python, converter = toolchain
    out = tmp_path / "trees.prof"
    script = (f"import quip\nquip.run_file({str(TREES)!r}, argv=['10'], profile={str(out)!r}, "
              f"alloc_period=4096, sampling='fixed', layout='pypy')\n")
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env=clean_env(PYTHONPATH=str(quip_dirs["release"])), timeout=300)
    assert proc.returncode == 0, proc.stderr
    r = subprocess.run([tool_python, "-m", "vmprofconvert", "-convert", str(out), "--nobrowser"],
                       capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=converter),
                       cwd=tmp_path, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    converted = json.loads((tmp_path / (out.name + ".json")).read_text())
    gc = next(t for t in converted["threads"] if t["name"].startswith("(GC-Sampled)"))
    p = read_profile(out)
    assert gc["samples"]["length"] == gc["jsAllocations"]["length"] == len(p.alloc_samples) > 100
    strings = gc["stringArray"]
    assert any(s.startswith("make-tree") for s in strings)


def test_the_c_api_refuses_a_module_built_against_another_header(tmp_path):
    # vms_import() compares the struct layouts this module was compiled with
    # to the installed vmsample's: build one against a header whose vms_frame
    # has its fields the other way round.
    import vmsample

    src = tmp_path / "src"
    shutil.copytree(EXAMPLE_C, src, ignore=ignore_build_outputs)
    header = (Path(vmsample.get_include()) / "vmsample" / "include" / "vmsample.h").read_text()
    frame = "    vms_ref *base;\n    size_t depth;\n"
    assert frame in header
    (src / "quip" / "vmsample.h").write_text(header.replace(frame, "    size_t depth;\n    vms_ref *base;\n"))
    vm_c = src / "quip" / "_vm.c"
    vm_c.write_text(vm_c.read_text().replace('#include "vmsample/include/vmsample.h"', '#include "vmsample.h"'))
    built = build_in_place(src, tmp_path / "built", "the C example against another header")
    proc = quip(built, TREES, 4)
    assert proc.returncode != 0
    assert "ImportError: this module was built against another vmsample.h" in proc.stderr
