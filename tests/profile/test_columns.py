"""vmsample/profile/columns.py against the Python loops it replaces."""

from collections import defaultdict

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from vmsample.profile.columns import distinct, group, sum_by

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
