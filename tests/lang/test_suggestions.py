"""vmsample.lang.suggestions against CPython's own "Did you mean" (its C
printer, sys.__excepthook__): for random near-miss names among random
globals, both suggest the same name or none."""

from __future__ import annotations

import contextlib
import io
import sys

from hypothesis import given, settings, strategies as st

from vmsample.lang.suggestions import suggestion

NAMES = st.text(alphabet="abcAB_xyzé", min_size=1, max_size=12).filter(str.isidentifier)


def cpython_suggestion(wrong: str, names: list[str]) -> str | None:
    namespace = {name: 1 for name in names}
    namespace["__builtins__"] = {}
    exec(f"def f():\n    {wrong}\n", namespace)
    try:
        namespace["f"]()
    except NameError:
        printed = io.StringIO()
        with contextlib.redirect_stderr(printed):
            sys.__excepthook__(*sys.exc_info())
    last = printed.getvalue().rstrip("\n").rpartition("\n")[2]
    marker = ". Did you mean: '"
    return last.partition(marker)[2][:-2] if marker in last else None


@settings(max_examples=400, deadline=None)
@given(wrong=NAMES, names=st.lists(NAMES, max_size=10))
def test_suggests_what_cpython_suggests(wrong, names):
    if wrong in names or wrong == "f":
        return
    candidates = [*dict.fromkeys(names), "f", "__builtins__"]      # the globals, in order
    assert suggestion(wrong, candidates) == cpython_suggestion(wrong, names)


def test_no_suggestion_among_750_candidates():
    candidates = [f"name{i}" for i in range(750)]
    assert suggestion("name1x", candidates) is None
    assert suggestion("name1x", candidates[:749]) is not None
