"""A stand-in for ``pyperf``, written here, for the real-world corpus.

pyperformance's benchmarks import pyperf to time themselves.  This module
runs each benchmark function a fixed number of times and prints what the
benchmark computed -- never a time -- so that CPython and the vmsample VM
must print exactly the same.  It is written in the subset the VM runs and is
copied next to each benchmark (as ``pyperf.py``) in the corpus cache
(vmsample/bench/corpus.py).
"""

import sys
import time

LOOPS = 1


def perf_counter():
    return time.perf_counter()


class _Namespace:
    def __repr__(self):
        return "Namespace(" + ", ".join(f"{k}={v!r}" for k, v in sorted(self.__dict__.items())) + ")"


class _Option:
    def __init__(self, names, options):
        self.positional = not names[0].startswith("-")
        long_names = [n for n in names if n.startswith("--")] or list(names)
        self.dest = options.get("dest") or long_names[0].lstrip("-").replace("-", "_")
        self.names = names
        self.action = options.get("action")
        self.type = options.get("type")
        self.default = options.get("default", False if self.action == "store_true" else None)
        self.nargs = options.get("nargs")


class _ArgParser:
    """The part of argparse the benchmarks use: options with defaults, flags,
    positionals; --name value and --name=value."""

    def __init__(self):
        self._options = []

    def add_argument(self, *names, **options):
        self._options.append(_Option(names, options))

    def add_argument_group(self, *args, **kwargs):
        return self

    def add_mutually_exclusive_group(self, *args, **kwargs):
        return self

    def parse_args(self, argv=None):
        argv = list(sys.argv[1:] if argv is None else argv)
        ns = _Namespace()
        for opt in self._options:
            setattr(ns, opt.dest, [] if opt.nargs in ("*", "+") and opt.default is None else opt.default)
        positionals = [o for o in self._options if o.positional]
        while argv:
            word = argv.pop(0)
            if word.startswith("-"):
                name, _, value = word.partition("=")
                opt = [o for o in self._options if name in o.names][0]
                if opt.action == "store_true":
                    setattr(ns, opt.dest, True)
                    continue
                if not value:
                    value = argv.pop(0)
            else:
                opt, value = positionals.pop(0), word
            if opt.nargs in ("*", "+"):
                getattr(ns, opt.dest).append(opt.type(value) if opt.type else value)
            else:
                setattr(ns, opt.dest, opt.type(value) if opt.type else value)
        return ns


def _show(value):
    text = repr(value)
    return text if len(text) <= 200 else text[:200] + "..."


class Runner:
    def __init__(self, *args, **kwargs):
        self.metadata = {}
        self.argparser = _ArgParser()
        self.args = None

    def parse_args(self, args=None):
        self.args = self.argparser.parse_args(args)
        return self.args

    def bench_func(self, name, func, *args, **kwargs):
        result = None
        for _ in range(LOOPS):
            result = func(*args)
        print(f"{name}: {_show(result)}")

    def bench_time_func(self, name, func, *args, **kwargs):
        func(LOOPS, *args)              # it returns the time it took: not shown
        print(f"{name}: done")

    def bench_async_func(self, name, func, *args, **kwargs):
        raise NotImplementedError("async benchmarks are outside the corpus")

    def bench_command(self, name, command):
        raise NotImplementedError("command benchmarks are outside the corpus")
