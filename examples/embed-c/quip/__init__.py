"""quip: a small concatenative language whose VM, written in C, allocates
every object in a vmsample Nursery through vmsample's C API.

    from quip import run_source
    status = run_source('"hello" print', "demo.qp", profile="demo.prof")
"""

from quip.compiler import QuipSyntaxError
from quip.runner import DEFAULT_ALLOC_PERIOD, run_file, run_source

__all__ = ["DEFAULT_ALLOC_PERIOD", "QuipSyntaxError", "run_file", "run_source"]
