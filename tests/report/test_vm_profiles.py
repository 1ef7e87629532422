"""Golden-structure tests on profiles of real programs run by the VM.

``programs/known_sites.py`` allocates a long-lived tree of 2**14 - 1 Node
objects (make_tree, lines 9 and 10) and many short-lived three-item lists
(temporaries, line 16).  The "true" allocation shares come from a run with a
tiny sampling period (64 bytes, about every object sampled); a run with a
realistic period must agree within tolerance, the top site must be the
known one, the tree must survive and the temporaries must die young.  Every
converter must carry the same totals.
"""

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from test_collapsed_speedscope import SCHEMA
from test_firefox import check_structure

from vmsample import read_profile
from vmsample.convert import collapsed, firefox, html, speedscope
from vmsample.report import Site, analyze

PROGRAM = Path(__file__).parent / "programs" / "known_sites.py"
NODES = 2 ** 14 - 1


def run_vm(tmp_path, period, *options):
    out = tmp_path / f"known-{period}.prof"
    r = subprocess.run([sys.executable, "-m", "vmsample", "run", "-f", "-o", str(out), "--alloc-period", period,
                        *options, str(PROGRAM)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout == "600000\n"
    return out


@pytest.fixture(scope="module")
def profiles(tmp_path_factory):
    d = tmp_path_factory.mktemp("vm")
    return {"truth": analyze(read_profile(run_vm(d, "64"))), "path": run_vm(d, "4K"),
            "random": analyze(read_profile(run_vm(d, "4K", "--sampling", "random", "--seed", "3")))}


def shares(a):
    total = a.summary.total.bytes
    return {r.site: r.tally.bytes / total for r in a.self_sites}


def site(line, function):
    return Site(function, str(PROGRAM), line)


@pytest.mark.parametrize("which", ["fixed", "random"])
def test_top_site_and_shares(profiles, which):
    a = analyze(read_profile(profiles["path"])) if which == "fixed" else profiles["random"]
    truth = shares(profiles["truth"])
    got = shares(a)
    top = a.self_sites[0].site
    assert (top.function, top.line, Path(top.file).name) == ("temporaries", 16, "known_sites.py")
    assert got[top] == pytest.approx(truth[top], abs=0.02)
    tree = sum(v for k, v in got.items() if k.function == "make_tree")
    true_tree = sum(v for k, v in truth.items() if k.function == "make_tree")
    assert tree == pytest.approx(true_tree, abs=0.02)


def test_survival_of_the_tree_and_of_temporaries(profiles):
    a = analyze(read_profile(profiles["path"]))
    rows = {(r.site.function, r.site.line): r.tally for r in a.self_sites}
    assert rows[("temporaries", 16)].died_young >= 0.95
    tree = [t for (f, _), t in rows.items() if f == "make_tree"]
    assert sum(t.survived for t in tree) / sum(t.died + t.survived for t in tree) >= 0.9
    node = next(r for r in a.types if r.name == "Node")
    assert node.tally.survival >= 0.9
    # The object count estimate finds the tree's size.
    assert profiles["truth"].types and next(
        r for r in profiles["truth"].types if r.name == "Node").tally.objects == pytest.approx(NODES, rel=0.05)
    assert node.tally.objects == pytest.approx(NODES, rel=0.25)


def test_converters_agree_with_the_report(profiles, tmp_path):
    p = read_profile(profiles["path"])
    a = analyze(p)
    total = a.summary.total.bytes
    assert sum(int(x.rsplit(" ", 1)[1]) for x in collapsed.render(p).splitlines()) == total
    doc = speedscope.convert(p)
    jsonschema.validate(doc, SCHEMA)
    assert doc["profiles"][0]["endValue"] == total
    ff = json.loads(firefox.render(p))
    check_structure(ff)
    assert sum(ff["threads"][0]["samples"]["weight"]) == total
    page = html.page_data(p)
    assert sum(e[1] for node in page["trees"]["alloc"]["self"] for e in node) == total
    assert "temporaries" in html.render(p)


def test_report_command_on_a_vm_profile(profiles):
    r = subprocess.run([sys.executable, "-m", "vmsample", "report", "--json", str(profiles["path"])],
                       capture_output=True, text=True, timeout=120)
    data = json.loads(r.stdout)
    assert data["self"][0]["function"] == "temporaries" and data["self"][0]["line"] == 16
    assert data["summary"]["program"].endswith("known_sites.py")
    assert {t["type"] for t in data["types"]} >= {"Node"}
