"""minilisp: a small Scheme whose heap is a vmsample Nursery.

vmsample's embedding example: a third-party VM, built against an installed
vmsample, that allocates every object through the nursery core's C API and
writes allocation profiles with the C-level profile writer.

    from minilisp import run_source
    status = run_source('(display (list 1 2))', "demo.scm", profile="demo.prof")
"""

from minilisp.reader import LispSyntaxError
from minilisp.runner import DEFAULT_ALLOC_PERIOD, run_file, run_source

__all__ = ["DEFAULT_ALLOC_PERIOD", "LispSyntaxError", "run_file", "run_source"]
