"""tools/read_profile.py runs in a virtual environment where only `construct`
is installed (no numpy, no compiled module of vmsample), prints a useful
summary, and sums what the model sums."""

import os
import shutil
import subprocess
import sys
import textwrap
import venv
from pathlib import Path

import construct
import pytest

from profile_runs import Run, write_run
from vmsample import read_profile
from vmsample.profile import ProfileWriter, schema_reader

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "read_profile.py"
FIXTURES = ROOT / "tests" / "data" / "format"

# Runs the tool with an import hook that refuses every compiled vmsample
# module (the checkout's own are built in place), and lists any that loaded.
HARNESS = textwrap.dedent("""
    import importlib.machinery, runpy, sys
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
        print("COMPILED:", loaded, "NUMPY:", "numpy" in sys.modules, file=sys.stderr)
""")


@pytest.fixture(scope="session")
def construct_only(tmp_path_factory):
    """The python of a virtual environment with construct installed and
    nothing else (the package copied into its site-packages: no network)."""
    root = tmp_path_factory.mktemp("venv-construct")
    venv.create(root, with_pip=False)
    python = root / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    shutil.copytree(Path(construct.__file__).parent, Path(site) / "construct")
    check = subprocess.run([str(python), "-c", "import construct\ntry:\n    import numpy\nexcept ImportError:"
                            "\n    print('no numpy')"], capture_output=True, text=True)
    assert check.stdout == "no numpy\n", check.stderr
    return python


@pytest.fixture
def run_tool(construct_only):
    def run(*args):
        code = HARNESS.format(args=list(args), tool=str(TOOL))
        env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
        return subprocess.run([str(construct_only), "-c", code], capture_output=True, text=True,
                              env=env, cwd="/", timeout=300)
    return run


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


def test_summary_with_construct_alone(tmp_path, run_tool):
    path = make(tmp_path, ".prof.gz")
    out = run_tool(str(path))
    assert out.returncode == 0, out.stderr
    assert "COMPILED: [] NUMPY: False" in out.stderr
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


def test_dump_with_construct_alone(tmp_path, run_tool):
    out = run_tool("--dump", str(make(tmp_path)))
    assert out.returncode == 0, out.stderr
    assert "COMPILED: [] NUMPY: False" in out.stderr
    kinds = [line.split()[1] for line in out.stdout.splitlines()]
    assert kinds[0] == "static_header" and kinds[-1] == "ext:end" and kinds.count("ext:alloc_sample") == 8


def test_malformed_file_is_one_line_exit_1(tmp_path, run_tool):
    path = make(tmp_path)
    path.write_bytes(path.read_bytes()[:-10])
    out = run_tool(str(path))
    assert out.returncode == 1
    err = [line for line in out.stderr.splitlines() if not line.startswith("COMPILED")]
    assert len(err) == 1 and "invalid" in err[0] and "at byte" in err[0]


def test_another_profilers_file_needs_numpy_and_says_so(run_tool):
    out = run_tool(str(ROOT / "tests" / "data" / "real-profiles" / "example.prof"))
    assert out.returncode == 1 and "needs numpy" in out.stderr


def model_summary(path, top=10):
    """The tool's summary of what the model sums (schema_reader.read_profile)."""
    sys.path.insert(0, str(TOOL.parent))
    try:
        import read_profile as tool
    finally:
        sys.path.remove(str(TOOL.parent))
    lines = []
    tool.summarize(schema_reader.read_profile(path, aggregate=True), top=top, out=lines.append)
    return "".join(f"{line}\n" for line in lines)


def random_run(tmp_path):
    """A real run: random sampling, objects that cross several sample
    points (continued records), deaths, time samples, major collections."""
    out = tmp_path / "random.prof"
    program = ("keep = []\nfor i in range(20000):\n    keep.append([0] * (i % 900))\n"
               "    if len(keep) > 300:\n        keep = keep[100:]\n")
    proc = subprocess.run([sys.executable, "-m", "vmsample", "run", "-o", str(out), "--alloc-period", "2K",
                           "--time-period", "200us", "-c", program], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert any(s.objects < 1 for s in read_profile(out).alloc_samples)      # large objects were sampled
    return out


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("*.prof*") if not p.name.endswith(".spool")
                                        and p.name != "killed.prof") + ["random run"])
def test_the_tool_sums_what_the_model_sums(tmp_path, run_tool, name):
    path = random_run(tmp_path) if name == "random run" else FIXTURES / name
    out = run_tool("--top", "50", str(path))
    assert out.returncode == 0, out.stderr
    assert out.stdout == model_summary(path, top=50)


@pytest.mark.parametrize("name", ["vmprof-pauses.prof", "pypy-fixed.prof.gz", "time-only.prof"])
def test_with_numpy_the_fast_reader_gives_the_same_summary(run_tool, name):
    # numpy present (this environment): the fast reader; --plain and the
    # construct-only environment: PlainProfile.  The same text either way.
    path = str(FIXTURES / name)
    fast = subprocess.run([sys.executable, str(TOOL), path], capture_output=True, text=True, timeout=300)
    plain = subprocess.run([sys.executable, str(TOOL), "--plain", path], capture_output=True, text=True,
                           timeout=300)
    alone = run_tool(path)
    assert fast.returncode == plain.returncode == alone.returncode == 0, fast.stderr + plain.stderr
    assert fast.stdout == plain.stdout == alone.stdout
    assert ("  pauses " in fast.stdout) == (name == "vmprof-pauses.prof")     # only it has PAUSE records
