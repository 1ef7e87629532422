"""The embedding example end to end: built as a third party builds it, run
from its command line, its profiles read by vmsample and by stock vmprof.

This is the proof that the C API in ``vmsample/_nursery.pxd`` and
``vmsample/profile/_writer.pxd`` is enough to build a profiled VM outside the
package.  Every run is repeated under the GC debug knobs, where the program
must print the same thing and the profile must tell the same story.
"""

import io
import json
import shutil
import subprocess
import sys
import time
from collections import Counter

import pytest
import vmprof

from vmsample import Nursery, read_profile
from vmsample.profile.model import Outcome

from differential import clean_env
from minilisp_build import EXAMPLE, KNOBS, PROGRAMS, ignore_build_outputs

TREES = EXAMPLE / "programs" / "trees.scm"
WORDS = EXAMPLE / "programs" / "words.scm"
SITES = PROGRAMS / "sites.scm"
MINILISP_TYPES = {"cons", "closure", "vector", "string"}


# ---------------------------------------------------------------- models of the example programs

def trees_output(max_depth):
    out = []
    for depth in range(4, max_depth + 1, 2):
        n = 2 ** (max_depth - depth)
        out.append(f"{n} trees of depth {depth}, check: {n * (2 ** (depth + 1) - 1)}\n")
    out.append(f"long-lived tree of depth {max_depth}, check: {2 ** (max_depth + 1) - 1}\n")
    return "".join(out)


def words_output(sentences):
    vocabulary = ["the", "heap", "nursery", "sample", "object", "young", "old", "collector",
                  "survives", "dies", "pointer", "barrier", "arena", "page", "limit", "bump"]
    table = [[] for _ in range(31)]         # buckets of [word, count], newest first
    seed = 42
    for i in range(sentences):
        words = []
        for _ in range(3 + i % 9):
            words.append(vocabulary[(seed // 65536) % len(vocabulary)])
            seed = (seed * 1103515245 + 12345) % 2147483648
        for word in " ".join(words).split(" "):
            h = 5381
            for byte in word.encode():
                h = (h * 33 + byte) % 1000003
            bucket = table[h % 31]
            for entry in bucket:
                if entry[0] == word:
                    entry[1] += 1
                    break
            else:
                bucket.insert(0, [word, 1])
    return "".join(f"{w} {c}\n" for bucket in table for w, c in bucket)


def sites_output(n):
    return f"{n}\n{sum(i % 40 for i in range(4 * n))}\n{n - 1}\n"


def line_of(path, marker):
    """The 1-based line of [path] that contains [marker]."""
    for number, text in enumerate(path.read_text().splitlines(), 1):
        if marker in text:
            return number
    raise AssertionError(f"{marker!r} not in {path}")


# ---------------------------------------------------------------- helpers

def profiled(run_minilisp, tmp_path, program, *args, knobs=None, options=()):
    out = tmp_path / "out.prof"
    proc = run_minilisp("-f", "-o", out, *options, program, *args, env=KNOBS.get(knobs))
    return proc, out


def leaf(profile, sample):
    return profile.stack_frames(sample.stack)[0]


def functions(profile, sample):
    return [f.function for f in profile.stack_frames(sample.stack)]


# ---------------------------------------------------------------- tests

@pytest.mark.parametrize("knobs", [None, *KNOBS])
def test_example_programs_print_what_their_models_say(run_minilisp, tmp_path, knobs):
    depth, sentences = (8, 300) if knobs else (12, 3000)
    proc, prof = profiled(run_minilisp, tmp_path, TREES, depth, knobs=knobs)
    assert (proc.returncode, proc.stdout) == (0, trees_output(depth)), proc.stderr
    assert f"profile written to {prof}" in proc.stderr
    proc, prof = profiled(run_minilisp, tmp_path, WORDS, sentences, knobs=knobs)
    assert (proc.returncode, proc.stdout) == (0, words_output(sentences)), proc.stderr


@pytest.mark.parametrize("knobs", [None, *KNOBS])
def test_samples_attribute_to_sites_with_the_right_types_and_lifetimes(run_minilisp, tmp_path, knobs):
    n = 300 if knobs else 3000
    # (fixed mode: every sample weighs exactly the period)
    proc, out = profiled(run_minilisp, tmp_path, SITES, n, knobs=knobs,
                         options=["--sampling", "fixed", "--alloc-period", "256", "--nursery", "64K"])
    assert (proc.returncode, proc.stdout) == (0, sites_output(n)), proc.stderr
    p = read_profile(out)

    assert set(p.types.values()) == MINILISP_TYPES
    retained_line = line_of(SITES, "site: retained vector")
    temporary_line = line_of(SITES, "site: temporary string")
    retained = [s for s in p.alloc_samples if leaf(p, s).line == retained_line]
    temporary = [s for s in p.alloc_samples if leaf(p, s).line == temporary_line]
    # Fixed mode takes a sample point every 256 bytes of the allocation
    # stream, and each loop allocates only at its site: a site that allocates
    # B bytes in a row takes B / 256 samples, rounded up or down.  B from the
    # program (a vector of 6 and a pair per iteration; a substring of i % 40
    # characters) and the types' layouts (minilisp's _vm.pyx registers them).
    layout = Nursery()
    cons = layout.register_type("cons", fixed_size=16, ref_offsets=(0, 8))
    vector = layout.register_type("vector", item_size=8, items_are_refs=True)
    string = layout.register_type("string", item_size=1)
    retained_bytes = n * (layout.size_of(vector, 6) + layout.size_of(cons))
    temporary_bytes = sum(layout.size_of(string, i % 40) for i in range(4 * n))
    assert abs(len(retained) - retained_bytes / 256) < 1, (len(retained), retained_bytes)
    assert abs(len(temporary) - temporary_bytes / 256) < 1, (len(temporary), temporary_bytes)

    for s in retained:
        assert functions(p, s) == ["retain-vectors.loop", "retain-vectors", "<toplevel>"]
        assert s.type_name in ("vector", "cons") and s.weight == 256
        # Held by [kept] (or by the stack) at every later collection.
        assert s.outcome == Outcome.SURVIVED
    assert {s.type_name for s in retained} == {"vector", "cons"}
    assert {s.size for s in retained if s.type_name == "vector"} == {8 + 6 * 8}

    for s in temporary:
        assert functions(p, s) == ["churn-strings.loop", "churn-strings", "<toplevel>"]
        assert s.type_name == "string"
        # Dead before the next allocation, so dead at the next collection
        # (the runner's last collection resolves the samples after it).
        assert s.outcome == Outcome.DIED

    # Code names are the program's functions, in the program's file.
    assert {c.file for c in p.codes.values()} == {str(SITES)}
    assert {"retain-vectors", "retain-vectors.loop", "churn-strings", "churn-strings.loop",
            "<toplevel>"} <= {c.function for c in p.codes.values()}
    # Every minor collection since profiling started is recorded (loading the
    # constants may collect before), and (collect-garbage) ran a major one.
    assert p.minor_collections and all(m.total_memory_used > 0 for m in p.minor_collections)
    first = p.minor_collections[0].index
    assert [c.index for c in p.minor_collections] == list(range(first, first + len(p.minor_collections)))
    assert any(ev.state == "MARKING" for ev in p.major_events)
    assert all(c.end_ns is not None for c in p.major_collections)


def test_profile_validates_and_opens_in_stock_vmprof(run_minilisp, tmp_path):
    proc, out = profiled(run_minilisp, tmp_path, WORDS, 500, options=["--alloc-period", "1K"])
    assert proc.returncode == 0, proc.stderr
    check = subprocess.run([sys.executable, "-m", "vmsample", "validate", str(out)],
                           capture_output=True, text=True, env=clean_env())
    assert check.returncode == 0, check.stderr
    ours = read_profile(out)
    stats = vmprof.read_profile(str(out))
    assert len(stats.profiles) == len(ours.alloc_samples) > 0
    names = {name.split(":")[1] for name in stats.adr_dict.values()}
    assert {"make-sentence.loop", "split.loop", "table-count!", "<toplevel>"} <= names
    # vmprof's stacks are root first; ours leaf first.  Same functions, same order.
    for (stack, _count, _thread, *_), sample in zip(stats.profiles, ours.alloc_samples):
        assert [stats.adr_dict[a].split(":")[1] for a in stack if a > 0] == \
            list(reversed(functions(ours, sample)))
    show = subprocess.run([sys.executable, "-m", "vmprof.show", str(out), "tree"], capture_output=True,
                          text=True, env=clean_env(PYTHONIOENCODING="utf-8"), timeout=120)
    assert show.returncode == 0, show.stderr
    assert "make-sentence.loop" in show.stdout and "split.loop" in show.stdout


def test_vmsample_report_reads_the_profile(run_minilisp, tmp_path):
    proc, out = profiled(run_minilisp, tmp_path, SITES, 2000, options=["--alloc-period", "512"])
    assert proc.returncode == 0, proc.stderr
    report = subprocess.run([sys.executable, "-m", "vmsample", "report", "--json", str(out)],
                            capture_output=True, text=True, env=clean_env())
    assert report.returncode == 0, report.stderr
    data = json.loads(report.stdout)
    sites = {(row["function"], row["line"]): row for row in data["self"]}
    retained = sites["retain-vectors.loop", line_of(SITES, "site: retained vector")]
    temporary = sites["churn-strings.loop", line_of(SITES, "site: temporary string")]
    assert retained["file"] == str(SITES) and retained["died_young"] == 0.0
    assert temporary["died_young"] == 1.0
    types = {row["type"]: row for row in data["types"]}
    assert set(types) <= MINILISP_TYPES and {"vector", "string", "cons"} <= set(types)
    assert types["vector"]["survival"] == 1.0 and types["string"]["survival"] == 0.0
    assert data["gc"]["major_collections"] >= 1
    text = subprocess.run([sys.executable, "-m", "vmsample", "report", str(out)],
                          capture_output=True, text=True, env=clean_env())
    assert text.returncode == 0 and "retain-vectors.loop" in text.stdout


def test_time_samples_combine_with_allocation_samples(run_minilisp, tmp_path):
    # spin runs ~5M iterations without allocating; churn allocates pairs.
    program = tmp_path / "spin.scm"
    program.write_text(
        "(define (spin n acc) (if (= n 0) acc (spin (- n 1) (+ acc 1))))\n"
        "(define (churn n) (let loop ((i 0) (l '())) (if (= i n) (length l) (loop (+ i 1) (cons i l)))))\n"
        "(display (spin 5000000 0)) (display (churn 100000))\n")
    proc, out = profiled(run_minilisp, tmp_path, program,
                         options=["--time-period", "1ms", "--alloc-period", "4K"])
    assert (proc.returncode, proc.stdout) == (0, "5000000100000"), proc.stderr
    p = read_profile(out)
    assert p.meta.sample_kind == "alloc" and p.meta.time_period_ns == 1_000_000
    assert p.time_samples and {s.weight for s in p.time_samples} == {1_000_000}
    in_spin = sum(leaf(p, s).function == "spin" for s in p.time_samples)
    assert in_spin >= 0.7 * len(p.time_samples)
    # Sample points are random, so the few bytes allocated outside the loop
    # (reading the program, churn's closure, display) are sampled now and
    # then; spin, which allocates nothing, never is.
    sites = [leaf(p, s).function for s in p.alloc_samples]
    assert sites and "spin" not in sites
    assert sites.count("churn.loop") >= 0.95 * len(sites)


def test_time_samples_weigh_one_period_and_never_exceed_the_cpu_time(minilisp, tmp_path):
    # Each time sample stands for one timer period of CPU time, one per
    # expiry of the shared timer: never more than the CPU time the run took
    # allows (a bound, whatever the load; how close they come: python -m
    # vmsample.bench timer).
    from minilisp.runner import run_source

    out = tmp_path / "spin.prof"
    source = "(define (spin n) (if (= n 0) 0 (spin (- n 1))))\n(display (spin 8000000))\n"
    cpu = time.process_time()
    status = run_source(source, "spin.scm", profile=str(out), alloc_period=None,
                        time_period_ns=1_000_000, stdout=io.StringIO())
    cpu = time.process_time() - cpu
    assert status == 0
    p = read_profile(out)
    assert p.time_samples and {s.weight for s in p.time_samples} == {1_000_000}
    assert len(p.time_samples) <= cpu / 0.001 + 1
    assert sum(leaf(p, s).function == "spin" for s in p.time_samples) >= 0.9 * len(p.time_samples)


def test_random_sampling_with_a_seed_is_repeatable(run_minilisp, tmp_path):
    runs = []
    for i in range(2):
        out = tmp_path / f"r{i}.prof"
        proc = run_minilisp("-o", out, "--sampling", "random", "--seed", "7", "--alloc-period", "512",
                            TREES, 8)
        assert proc.returncode == 0, proc.stderr
        p = read_profile(out)
        assert p.meta.alloc_sampling == "random" and p.meta.alloc_period == 512
        runs.append([(s.type_name, s.size, tuple(functions(p, s)), leaf(p, s).line, s.outcome)
                     for s in p.alloc_samples])
    assert runs[0] == runs[1] and len(runs[0]) > 10


def test_runtime_error_exits_1_and_still_writes_a_valid_profile(run_minilisp, tmp_path):
    program = tmp_path / "crash.scm"
    program.write_text("(define (build n acc)\n  (if (= n 0) (car acc)\n"
                       "      (build (- n 1) (cons (make-vector 4 n) acc))))\n"
                       "(display (build 5000 '()))\n(display (vector-ref (build 10 '()) 9))\n")
    proc, out = profiled(run_minilisp, tmp_path, program, options=["--alloc-period", "512"])
    assert proc.returncode == 1
    assert proc.stdout == "#(1 1 1 1)"
    assert proc.stderr.startswith("Traceback (most recent call last):\n")
    assert 'File "' + str(program) + '", line 5, in <toplevel>\n' in proc.stderr
    assert "Error: vector-ref: index 9 out of range for a vector of length 4\n" in proc.stderr
    p = read_profile(out)
    # The top level allocates a few bytes itself (the error message); with a
    # random first sample point one of its allocations may be sampled.
    where = Counter(leaf(p, s).function for s in p.alloc_samples)
    assert set(where) <= {"build", "<toplevel>"} and where["<toplevel>"] <= 1
    assert where["build"] >= 100


def test_pip_install_of_the_example(tmp_path):
    # What the README tells a user to do: a pip build against the installed
    # vmsample, then the installed `minilisp` command.
    source = tmp_path / "src"
    shutil.copytree(EXAMPLE, source, ignore=ignore_build_outputs)
    target = tmp_path / "site"
    pip = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-build-isolation",
                          "--no-deps", "--no-index", "--target", str(target), str(source)],
                         capture_output=True, text=True, env=clean_env())
    assert pip.returncode == 0, pip.stderr
    out = tmp_path / "t.prof"
    proc = subprocess.run([str(target / "bin" / "minilisp"), "-o", str(out), "--alloc-period", "256",
                           str(TREES), "6"],
                          capture_output=True, text=True, env=clean_env(PYTHONPATH=str(target)))
    assert (proc.returncode, proc.stdout) == (0, trees_output(6)), proc.stderr
    assert {"make-tree", "churn.loop"} <= {c.function for c in read_profile(out).codes.values()}


def test_command_line_errors(run_minilisp, tmp_path):
    out = tmp_path / "exists.prof"
    out.write_text("keep me")
    proc = run_minilisp("-o", out, TREES, 4)
    assert proc.returncode == 2 and "exists (use -f to overwrite it)" in proc.stderr
    assert out.read_text() == "keep me"
    proc = run_minilisp("--alloc-period", "12Q", TREES)
    assert proc.returncode == 2 and "invalid size" in proc.stderr
    proc = run_minilisp("-o", tmp_path / "t.prof", "--time-period", "1 fortnight", TREES)
    assert proc.returncode == 2 and "invalid duration" in proc.stderr
    proc = run_minilisp("--time-period", "1ms", TREES)
    assert proc.returncode == 2 and "--time-period needs a profile" in proc.stderr
    bad = tmp_path / "bad.scm"
    bad.write_text("(display\n  (undefined-function 1))\n")
    proc = run_minilisp(bad)
    assert (proc.returncode, proc.stderr) == (2, f"{bad}:2:4: unbound variable 'undefined-function'\n")
    proc = run_minilisp(tmp_path / "missing.scm")
    assert proc.returncode == 1 and "No such file" in proc.stderr
