"""Grouping and summing sample columns (model.py's numpy arrays): what the
reader's assembly and the reports do with millions of samples at once
instead of one Python object at a time.

Sums of integer columns stay integers (exact, whatever their size); float
columns are summed in sample order within each group, as a Python loop
would."""

from __future__ import annotations

import numpy as np

# A field a sample lacks (a time sample without a timestamp, an object that
# did not die) is NONE in its int64 column and None on the sample object.
NONE = np.iinfo(np.int64).min

# Integer columns whose values lie in [0, DENSE_FACTOR x their length] (stack
# ids, type ids, a group's code) are grouped by counting, without sorting.
DENSE_FACTOR = 4


def _dense_range(values: np.ndarray) -> int | None:
    """max + 1 if [values] are small non-negative integers, else None."""
    if values.dtype.kind not in "iu" or not len(values):
        return None
    low, high = int(values.min()), int(values.max())
    return high + 1 if low >= 0 and high < DENSE_FACTOR * len(values) + 1024 else None


def distinct(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(the distinct [values], sorted; the index of each value into them).

    Columns have few distinct values (stacks, types, sizes): counting them
    (small integers) or hashing them and bisecting is several times faster
    than sorting the whole column."""
    values = np.asarray(values)
    size = _dense_range(values)
    if size is not None:
        present = np.flatnonzero(np.bincount(values.astype(np.intp, copy=False), minlength=size))
        index_of = np.zeros(size, np.intp)
        index_of[present] = np.arange(len(present))
        return present.astype(values.dtype), index_of[values.astype(np.intp, copy=False)]
    keys = np.unique(values)
    return keys, np.searchsorted(keys, values)


def group(*columns: np.ndarray) -> tuple[list[np.ndarray], np.ndarray]:
    """Group samples by the values of [columns] together: (the distinct
    value of each column per group, in sorted order of the tuples; each
    sample's group number)."""
    parts = [distinct(c) for c in columns]
    code = np.zeros(len(columns[0]), np.int64)
    for keys, index in parts:
        code = code * len(keys) + index
    codes, which = distinct(code)
    values = []
    for keys, _ in reversed(parts):
        values.append(keys[codes % len(keys)])
        codes = codes // len(keys)
    return values[::-1], which


def group_code(*columns: np.ndarray) -> np.ndarray:
    """A number per sample, equal for two samples exactly when their values
    in [columns] are: any number of integer or bool columns, of any range
    and number of distinct values.  Each joins a mixed-radix code as (value -
    least); the code (or a wide column) is replaced by its ranks only when
    the next column would take it past 2**62."""
    n = len(columns[0])
    code, size = np.zeros(n, np.int64), 1
    for c in columns:
        if not n:
            break
        c = np.asarray(c)
        if c.dtype == bool:
            c = c.view(np.uint8)
        low, high = int(c.min()), int(c.max())
        span = high - low + 1
        if size * span >= 2**62:
            code, size = _ranks(code)
        if span >= 2**62 or size * span >= 2**62:
            c, span = _ranks(c)
            low = 0
        code = code * span + (c - c.dtype.type(low)).astype(np.int64)
        size *= span
    return code


def sorted_groups(*columns: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Group samples by the values of [columns] together ([group_code]), by
    sorting: (an order of the samples that puts each group's together, in
    their order within it; where each group starts in that order).  Sorting
    is what costs: hashing many distinct values is slower."""
    code = group_code(*columns)
    order = np.argsort(code, kind="stable")
    code = code[order]
    return order, np.flatnonzero(np.r_[True, code[1:] != code[:-1]]) if len(code) else np.zeros(0, np.intp)


def count_groups(*columns: np.ndarray) -> int:
    """How many groups [sorted_groups] would make."""
    code = np.sort(group_code(*columns))
    return int(np.count_nonzero(code[1:] != code[:-1])) + 1 if len(code) else 0


def _ranks(values: np.ndarray) -> tuple[np.ndarray, int]:
    """Each value's rank among the distinct [values], and how many there are."""
    order = np.argsort(values)
    s = values[order]
    step = np.r_[0, (s[1:] != s[:-1]).astype(np.int64)]
    ranks = np.empty(len(values), np.int64)
    ranks[order] = np.cumsum(step)
    return ranks, int(step.sum()) + 1


def by_first_use(which: np.ndarray) -> np.ndarray:
    """The group numbers in [which] (each sample's group), ordered by the
    first sample of each: the order a loop over the samples meets them."""
    return np.argsort(np.unique(which, return_index=True)[1], kind="stable")


def sum_by(which: np.ndarray, n: int, *columns: np.ndarray) -> list[np.ndarray]:
    """Per group 0..n-1 ([which]: each sample's group), the sum of each of
    [columns] -- int64 for integer columns, float64 for float ones."""
    which = np.asarray(which)
    out = []
    order = starts = present = None
    for c in columns:
        c = np.asarray(c)
        if c.dtype.kind == "f":     # bincount adds in sample order
            out.append(np.bincount(which, weights=c, minlength=n).astype(np.float64, copy=False))
            continue
        if len(c) and max(-int(c.min()), int(c.max())) * len(c) < 2**53:
            # Every partial sum is an integer a float64 holds exactly.
            out.append(np.bincount(which, weights=c, minlength=n).astype(np.int64))
            continue
        sums = np.zeros(n, np.int64)
        if len(which):
            if order is None:
                order = np.argsort(which, kind="stable")
                sorted_groups = which[order]
                starts = np.flatnonzero(np.r_[True, sorted_groups[1:] != sorted_groups[:-1]])
                present = sorted_groups[starts]
            sums[present] = np.add.reduceat(c[order].astype(np.int64, copy=False), starts)
        out.append(sums)
    return out
