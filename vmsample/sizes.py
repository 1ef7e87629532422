"""The one size grammar: nursery sizes, heap limits and sampling periods, in
the Python API (``Nursery(nursery_size="4M")``), on the command line
(``vmsample run --nursery 4M``) and in the environment (``VMSAMPLE_NURSERY``).

A size is a whole number of bytes with an optional binary suffix:
``256``, ``256B``, ``64K``, ``64KB``, ``64KiB``, ``4M``, ``1G`` (any case; K = 1024).
Fractions (``1.5M``) are refused rather than rounded: a size names bytes
exactly, and the same text must mean the same number everywhere.
"""

import re

__all__ = ["parse_size"]

_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
_SIZE = re.compile(r"(\d+)\s*(?:([KMG])(?:I?B)?|B)?", re.IGNORECASE)


def parse_size(text, *, minimum=0, maximum=None):
    """``"64K"`` -> 65536.  ValueError (one line, naming the text) for
    anything else, or for a size outside [minimum, maximum]."""
    m = _SIZE.fullmatch(str(text).strip())
    if m is None:
        raise ValueError(f"invalid size {text!r}: expected a whole number of bytes with an "
                         f"optional K, M or G suffix (e.g. 256, 64K, 4M)")
    value = int(m.group(1)) * _UNITS[(m.group(2) or "").upper()]
    if value < minimum:
        raise ValueError(f"invalid size {text!r}: must be at least {minimum} bytes")
    if maximum is not None and value > maximum:
        raise ValueError(f"invalid size {text!r}: must be at most {maximum} bytes")
    return value
