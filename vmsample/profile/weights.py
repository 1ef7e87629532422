"""What one allocation sample stands for: estimated bytes and objects
(docs/format.md §2 "Weights"; docs/design.md §2.3).

Fixed mode (the paper's), and every file that does not mark continued
samples: each sample point stands for [period] bytes.  An object of [size]
bytes takes size/period points on average (the first point's offset is
uniform), so a sample also stands for period/size objects.  Both are
unbiased.

Random mode with per-allocation weights (META ``alloc_weights =
allocation``): every byte is a sample point with probability 1/period
independently, so an allocation of s bytes is sampled (takes at least one
point) with probability

    p(s) = 1 - (1 - 1/period)**s          (~ 1 - exp(-s/period))

and a sampled allocation stands for s/p bytes and 1/p objects -- the
Horvitz-Thompson estimator that tcmalloc, jemalloc and Go use.  It is
unbiased, and its variance for one allocation, s**2 (1-p)/p, vanishes for
objects much larger than the period, where "points crossed x period" still
varies by sqrt(s x period).  For small objects (s << period) both reduce to
[period] bytes per sample.  An allocation that crossed c points has c sample
records (the first without ALLOC_FLAG_CONTINUED); each carries 1/c of the
allocation's weight, so per-record sums stay exact whatever groups them.

Bytes are rounded to whole bytes per record (at most half a byte off a
weight of about [period]); objects stay fractional.
"""

from __future__ import annotations

import math

from . import format as F


def sampled_probability(size: int, period: int) -> float:
    """p(size): the probability that an allocation of [size] bytes is sampled
    in random mode with mean gap [period]."""
    if period <= 1:
        return 1.0
    return -math.expm1(size * math.log1p(-1.0 / period))


def record_weights(per_allocation: bool, period: int, size: int, crossings: int) -> tuple[int, float]:
    """(bytes, objects) one sample record stands for; [crossings]: the number
    of records of its allocation (1 unless it crossed several points)."""
    if not per_allocation:
        return period, (period / size if size > 0 else 0.0)
    if size <= 0:
        return period, 0.0
    p = sampled_probability(size, period)
    return round(size / p / crossings), 1.0 / p / crossings


def crossings_of(flags: np.ndarray) -> np.ndarray | None:
    """For sample records in seq order with their ALLOC_SAMPLE flags: how many
    records the allocation of each one has (a record with
    ALLOC_FLAG_CONTINUED belongs to the allocation of the record before it);
    None when every allocation has one."""
    import numpy as np

    continued = (np.asarray(flags) & F.ALLOC_FLAG_CONTINUED) != 0
    if not continued.any():
        return None
    starts = ~continued
    starts[0] = True
    allocation = np.cumsum(starts) - 1
    return np.bincount(allocation)[allocation]
