"""Build the Cython extensions of vmsample.

Every ``*.pyx`` under ``vmsample/`` becomes an extension module of the same
dotted name, so adding a module needs no edit here.

Two sets of Cython directives, chosen by the environment (as memray does):

* release (default): no bounds checks, C division, ``NDEBUG``.
* test/debug (``VMSAMPLE_TEST_BUILD=1 pip install -e .``): bounds checks
  on, ``NDEBUG`` undefined so C ``assert``s run, ``-O1 -g``.

Both builds keep Cython's default ``wraparound=True``: ``wraparound=False``
makes ``lst[-1]`` on a Python list read out of bounds, and it buys nothing
here, since the VM's hot code indexes C pointers (where ``p[-1]`` is plain C
and the directive does not apply).

The directives live here and not in ``# cython:`` file headers because a
file header would override them (sagemath/sage#12468).
"""

import importlib.util
import os
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

TEST_BUILD = os.environ.get("VMSAMPLE_TEST_BUILD", "") not in ("", "0")

DIRECTIVES = {
    "language_level": 3,
    "embedsignature": True,
    "boundscheck": False,
    "initializedcheck": False,
    "cdivision": True,
}
# A GC type-puns headers and payload words; keep the compiler honest about it.
CFLAGS = ["-fno-strict-aliasing"]
MACROS = [("NDEBUG", "1")]
UNDEF = []

if TEST_BUILD:
    # No overflowcheck: Cython 3.3 compiles a checked pointer difference as a
    # byte difference (not divided by the element size), which would make the
    # test build compute wrong answers that the release build does not.
    DIRECTIVES.update(boundscheck=True, initializedcheck=True,
                      cdivision=False)
    CFLAGS += ["-O1", "-g"]
    MACROS = []
    UNDEF = ["NDEBUG"]


def write_opcodes_pxi():
    """vmsample/lang/vm/opcodes.pxi from vmsample/lang/opcodes.py, the one
    definition of the instruction set and code flags.  Loaded by path: the
    package itself may not be importable before it is built.  Rewritten only
    when its text changes, so that cythonize recompiles the VM only then."""
    spec = importlib.util.spec_from_file_location("vmsample_opcodes", "vmsample/lang/opcodes.py")
    opcodes = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(opcodes)
    pxi = Path("vmsample/lang/vm/opcodes.pxi")
    text = opcodes.cython_declarations()
    if not pxi.exists() or pxi.read_text() != text:
        pxi.write_text(text)


def directives_changed():
    """Whether the last build used other directives (release / test, or an
    edit of DIRECTIVES): its C must be generated again, although no .pyx
    changed (cythonize only compares times)."""
    stamp = Path("build") / "vmsample-build-directives"
    directives = repr(sorted(DIRECTIVES.items()))
    changed = not stamp.exists() or stamp.read_text() != directives
    stamp.parent.mkdir(exist_ok=True)
    stamp.write_text(directives)
    return changed


def extensions():
    for pyx in sorted(Path("vmsample").rglob("*.pyx")):
        name = ".".join(pyx.with_suffix("").parts)
        yield Extension(name, [str(pyx)], extra_compile_args=CFLAGS,
                        define_macros=MACROS, undef_macros=UNDEF)


if __name__ == "__main__":   # pip's build backend runs this file as __main__ too
    write_opcodes_pxi()
    # Called before the `or`: the stamp must record a test build too, or the
    # release build after it would keep the test build's C.
    changed = directives_changed()
    setup(
        ext_modules=cythonize(
            list(extensions()),
            compiler_directives=DIRECTIVES,
            nthreads=os.cpu_count() or 1,
            force=TEST_BUILD or changed,
        ),
    )
