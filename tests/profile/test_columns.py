"""vmsample/profile/columns.py against the Python loops it replaces."""

from collections import defaultdict

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from vmsample.profile.columns import distinct, group, sorted_groups, sum_by

SAMPLES = st.lists(st.tuples(st.integers(0, 5), st.integers(-1, 3), st.integers(0, 2**55),
                             st.floats(0, 1e6, allow_nan=False)), max_size=200)


@given(SAMPLES)
def test_group_and_sum_by_are_a_dict_of_sums(samples):
    stack = np.array([s[0] for s in samples], np.int64)
    type_id = np.array([s[1] for s in samples], np.int64)
    weight = np.array([s[2] for s in samples], np.uint64)
    objects = np.array([s[3] for s in samples], np.float64)
    model = defaultdict(lambda: [0, 0.0])
    for k, t, w, o in samples:
        model[(k, t)][0] += w
        model[(k, t)][1] += o
    (stacks, types), which = group(stack, type_id)
    weights, objs = sum_by(which, len(stacks), weight, objects)
    assert weights.dtype == np.int64 and objs.dtype == np.float64
    got = {(k, t): [w, o] for k, t, w, o in zip(stacks.tolist(), types.tolist(), weights.tolist(), objs.tolist())}
    assert got == dict(model)                       # floats too: summed in sample order
    assert list(zip(stacks.tolist(), types.tolist())) == sorted(model)


@given(st.lists(st.integers(0, 2**64 - 1), max_size=50))
def test_distinct_indexes_every_value(values):
    a = np.array(values, np.uint64)
    keys, index = distinct(a)
    assert keys.tolist() == sorted(set(values)) and keys[index].tolist() == values


@given(st.lists(st.integers(0, 40), max_size=50), st.sampled_from([np.int64, np.uint64, np.uint8]))
def test_distinct_counts_small_integers_to_the_same_result(values, dtype):
    a = np.array(values, dtype)
    keys, index = distinct(a)
    assert keys.dtype == a.dtype and keys.tolist() == sorted(set(values)) and keys[index].tolist() == values


# Columns of every kind sorted_groups takes: wide and narrow, signed and
# unsigned, bools; rows drawn from few values so that groups repeat.
WIDE = {np.int64: st.sampled_from([-2**63, -1, 0, 7, 2**62, 2**63 - 1]),
        np.uint64: st.sampled_from([0, 1, 2**63, 2**64 - 1]),
        np.uint8: st.integers(0, 3), bool: st.booleans()}


@given(st.data(), st.lists(st.sampled_from(list(WIDE)), min_size=1, max_size=6), st.integers(0, 60))
def test_sorted_groups_are_a_dict_of_rows(data, dtypes, n):
    rows = [tuple(data.draw(WIDE[t]) for t in dtypes) for _ in range(n)]
    columns = [np.array([r[i] for r in rows], t) for i, t in enumerate(dtypes)]
    order, starts = sorted_groups(*columns)
    assert sorted(order.tolist()) == list(range(n))
    groups = np.split(order, starts[1:]) if n else []
    model = defaultdict(list)
    for i, r in enumerate(rows):
        model[r].append(i)
    # every group is one key's rows, in their order, and every key has one
    assert sorted(g.tolist() for g in groups) == sorted(model.values())
