"""Converters from a `Profile` to other viewers' formats.

=============  ==============================================================
``firefox``    Firefox Profiler processed profile (``firefox.py``)
``speedscope`` speedscope JSON (``speedscope.py``)
``html``       one self-contained HTML page with a flame graph (``html.py``)
``collapsed``  ``a;b;c weight`` lines for flamegraph.pl (``collapsed.py``)
``pprof``      gzipped pprof profile.proto, for go tool pprof (``pprof.py``)
=============  ==============================================================

Each module defines ``SUFFIX`` (the default output file's suffix) and
``render(profile, progress=QUIET, **options)``, which returns text (written as
UTF-8, gzip-compressed when the output name ends in ``.gz``) or bytes (a
binary format, written as they are).
"""

from __future__ import annotations

import gzip
import importlib
import os

FORMATS = ("firefox", "speedscope", "html", "collapsed", "pprof")
# The formats whose render reads the profile's totals only (no sample
# columns): `vmsample convert` reads their input with aggregate=True.  The
# others read samples merged within time slices (merged=True), which they
# merge themselves when given a whole profile (vmsample/profile/merge.py).
TOTALS_ONLY = ("collapsed", "pprof")


def module(fmt: str):
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r} (expected one of {', '.join(FORMATS)})")
    return importlib.import_module(f"vmsample.convert.{fmt}")


def default_output(source: str, fmt: str) -> str:
    """``run.prof`` -> ``run.speedscope.json`` (beside the input)."""
    base = os.fspath(source)
    for suffix in (".prof.gz", ".prof", ".gz"):
        if base.endswith(suffix):
            base = base[: -len(suffix)]
            break
    return base + module(fmt).SUFFIX


def render(profile, fmt: str, progress=None, **options) -> str | bytes:
    from vmsample.report.progress import QUIET

    return module(fmt).render(profile, progress or QUIET, **options)


def encode(output: str | bytes, path: str) -> bytes:
    """A converter's [output] as the bytes of the file [path]: text as UTF-8,
    gzip-compressed when the name ends in ``.gz``; bytes as they are."""
    if isinstance(output, bytes):
        return output
    data = output.encode("utf-8")
    if path.endswith(".gz"):
        data = gzip.compress(data, compresslevel=6, mtime=0)
    return data
