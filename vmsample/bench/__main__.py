import importlib
import pkgutil
import sys

import vmsample.bench as package


def _benchmarks():
    # A benchmark is a module or package with main(); helper extensions (e.g.
    # alloc_kernels) are not.  Its command-line name spells the module's
    # underscores as dashes (cpython_tests: cpython-tests).
    names = (m.name for m in pkgutil.iter_modules(package.__path__) if not m.name.startswith("_"))
    return sorted(n.replace("_", "-") for n in names
                  if hasattr(importlib.import_module(f"vmsample.bench.{n}"), "main"))


def _module(name):
    return importlib.import_module(f"vmsample.bench.{name.replace('-', '_')}")


def main(argv):
    names = _benchmarks()
    if not argv or argv[0] in ("-h", "--help"):
        print("usage: python -m vmsample.bench NAME [options]\n\nbenchmarks:")
        for name in names:
            doc = (_module(name).__doc__ or "").strip()
            print(f"  {name:14} {doc.splitlines()[0] if doc else ''}")
        return 0 if argv else 2
    if argv[0] not in names:
        print(f"vmsample.bench: error: unknown benchmark {argv[0]!r} (choose from {', '.join(names)})",
              file=sys.stderr)
        return 2
    return _module(argv[0]).main(argv[1:]) or 0


sys.exit(main(sys.argv[1:]))
