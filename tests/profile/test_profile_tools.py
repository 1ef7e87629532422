"""tools/read_profile.py runs with only `construct` and `numpy` importable and without
any compiled module of vmsample, and prints a useful summary."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import construct

from profile_runs import Run, write_run
from vmsample import read_profile
from vmsample.profile import ProfileWriter

TOOL = Path(__file__).resolve().parents[2] / "tools" / "read_profile.py"

# Runs the tool under `python -S` (no site-packages, so no installed vmsample
# and nothing but the stdlib and construct's directory on sys.path) with an
# import hook that refuses every compiled vmsample module.
HARNESS = textwrap.dedent("""
    import importlib.machinery, runpy, sys
    sys.path.append({construct_dir!r})
    class NoCompiledVmsample:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] == "vmsample":
                spec = importlib.machinery.PathFinder.find_spec(name, path)
                if spec is not None and isinstance(spec.loader, importlib.machinery.ExtensionFileLoader):
                    raise ImportError("compiled module blocked: " + name)
            return None
    sys.meta_path.insert(0, NoCompiledVmsample())
    sys.argv = ["read_profile.py"] + {args!r}
    try:
        runpy.run_path({tool!r}, run_name="__main__")
    finally:
        loaded = sorted(m for m, mod in sys.modules.items() if m.startswith("vmsample")
                        and getattr(mod, "__file__", "") and not mod.__file__.endswith(".py"))
        print("COMPILED:", loaded, file=sys.stderr)
""")


def run_tool(*args):
    code = HARNESS.format(construct_dir=str(Path(construct.__file__).parents[1]), args=list(args),
                          tool=str(TOOL))
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    return subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True,
                          env=env, cwd="/", timeout=300)


def make(tmp_path, suffix=".prof"):
    run = Run({2: ("<module>", 1, "prog.py"), 4: ("make_node", 7, "prog.py")}, {3: "Node", 5: "list"},
              [("alloc", 48, 3, [(4, 8), (2, 20)], 0, False)] * 6
              + [("alloc", 1 << 20, 5, [(2, 21)], 0, True)] * 2
              + [("minor", b"\x00" * 8, 0), ("time", [(4, 9), (2, 20)], 0)],
              alloc_period=4096)
    path = tmp_path / f"t{suffix}"
    with ProfileWriter(path, alloc_period=4096, program="prog.py", argv=["prog.py", "7"]) as w:
        write_run(w, run)
    return path


def test_summary_without_compiled_modules(tmp_path):
    path = make(tmp_path, ".prof.gz")
    out = run_tool(str(path))
    assert out.returncode == 0, out.stderr
    assert "COMPILED: []" in out.stderr
    text = out.stdout
    # Objects as well as bytes: the totals the fast reader's model gives.
    model = read_profile(str(path))
    assert f"~{sum(s.objects for s in model.alloc_samples):.0f} objects allocated" in text
    node_objects = sum(s.objects for s in model.alloc_samples if s.type_name == "Node")
    assert any(line.split()[2:3] == [f"{node_objects:.0f}"] and line.endswith(" Node")
               for line in text.splitlines()), text
    assert "prog.py 7" in text and "gzip" in text
    assert "8 allocation" in text and "1 time" in text
    assert "make_node (prog.py:8)" in text and "<module> (prog.py:21)" in text
    assert "Node" in text and "list" in text
    assert "1 minor collections" in text


def test_dump_without_compiled_modules(tmp_path):
    out = run_tool("--dump", str(make(tmp_path)))
    assert out.returncode == 0, out.stderr
    assert "COMPILED: []" in out.stderr
    kinds = [line.split()[1] for line in out.stdout.splitlines()]
    assert kinds[0] == "static_header" and kinds[-1] == "ext:end" and kinds.count("ext:alloc_sample") == 8


def test_malformed_file_is_one_line_exit_1(tmp_path):
    path = make(tmp_path)
    path.write_bytes(path.read_bytes()[:-10])
    out = run_tool(str(path))
    assert out.returncode == 1
    err = [line for line in out.stderr.splitlines() if not line.startswith("COMPILED")]
    assert len(err) == 1 and "invalid" in err[0] and "at byte" in err[0]
