"""``import M`` on the VM for every module of the host's standard library (issue #27).

``python -m vmsample.bench stdlib-imports [--modules a,b.c] [--jobs N]
[--failures] [--stdlib-beside] [--json]``

The modules are found by walking the host's standard library
(``sysconfig``: its ``.py`` modules and packages, the extension modules of
``lib-dynload``, and the modules built into the interpreter), less the
exceptions of ``stdlib_imports.toml`` (a GUI, ctypes, another process's
machinery, test suites; each with its reason).  Of those, the survey keeps
the ones that CPython imports here, each tried by ``python -c "import M"``
in a fresh process, and tries each on the VM: a generated program of one
``try: import M`` per module, BATCH modules to a process, printing a record
per module; after a crash or a hang (watched.py) the module that caused it
is tried alone and the rest of its batch goes on in a new process.

Prints the share that imports on the VM, by kind of module, and the causes
of the failures, by how many modules each stops: the module or name that
the error message says is missing (parsed), or the message itself.

``--stdlib-beside`` is for a VM that does not search the host's standard
library yet but does search the program's directory: the survey links the
library's modules there, so that the VM compiles CPython's own modules in
place of its hand-written ones, and the causes say what it meets in them.
"""

import argparse
import collections
import concurrent.futures
import fnmatch
import json
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import tomllib
from pathlib import Path

from vmsample.bench import watched
from vmsample.bench.corpus import DRIVERS, clean_env

EXCEPTIONS = Path(__file__).resolve().with_suffix(".toml")
RECORDS = DRIVERS / "vmsample_records.py"
BATCH = 40
BUDGET = 600.0      # seconds for one VM process (one batch)
SILENCE = 120.0     # seconds for one import
CPYTHON_TIMEOUT = 60.0


def candidates():
    """{module name: kind} of every module of the host's standard library:
    "python" (a .py module or package), "extension" (lib-dynload) or
    "builtin" (compiled into the interpreter)."""
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    found = {}

    def walk(directory, prefix):
        for entry in sorted(directory.iterdir()):
            stem = entry.name.removesuffix(".py")
            if not stem.isidentifier():
                continue
            if entry.is_file() and entry.suffix == ".py" and stem != "__init__":
                found[prefix + stem] = "python"
            elif entry.is_dir() and (entry / "__init__.py").is_file():
                found[prefix + stem] = "python"
                walk(entry, f"{prefix}{stem}.")

    walk(stdlib, "")
    for entry in sorted((stdlib / "lib-dynload").glob("*.so")):
        found.setdefault(entry.name.split(".")[0], "extension")
    for name in sys.builtin_module_names:
        found.setdefault(name, "builtin")
    return found


def exceptions():
    with open(EXCEPTIONS, "rb") as f:
        return tomllib.load(f)["exception"]


def exception_reason(name, groups):
    for group in groups:
        if any(fnmatch.fnmatchcase(name, pattern) for pattern in group["modules"]):
            return group["reason"]
    return None


def imports_on_cpython(name):
    try:
        r = subprocess.run([sys.executable, "-c", f"import {name}"], capture_output=True, cwd=tempfile.gettempdir(),
                           env=clean_env(), stdin=subprocess.DEVNULL, timeout=CPYTHON_TIMEOUT)
    except subprocess.TimeoutExpired:
        return False
    return r.returncode == 0


def program(names):
    """The VM's side: a program that tries each import in turn."""
    lines = ["from vmsample_records import describe as _vmsample_describe, emit as _vmsample_emit"]
    for name in names:
        lines += [f"_vmsample_emit('start', {name!r})",
                  "try:",
                  f"    import {name}",
                  f"    _vmsample_emit('ok', {name!r})",
                  "except BaseException as _vmsample_error:",
                  f"    _vmsample_emit('failed', {name!r}, _vmsample_describe(_vmsample_error))"]
    lines.append("_vmsample_emit('end')")
    return "\n".join(lines) + "\n"


def imports_on_vm(names, home=None, silence=SILENCE):
    """{name: error message, or None if it imports} for every one of [names],
    run from [home] (a fresh directory by default)."""
    results = {}
    with tempfile.TemporaryDirectory(prefix="vmsample-imports-") as tmp:
        home = Path(home or tmp)
        shutil.copyfile(RECORDS, home / RECORDS.name)
        # Batches run at once may share [home]: each its own program file.
        script = home / f"vmsample_imports_{Path(tmp).name}.py"
        env = clean_env(TMPDIR=tmp)
        pending = [list(names)]
        while pending:
            batch = pending.pop()
            script.write_text(program(batch))
            w = watched.run([sys.executable, "-m", "vmsample.lang", script.name], cwd=home, env=env,
                            budget=BUDGET, silence=silence, memory=4 << 30)
            running, finished = None, False
            for fields in w.records:
                if fields[0] == "start":
                    running = fields[1]
                elif fields[0] in ("ok", "failed"):
                    results[fields[1]] = fields[2] if fields[0] == "failed" else None
                    running = None
                elif fields[0] == "end":
                    finished = True
            if finished:
                continue
            rest = [n for n in batch if n not in results and n != running]
            if len(batch) == 1:                 # alone, and it still ends the process
                results[batch[0]] = w.how_it_ended()
            elif running is None:               # the program never got going: one by one
                pending += [[n] for n in rest]
            else:                               # try the culprit alone, then the rest
                pending += [rest, [running]] if rest else [[running]]
        script.unlink()
    return results


def link_stdlib(directory):
    """Link every top-level module and package of the host's standard library
    into [directory]: a VM that looks for modules only in the program's
    directory and its own library then compiles CPython's own (--stdlib-beside)."""
    for entry in Path(sysconfig.get_paths()["stdlib"]).iterdir():
        if entry.name.removesuffix(".py").isidentifier() and (entry.suffix == ".py" or (entry / "__init__.py").is_file()):
            (Path(directory) / entry.name).symlink_to(entry)


CAUSES = [
    # (pattern over the error line, what is missing); the first that matches.
    (r"No module named '([\w.]+)'", "module {0}"),
    (r"import (?:from )?(?:of )?module '([\w.]+)' is not supported by vmsample", "module {0}"),
    (r"cannot import name '(\w+)' from '([\w.]+)'", "name {1}.{0}"),
    (r"module '([\w.]+)' has no attribute '(\w+)'", "name {0}.{1}"),
    (r"type object '(\w+)' has no attribute '(\w+)'", "attribute {0}.{1}"),
    (r"'(\w+)' object has no attribute '(\w+)'", "attribute {0}.{1}"),
    (r"name '(\w+)' is not defined", "name {0}"),
    (r"^(\w+): (?:[^:]*:\d+:\d+: )?(.*) is not supported by vmsample", "unsupported: {1}"),
]


def cause(module, message):
    """What the failure of `import module` says is missing, one short line."""
    for pattern, what in CAUSES:
        m = re.search(pattern, message)
        if m:
            found = what.format(*m.groups())
            if found in (f"module {module}", f"module {module.split('.')[0]}"):
                return "the VM does not find the module itself"
            return found
    return re.sub(r"^(\w+): [^:\s]*:\d+:\d+: ", r"\1: ", message)[:120]


def survey(names, kinds, jobs, beside=False):
    groups = exceptions()
    excepted = {n: r for n in names if (r := exception_reason(n, groups))}
    tried = [n for n in names if n not in excepted]
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        on_cpython = dict(zip(tried, pool.map(imports_on_cpython, tried)))
    surveyed = [n for n in tried if on_cpython[n]]
    # The VM's batches in [jobs] interleaved slices, so that each holds
    # modules of every part of the library.
    slices = [surveyed[i::jobs] for i in range(jobs)]
    chunks = [s[i:i + BATCH] for s in slices for i in range(0, len(s), BATCH)]
    vm = {}
    with tempfile.TemporaryDirectory(prefix="vmsample-stdlib-") as home, \
            concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        if beside:
            link_stdlib(home)
        for part in pool.map(lambda chunk: imports_on_vm(chunk, home if beside else None), chunks):
            vm.update(part)
    modules = [{"module": n, "kind": kinds[n], "error": vm[n], "cause": vm[n] and cause(n, vm[n])}
               for n in surveyed]
    return {"modules": modules, "excepted": excepted,
            "cpython_fails": sorted(n for n in tried if not on_cpython[n])}


def summarize(result):
    modules = result["modules"]
    ok = [m for m in modules if m["error"] is None]
    by_kind = {}
    for kind in ("python", "extension", "builtin"):
        of_kind = [m for m in modules if m["kind"] == kind]
        by_kind[kind] = {"modules": len(of_kind), "import": sum(m["error"] is None for m in of_kind)}
    causes = collections.Counter(m["cause"] for m in modules if m["error"] is not None)
    return {"modules": len(modules), "import": len(ok), "share": len(ok) / len(modules) if modules else None,
            "by_kind": by_kind, "excepted": len(result["excepted"]),
            "cpython_fails": len(result["cpython_fails"]), "causes": causes.most_common()}


def main(argv):
    parser = argparse.ArgumentParser(prog="python -m vmsample.bench stdlib-imports",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--modules", help="comma-separated modules (default: the whole standard library)")
    parser.add_argument("--jobs", type=int, default=1, help="processes run at once (default 1)")
    parser.add_argument("--failures", action="store_true", help="also list each module that fails, with its error")
    parser.add_argument("--stdlib-beside", action="store_true",
                        help="link the host's standard library into the directory the VM runs the imports from, "
                             "for a VM that does not look for it yet: what the VM meets in CPython's own modules")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error("--jobs must be >= 1")
    kinds = candidates()
    names = list(kinds)
    if args.modules:
        names = args.modules.split(",")
        unknown = [n for n in names if n not in kinds]
        if unknown:
            parser.error(f"not modules of the standard library: {', '.join(unknown)}")
    result = survey(names, kinds, args.jobs, args.stdlib_beside)
    summary = summarize(result)
    if args.json:
        print(json.dumps({"summary": summary, **result}, indent=2))
        return 0
    share = "-" if summary["share"] is None else f"{summary['share']:.1%}"
    print(f"standard library of {sys.executable} ({sysconfig.get_paths()['stdlib']}): {len(names)} modules, "
          f"{summary['excepted']} excepted (stdlib_imports.toml), {summary['cpython_fails']} that CPython "
          f"does not import here; of the other {summary['modules']}, the VM imports {summary['import']} ({share})"
          + (" with the standard library linked beside the program" if args.stdlib_beside else ""))
    for kind, k in summary["by_kind"].items():
        print(f"  {kind:10} {k['import']:5} of {k['modules']:5}")
    if summary["causes"]:
        print("\nwhat stops the others (modules stopped, cause):")
        for what, n in summary["causes"][:25]:
            print(f"  {n:5}  {what}")
        if len(summary["causes"]) > 25:
            print(f"  ... and {len(summary['causes']) - 25} more causes (--json lists them all)")
    if args.failures:
        print("\nmodules that do not import on the VM:")
        for m in result["modules"]:
            if m["error"] is not None:
                print(f"  {m['module']:40} {m['error'][:150]}")
    return 0
