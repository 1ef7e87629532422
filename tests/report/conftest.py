"""Fixtures of the report tests: synthetic profiles with known contents."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from synth import DIED, SURVIVED, Synth  # noqa: E402

TREE = ["<module>@prog.py:1", "main@prog.py:20", "make_tree@prog.py:5"]
TEMP = ["<module>@prog.py:1", "main@prog.py:22", "temp@prog.py:12"]
TEMP_STR = ["<module>@prog.py:1", "main@prog.py:23", "temp@prog.py:13"]


def known_synth():
    """70% of the sampled bytes are temporaries (list, died young) allocated
    at prog.py:12, 30% a long-lived tree (Node, survived) at prog.py:5; one
    str sample after the last minor collection has no outcome."""
    s = Synth(time_period_ns=1_000_000, first_lines={"main": 18, "temp": 11, "make_tree": 4, "<module>": 1})
    for _ in range(10):
        s.alloc(TREE, type_id=4, size=48, fate=SURVIVED, count=3)
        s.alloc(TEMP, type_id=1, size=64, fate=DIED, count=7)
        s.time(TEMP, count=2)
        s.time(TREE)
        s.minor(memory=(1 << 20) + 4096 * len(s.events), pause=25_000 * len(s.events))
    s.alloc(TEMP_STR, type_id=3, size=16)
    s.major()
    return s


@pytest.fixture(scope="session")
def known(tmp_path_factory):
    return known_synth().write(tmp_path_factory.mktemp("known") / "known.prof")


@pytest.fixture(scope="session")
def alloc_only(tmp_path_factory):
    s = Synth()
    for i in range(20):
        s.alloc(TREE, type_id=4, size=48, fate=SURVIVED)
        s.alloc(TEMP, type_id=1, size=64 + i, fate=DIED, count=3)
        if i % 5 == 4:
            s.minor()
    return s.write(tmp_path_factory.mktemp("alloc") / "alloc.prof")


@pytest.fixture(scope="session")
def time_only(tmp_path_factory):
    s = Synth(alloc_period=None, time_period_ns=500_000)
    s.time(TREE, count=5)
    s.time(TEMP, count=15)
    s.minor()
    return s.write(tmp_path_factory.mktemp("time") / "time.prof")


@pytest.fixture(scope="session")
def empty(tmp_path_factory):
    return Synth().write(tmp_path_factory.mktemp("empty") / "empty.prof")
