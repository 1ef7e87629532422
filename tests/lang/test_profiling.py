"""Profiles of VM programs: allocations land on the right functions, lines and
types; survival is reported; the files validate, open in stock vmprof, and
`vmsample run` behaves like `python` (and memray run) on the command line."""

import os
import re
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from vmsample import read_profile
from vmsample._nursery import Nursery
from vmsample.lang import _vm
from vmsample.profile._writer import ProfileWriter

# Known allocation sites: line numbers are asserted below.
SITES = textwrap.dedent("""\
    def keep_floats(n):
        out = []
        for i in range(n):
            out.append(i * 0.5)
        return out

    def churn_floats(n):
        x = 0.0
        for i in range(n):
            x = i * 1.5
        return x

    class Point:
        def __init__(self, x):
            self.x = x

    def points(n):
        return [Point(i) for i in range(n)]

    kept = keep_floats(20000)
    churn_floats(20000)
    ps = points(5000)
    print(len(kept), len(ps))
""")
LINE_KEEP, LINE_CHURN, LINE_POINTS = 4, 10, 18


def profile_program(tmp_path, source, alloc_period=256, sampling="fixed", seed=None,
                    time_period=None, stress=None):
    """Run [source] profiled; returns (status, Profile, nursery stats, path)."""
    path = tmp_path / "prog.py"
    path.write_text(source)
    out = tmp_path / "prog.prof"
    # A small nursery: many minor collections, so samples learn their outcome.
    nursery = Nursery(nursery_size=64 << 10, stress=stress)
    writer = ProfileWriter(str(out), alloc_period=alloc_period, sampling=sampling,
                           time_period_ns=None if time_period is None else round(time_period * 1e9))
    try:
        status = _vm.run_program(source, str(path), [str(path)], nursery, writer=writer, seed=seed)
    finally:
        writer.close()
    return status, read_profile(str(out)), nursery.stats, out


def leaf(profile, sample):
    f = profile.stack_frames(sample.stack)
    return f[0].function, f[0].line


def test_allocations_are_attributed_to_their_sites(tmp_path, capfd):
    status, prof, stats, _ = profile_program(tmp_path, SITES, sampling="fixed", seed=3)
    assert status == 0
    assert capfd.readouterr().out == "20000 5000\n"
    by_type = {}
    for s in prof.alloc_samples:
        by_type.setdefault(s.type_name, []).append(s)
    # Every float is made on one of two lines; instances in __init__'s caller.
    floats = by_type["float"]
    assert {leaf(prof, s) for s in floats} == {("keep_floats", LINE_KEEP), ("churn_floats", LINE_CHURN)}
    for s in floats:
        names = [f.function for f in prof.stack_frames(s.stack)]
        assert names[-1] == "<module>" and len(names) == 2
    objects = by_type["Point"]
    assert objects and {leaf(prof, s) for s in objects} == {("<listcomp>", LINE_POINTS)}
    assert [f.function for f in prof.stack_frames(objects[0].stack)] == ["<listcomp>", "points", "<module>"]
    # 20000 floats of 16 bytes at each site: equal shares of the samples.
    keep = sum(1 for s in floats if leaf(prof, s)[0] == "keep_floats")
    churn = len(floats) - keep
    assert abs(keep - churn) <= 0.1 * keep
    assert keep == pytest.approx(20000 * 16 / 256, rel=0.1)
    # Fixed sampling: exactly one sample per period bytes allocated while on.
    assert len(prof.alloc_samples) == stats["samples_taken"]
    assert all(s.weight == 256 for s in prof.alloc_samples)


def test_allocations_in_imported_modules_have_their_frames(tmp_path, capfd):
    # The program's own module and the VM's library (heapq's C part, the
    # replacement lib/_heapq.py) are compiled on import; their code is
    # declared to the writer then, so stacks name them.
    (tmp_path / "shapes.py").write_text(textwrap.dedent("""\
        import heapq

        def boxes(n):
            out = []
            for i in range(n):
                heapq.heappush(out, (i % 7, i * 0.5))
            return out
    """))
    source = "import shapes\nprint(len(shapes.boxes(20000)))\n"
    status, prof, _, path = profile_program(tmp_path, source, alloc_period=512, seed=2)
    assert status == 0 and capfd.readouterr().out == "20000\n"
    stacks = [[(f.function, os.path.basename(f.file)) for f in prof.stack_frames(s.stack)]
              for s in prof.alloc_samples]
    assert [("boxes", "shapes.py"), ("<module>", "prog.py")] in stacks
    in_heapq = [st for st in stacks if st[0] == ("heappush", "_heapq.py")]
    assert in_heapq and all(st[1:] == [("boxes", "shapes.py"), ("<module>", "prog.py")] for st in in_heapq)
    assert subprocess.run([sys.executable, "-m", "vmsample", "validate", str(path)]).returncode == 0


def test_survival_separates_kept_from_temporary_objects(tmp_path, capfd):
    # Collections only when the nursery fills (stress=0 overrides
    # VMSAMPLE_GC_STRESS): a collection forced before every allocation finds
    # each temporary float still referenced by `x` and rightly reports it
    # SURVIVED, which is not what this test is about.
    status, prof, _, _ = profile_program(tmp_path, SITES, sampling="fixed", seed=5, stress=0)
    assert status == 0
    outcome = {}
    for s in prof.alloc_samples:
        if s.type_name == "float":
            outcome.setdefault(leaf(prof, s)[0], []).append(s.outcome.name)
    kept, churned = outcome["keep_floats"], outcome["churn_floats"]
    assert kept.count("SURVIVED") >= 0.95 * len(kept)
    assert churned.count("DIED") >= 0.95 * len(churned)


def test_runtime_error_still_writes_a_valid_profile(tmp_path, capfd):
    source = "def f(n):\n    xs = [str(i) for i in range(n)]\n    raise ValueError(len(xs))\nf(3000)\n"
    status, prof, _, path = profile_program(tmp_path, source, alloc_period=128)
    assert status == 1
    err = capfd.readouterr().err
    assert err.endswith("ValueError: 3000\n") and 'line 3, in f' in err
    assert prof.alloc_samples and prof.minor_collections is not None
    assert subprocess.run([sys.executable, "-m", "vmsample", "validate", str(path)]).returncode == 0


def test_stock_vmprof_reads_vm_profiles(tmp_path, capfd):
    vmprof = pytest.importorskip("vmprof")
    _, prof, _, path = profile_program(tmp_path, SITES)
    stats = vmprof.read_profile(str(path))
    names = set(stats.adr_dict.values())
    prog = str(tmp_path / "prog.py")
    assert f"py:keep_floats:1:{prog}" in names and f"py:<module>:1:{prog}" in names
    tree = stats.get_tree()
    assert tree.name.startswith("py:<module>")
    show = subprocess.run([sys.executable, "-m", "vmprof.show", str(path), "tree"],
                          capture_output=True, text=True)
    assert show.returncode == 0 and "keep_floats" in show.stdout


def test_code_ids_are_even_and_stable(tmp_path, capfd):
    # Different sample points (seeds): the codes both profiles name get the same ids.
    _, a, _, _ = profile_program(tmp_path, SITES, seed=1)
    _, b, _, _ = profile_program(tmp_path, SITES, seed=2)
    ids_a = {c.function: c.id for c in a.codes.values()}
    ids_b = {c.function: c.id for c in b.codes.values()}
    common = ids_a.keys() & ids_b.keys()
    assert {"<module>", "keep_floats", "churn_floats", "<listcomp>"} <= common
    assert {f: ids_a[f] for f in common} == {f: ids_b[f] for f in common}
    assert all(i > 0 and i % 2 == 0 for i in [*ids_a.values(), *ids_b.values()])


def test_time_samples_land_in_the_busy_function(tmp_path, capfd):
    source = textwrap.dedent("""\
        import time
        def busy(seconds):
            t = 0
            end = time.process_time() + seconds
            while time.process_time() < end:
                for i in range(1000):
                    t += i % 7
            return t
        print(busy(0.3) > 0)
    """)
    status, prof, _, _ = profile_program(tmp_path, source, alloc_period=None, time_period=0.001)
    assert status == 0
    leaves = [prof.stack_frames(s.stack)[0] for s in prof.time_samples]
    assert leaves and sum(f.function == "busy" for f in leaves) >= 0.9 * len(leaves)


def test_time_samples_weigh_one_period_and_never_exceed_the_cpu_time(tmp_path, capfd):
    # Each CPU-time sample stands for one timer period; there is one per
    # expiry of the timer, so never more than the CPU time the run took
    # allows (a bound, whatever the load).  How close they come to it is
    # measured by python -m vmsample.bench timer (vm).
    source = textwrap.dedent("""\
        import time
        end = time.process_time() + 0.2
        n = 0
        while time.process_time() < end:
            n += 1
        print(n > 0)
    """)
    cpu = time.process_time()
    status, prof, _, _ = profile_program(tmp_path, source, alloc_period=None, time_period=0.001)
    cpu = time.process_time() - cpu
    assert status == 0
    assert prof.time_samples and {s.weight for s in prof.time_samples} == {1_000_000}
    assert len(prof.time_samples) <= cpu / 0.001 + 1


# ---------------------------------------------------------------- the command line

def vmsample(*args, cwd):
    return subprocess.run([sys.executable, "-m", "vmsample", *args], capture_output=True,
                          text=True, cwd=cwd)


def test_run_command_behaves_like_python(tmp_path):
    prog = tmp_path / "echo.py"
    prog.write_text("import sys\nprint(sys.argv[1:])\nprint('err', file=sys.stderr)\nsys.exit(3)\n")
    r = vmsample("run", "-o", "out.prof", "--alloc-period", "1K", str(prog), "a", "--b", cwd=tmp_path)
    assert r.returncode == 3
    assert r.stdout == "['a', '--b']\n"          # the program's own output only
    assert r.stderr.startswith("vmsample: writing the profile")
    assert "err\n" in r.stderr and "vmsample report out.prof" in r.stderr
    assert vmsample("validate", "out.prof", cwd=tmp_path).returncode == 0
    # refuses to overwrite without -f
    again = vmsample("run", "-o", "out.prof", str(prog), cwd=tmp_path)
    assert again.returncode == 1 and again.stderr.count("\n") == 1 and "-f" in again.stderr
    assert vmsample("run", "-f", "-o", "out.prof", str(prog), cwd=tmp_path).returncode == 3


def test_run_command_default_name_and_c_option(tmp_path):
    r = vmsample("run", "-c", "import sys; print(sys.argv)", "x", cwd=tmp_path)
    assert r.returncode == 0 and r.stdout == "['-c', 'x']\n"
    made = [p.name for p in tmp_path.iterdir()]
    assert len(made) == 1 and made[0].startswith("vmsample-c.") and made[0].endswith(".prof")
    prog = tmp_path / "hello.py"
    prog.write_text("print('hi')\n")
    r = vmsample("run", "hello.py", cwd=tmp_path)
    assert r.returncode == 0 and r.stdout == "hi\n"
    assert any(p.name.startswith("vmsample-hello.") for p in tmp_path.iterdir())


def test_run_command_refused_program_and_bad_arguments(tmp_path):
    prog = tmp_path / "bad.py"
    prog.write_text("print('before')\nclass C:\n    def f(self):\n        def g():\n"
                    "            nonlocal __class__\n            del __class__\n        g()\nC().f()\n")
    # Refused when it runs: what ran before is output and profiled.
    r = vmsample("run", "-o", "bad.prof", "bad.py", cwd=tmp_path)
    assert r.returncode == 1 and r.stdout == "before\n"
    assert r.stderr.count("NotImplementedError: bad.py:6:17: deleting a method's implicit __class__ is not "
                            "supported by vmsample") == 1
    assert (tmp_path / "bad.prof").stat().st_size > 0
    (tmp_path / "syntax.py").write_text("print('never')\nx = (\n")
    r = vmsample("run", "-o", "syntax.prof", "syntax.py", cwd=tmp_path)
    assert r.returncode == 2 and r.stdout == "" and "syntax.py:2:" in r.stderr and "SyntaxError" in r.stderr
    r = vmsample("run", "--alloc-period", "12Q", "bad.py", cwd=tmp_path)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "invalid size" in r.stderr
    r = vmsample("run", "missing.py", cwd=tmp_path)
    assert r.returncode == 2 and "can't open file 'missing.py'" in r.stderr


def test_interrupted_run_still_writes_its_profile(tmp_path):
    prog = tmp_path / "spin.py"
    # 'ready' comes from inside the loop, so the interrupt lands in the loop
    # whenever it is delivered (not in the print of line 1 if it is quick).
    prog.write_text("n = 0\nwhile True:\n    n += 1\n    if n == 1000:\n"
                    "        print('ready', flush=True)\n")
    # Like CPython, the VM keeps SIGINT ignored if it started ignored (as in a
    # background job of a non-interactive shell, where CI may run us): give
    # the child the default disposition, so that it installs its handler.
    proc = subprocess.Popen([sys.executable, "-m", "vmsample", "run", "-o", "spin.prof", "spin.py"],
                            cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert proc.stdout.readline() == "ready\n"
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130                # as CPython: 128 + SIGINT
    assert err.splitlines()[-3] == "KeyboardInterrupt"
    assert re.search(r'File ".*spin.py", line [345], in <module>', err), err
    assert vmsample("validate", "spin.prof", cwd=tmp_path).returncode == 0


def test_pypy_layout_option(tmp_path):
    prog = tmp_path / "alloc.py"
    prog.write_text("xs = [str(i) for i in range(20000)]\nprint(len(xs))\n")
    r = vmsample("run", "--layout", "pypy", "--alloc-period", "4K", "-o", "p.prof", "alloc.py",
                 cwd=tmp_path)
    assert r.returncode == 0 and r.stdout == "20000\n"
    prof = read_profile(str(tmp_path / "p.prof"))
    assert prof.meta.layout == "pypy" and len(prof.alloc_samples) > 10
    assert vmsample("validate", "p.prof", cwd=tmp_path).returncode == 0


WEAK = textwrap.dedent("""\
    import gc
    import weakref

    class Leaf:
        def __init__(self, i):
            self.i = i

    class Finalized:
        def __init__(self, i):
            self.i = i
        def __del__(self):
            pass

    def watched(n):
        refs = []
        for i in range(n):
            refs.append(weakref.ref(Leaf(i)))
        return refs

    def finalized(n):
        for i in range(n):
            Finalized(i)

    refs = watched(20000)
    finalized(20000)
    gc.collect()
    print(sum(r() is None for r in refs))
""")


def test_weak_references_and_finalizers_keep_profiles_exact(tmp_path, capfd):
    # A weak reference does not keep its sampled object alive: the object
    # dies young, as an unreferenced one would.  An object with __del__ is
    # kept for its finalizer, so its sample survives its minor collection,
    # and its death is reported when a later collection frees it.
    status, prof, _, _ = profile_program(tmp_path, WEAK, alloc_period=512, seed=7, stress=0)
    assert status == 0 and capfd.readouterr().out == "20000\n"
    by_type = {}
    for s in prof.alloc_samples:
        by_type.setdefault(s.type_name, []).append(s)
    leaves, finalized = by_type["Leaf"], by_type["Finalized"]
    assert len(leaves) > 100 and len(finalized) > 100
    assert [s.outcome.name for s in leaves].count("DIED") >= 0.95 * len(leaves)
    assert all(s.outcome.name == "SURVIVED" for s in finalized)
    assert all(s.died_major is not None for s in finalized)


# Three threads, each allocating in its own function: the main thread (0),
# then two started one after the other (1, 2).
THREADS = textwrap.dedent("""\
    import _thread

    def work_a(n):
        return [str(i) for i in range(n)]

    def work_b(n):
        return [(i, i) for i in range(n)]

    def in_thread(f, n):
        done = _thread.allocate_lock()
        done.acquire()
        _thread.start_new_thread(lambda: (f(n), done.release()), ())
        done.acquire()

    def work_main(n):
        return [[i] for i in range(n)]

    in_thread(work_a, 20000)
    in_thread(work_b, 20000)
    print(len(work_main(20000)))
""")


def test_each_thread_samples_under_its_own_id(tmp_path, capfd):
    status, prof, _, path = profile_program(tmp_path, THREADS, time_period=0.0002)
    assert status == 0 and capfd.readouterr().out == "20000\n"
    functions = {}
    for s in prof.alloc_samples:
        functions.setdefault(s.thread_id, set()).update(f.function for f in prof.stack_frames(s.stack))
    assert set(functions) == {0, 1, 2}
    assert "work_main" in functions[0] and not {"work_a", "work_b"} & functions[0]
    assert "work_a" in functions[1] and not {"work_b", "work_main"} & functions[1]
    assert "work_b" in functions[2] and not {"work_a", "work_main"} & functions[2]
    # a thread's stack is its own: rooted at _thread's bootstrap, not at the program's <module>
    for s in prof.alloc_samples:
        if s.thread_id:
            assert prof.stack_frames(s.stack)[-1].function == "bootstrap"
    assert {s.thread_id for s in prof.time_samples} <= {0, 1, 2}
    report = subprocess.run([sys.executable, "-m", "vmsample", "report", "--json", str(path)],
                            capture_output=True, text=True)
    assert report.returncode == 0
    import json
    assert json.loads(report.stdout)["summary"]["threads"] == 3
    vmprof = pytest.importorskip("vmprof")
    stats = vmprof.read_profile(str(path))
    assert {p[2] for p in stats.profiles} == {0, 1, 2}
    assert stats.n_samples == len(prof.alloc_samples)


@pytest.mark.parametrize("options, refused", [([], signal.SIGPROF), (["--real-time"], signal.SIGALRM),
                                              (["--time-period", "off"], None)])
def test_a_handler_for_the_profilers_timer_signal_is_refused(tmp_path, options, refused):
    # The host's signal() would take the timer's signal from the profiler
    # (vm/signals.pxi): the program hears why, in one line; other signals work.
    prog = tmp_path / "p.py"
    prog.write_text("import os, signal\n"
                    "for sig in (signal.SIGALRM, signal.SIGPROF, signal.SIGUSR1):\n"
                    "    try:\n"
                    "        signal.signal(sig, lambda n, f: print('handler', n))\n"
                    "    except ValueError as e:\n"
                    "        print('refused', sig, e)\n"
                    "os.kill(os.getpid(), signal.SIGUSR1)\n")
    proc = subprocess.run([sys.executable, "-m", "vmsample", "run", "-o", str(tmp_path / "p.prof"), *options,
                           str(prog)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert [line for line in lines if line.startswith("refused")] == (
        [] if refused is None else
        [f"refused {int(refused)} signal {int(refused)} is the profiler's timer signal: run the program with "
         f"--time-period off{' or without --real-time' if refused == signal.SIGALRM else ''}"])
    assert lines[-1] == f"handler {int(signal.SIGUSR1)}"
