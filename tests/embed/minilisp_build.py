"""Where the embedding example lives and the GC debug knobs its runs are
repeated under (shared by conftest.py and the tests)."""

from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "embed"
PROGRAMS = Path(__file__).resolve().parent / "programs"
# Left in the example by a build in place; never copied into a test's build.
BUILD_OUTPUTS = ("build", "*.so", "*.c", "*.egg-info", "__pycache__", "*.prof*")

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
