"""How much of minilisp is vmsample bookkeeping, at two revisions (issue #30).

    python tools/embedding_lines.py OLD_REV NEW_REV

Counts, in examples/embed/minilisp at each git revision, the code lines
(blank lines, comments and docstrings left out) of the blocks that exist
for vmsample rather than for the language: the cimports, the tag and
arithmetic helpers, the payload helpers, the roots hook, the stack walker,
the machine's set-up, profiling, run and teardown methods, the runner's life
cycle and the command line's options.  Blocks are found by the name they
define, the same names at both revisions; a name absent at one counts 0.
Also prints the lines anywhere in those files that name a vmsample API
(uses in the eval loop and primitives included), the coarser measure.
"""

import re
import subprocess
import sys

ROOT = "examples/embed/minilisp"
BOOKKEEPING = {
    "_vm.pyx": {"<cimports>", "<extern>", "<struct VM>", "FIXNUM_MIN", "FIXNUM_MAX", "fix", "unfix",
                "is_fix", "slots", "hdr", "has_type", "code_id", "trace_roots", "walk_stack",
                "Machine.__cinit__", "Machine.__init__", "Machine.profile_to", "Machine.stop_profiling",
                "Machine.run", "Machine.close", "Machine._release", "Machine.__dealloc__"},
    "runner.py": {"run_source"},
    "__main__.py": {"<cimports>", "_size", "_period", "_TIME_UNITS", "_duration", "build_parser", "main"},
}
API = re.compile(r"\b(gc_\w+|GC\w+|gcref_t|Nursery|Profiler|ProfGlue|ProfFrame|ProfileWriter|ProfileRun|"
                 r"CodeRegistry|attach|prof_time_samples|trace_roots|walk_stack|shadowstack_\w+|"
                 r"declare_code|code_id|profile_to|stop_profiling|stack_bottom|fix|unfix|is_fix|slots|"
                 r"hdr|has_type|ml_add|ml_sub|ml_mul|ml_fits|parse_size|check_timer_period|"
                 r"add_profile_arguments|profile_options)\b")
DEFINES = re.compile(r"^(    )?(?:cdef (?:inline )?[\w*]+ |cpdef \w+ |def |class |cdef class |ctypedef struct )(\w+)")


def code_lines(block):
    """[block]'s lines less blank lines, comments and a def's docstring."""
    out, in_doc = [], False
    for j, line in enumerate(block):
        s = line.strip()
        if in_doc:
            in_doc = '"""' not in s
        elif j == 1 and s.startswith('"""') and not block[0].startswith("cdef extern"):
            in_doc = not (s.count('"""') == 2 and len(s) > 3)
        elif s and not s.startswith("#"):
            out.append(line)
    return out


def blocks(text):
    """{name: code lines} of the top-level definitions and the methods of classes."""
    lines = text.splitlines()
    found, name, cls, start = {}, "<top>", None, 0

    def close(end):
        found[name] = found.get(name, []) + code_lines(lines[start:end])

    for i, line in enumerate(lines):
        new = None
        if line.startswith("cdef extern from"):
            new = "<extern>"
        elif (m := DEFINES.match(line)) is not None:
            if m.group(1) is None:
                cls = m.group(2) if re.match(r"(cdef )?class ", line) else None
                new = "<struct VM>" if m.group(2) == "VM" else m.group(2)
            elif cls is not None:
                new = f"{cls}.{m.group(2)}"
        elif re.match(r"(from|import|cimport) ", line):
            new = "<cimports>" if "vmsample" in line else "<imports>"
        elif re.match(r"\w+ = ", line):
            new = line.split(" = ")[0]
        elif line and not line[0].isspace() and not line.startswith(("#", ")", "@")):
            new, cls = "<top>", None
        if new is not None:
            close(i)
            name, start = new, i
    close(len(lines))
    return found


def measure(rev):
    bookkeeping, naming = {}, 0
    for file, names in BOOKKEEPING.items():
        text = subprocess.run(["git", "show", f"{rev}:{ROOT}/{file}"], capture_output=True, text=True,
                              check=True).stdout
        found = blocks(text)
        for name in names:
            if found.get(name):
                bookkeeping[f"{file}:{name}"] = len(found[name])
        naming += sum(1 for line in code_lines(text.splitlines()) if API.search(line))
    return bookkeeping, naming


def main(old, new):
    (before, naming_before), (after, naming_after) = measure(old), measure(new)
    print(f"{'block':42} {old:>10} {new:>10}")
    for key in sorted(set(before) | set(after)):
        print(f"{key:42} {before.get(key, 0):>10} {after.get(key, 0):>10}")
    total_before, total_after = sum(before.values()), sum(after.values())
    print(f"{'bookkeeping lines':42} {total_before:>10} {total_after:>10}"
          f"   {100 * (total_before - total_after) / total_before:.0f}% fewer")
    print(f"{'lines naming a vmsample API':42} {naming_before:>10} {naming_after:>10}"
          f"   {100 * (naming_before - naming_after) / naming_before:.0f}% fewer")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(*sys.argv[1:])
