"""Where the embedding examples live, how a test builds them, and the GC
debug knobs their runs are repeated under (shared by conftest.py and the
tests)."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

from differential import clean_env

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "embed"
EXAMPLE_C = EXAMPLE.parent / "embed-c"
PROGRAMS = Path(__file__).resolve().parent / "programs"
PROBE = Path(__file__).resolve().parent / "probe"
# Left in an example by a build in place; never copied into a test's build.
BUILD_OUTPUTS = ("build", "*.so", "*.egg-info", "__pycache__", "*.prof*")


def ignore_build_outputs(directory, names):
    """shutil.copytree's [ignore]: BUILD_OUTPUTS, and the C that Cython
    generated from a .pyx beside it (a C example's own .c files are sources)."""
    ignored = set(shutil.ignore_patterns(*BUILD_OUTPUTS)(directory, names))
    return ignored | {n for n in names if n.endswith(".c") and n[:-2] + ".pyx" in names}

# The GC debug knobs (docs/design.md §2.6), each run of the example must survive them.
KNOBS = {
    "tiny-nursery": {"VMSAMPLE_NURSERY": "256"},
    "stress": {"VMSAMPLE_GC_STRESS": "1", "VMSAMPLE_NURSERY": "64K"},
    "debug": {"VMSAMPLE_GC_DEBUG": "1", "VMSAMPLE_NURSERY": "4K"},
    "all": {"VMSAMPLE_NURSERY": "1K", "VMSAMPLE_GC_STRESS": "3", "VMSAMPLE_GC_DEBUG": "1"},
}


def readme_script(readme=EXAMPLE / "README.md"):
    """The README's shell commands, verbatim: every ```sh block, in order, as
    one script (its `cd` carries over, as when a reader types them)."""
    blocks, block = [], None
    for line in readme.read_text(encoding="utf-8").splitlines():
        if block is None:
            if line.strip() == "```sh":
                block = []
        elif line.strip() == "```":
            blocks.append("\n".join(block))
            block = None
        else:
            block.append(line)
    return "\n".join(blocks) + "\n"


def build_in_place(source, root, what, cflags=None):
    """Copy [source] to [root] and ``setup.py build_ext --inplace`` it there,
    as a third party would: only the installed vmsample on the include path
    ([cflags]: added to the C compiler's flags).  Authors copy this code, so
    it must build clean: no Cython or C warning."""
    shutil.copytree(source, root, ignore=ignore_build_outputs)
    env = clean_env()
    if cflags:
        env["CFLAGS"] = f"{os.environ.get('CFLAGS', '')} {cflags}".strip()
    proc = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=root,
                          env=env, capture_output=True, text=True)
    assert proc.returncode == 0, f"building {what} failed:\n{proc.stdout}\n{proc.stderr}"
    warnings = [line for line in (proc.stdout + proc.stderr).splitlines() if "warning" in line.lower()]
    assert not warnings, f"building {what} warns:\n" + "\n".join(warnings)
    assert list(root.rglob("*.so")), "no extension module was built"
    return root
