"""Profiles written by stock vmprof (CPython, time samples only, no
vmsample extension) report and convert like our own."""

import json
import subprocess
import sys

import jsonschema
import pytest
from test_collapsed_speedscope import SCHEMA
from test_firefox import check_structure

from vmsample import read_profile
from vmsample.convert import collapsed, firefox, html, speedscope
from vmsample.report import analyze

BURN = """
def inner(n):
    return sum([i * i for i in range(n)])

def outer():
    for _ in range(60):
        inner(20000)

outer()
"""


@pytest.fixture(scope="module")
def stock(tmp_path_factory):
    d = tmp_path_factory.mktemp("stock")
    (d / "burn.py").write_text(BURN)
    subprocess.run([sys.executable, "-m", "vmprof", "-n", "-o", str(d / "stock.prof"), str(d / "burn.py")],
                   check=True, capture_output=True, timeout=120)
    return d / "stock.prof"


def test_report_and_convert_a_stock_vmprof_file(stock):
    p = read_profile(stock)
    assert p.meta.layout == "foreign" and p.time_samples and not p.alloc_samples
    a = analyze(p)
    assert a.time.samples == len(p.time_samples)
    assert {r.site.function for r in a.time.cumulative_functions} & {"inner", "<listcomp>"}
    assert sum(int(line.rsplit(" ", 1)[1]) for line in collapsed.render(p).splitlines()) == len(p.time_samples)
    jsonschema.validate(speedscope.convert(p), SCHEMA)
    check_structure(json.loads(firefox.render(p)))
    assert "inner" in html.render(p)
