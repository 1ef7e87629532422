"""Pause records (docs/format.md, PAUSE): what `vmsample run` writes, and
what the report makes of them (its pause summary against a model computed
here from the records).  The viewers' pause markers and chart are tested
in test_firefox.py and test_html.py."""

import math
import subprocess
import sys
from pathlib import Path

from synth import Synth
from vmsample.profile import read_profile
from vmsample.report import analyze
from vmsample.report.text import layout, render_plain
from vmsample.report.units import fmt_duration

FORMAT_FIXTURES = Path(__file__).resolve().parents[1] / "data" / "format"


def render_text(analysis):
    out = []
    render_plain(layout(analysis), out.append)
    return "".join(out)


def nearest_rank(values, q):
    values = sorted(values)
    return values[math.ceil(q * len(values)) - 1]


def test_the_summary_is_the_records_summed(tmp_path):
    s = Synth()
    majors = [(i * 7919) % 1000 * 1000 for i in range(250)]        # no two alike; some 0
    for i, major in enumerate(majors):
        s.alloc(["<module>@prog.py:1", "temp@prog.py:12"])
        s.minor(duration_ns=40_000 + i, pause=major)
    s.minor()                                                       # not a pause
    p = read_profile(s.write(tmp_path / "p.prof"))
    assert len(p.pauses) == 250 and len(p.minor_collections) == 251
    lengths = [q.duration_ns for q in p.pauses]
    assert lengths == [40_000 + i + m for i, m in enumerate(majors)]
    g = analyze(p).gc.pauses
    assert (g.count, g.total_ns) == (250, sum(lengths))
    assert g.p99_ns == nearest_rank(lengths, 0.99) != max(lengths)
    assert g.median_ns == nearest_rank(lengths, 0.5)
    longest = max(p.pauses, key=lambda q: q.duration_ns)
    assert (g.max_ns, g.max_major_ns, g.max_at_ns) == (longest.duration_ns, longest.major_ns,
                                                       longest.time_ns - p.meta.start_ns)
    assert g.share == sum(lengths) / analyze(p).summary.duration_ns
    text = render_text(analyze(p))
    line = next(line for line in text.splitlines() if line.strip().startswith("pauses"))
    assert f"p99 {fmt_duration(g.p99_ns)}" in line and f"longest {fmt_duration(g.max_ns)}" in line
    assert analyze(p).to_json()["gc"]["pauses"]["p99_ns"] == g.p99_ns


def test_a_profile_from_before_pause_records_says_so():
    p = read_profile(FORMAT_FIXTURES / "vmprof-fixed.prof")
    assert p.pauses == [] and p.minor_collections
    assert analyze(p).gc.pauses is None
    assert "not recorded (a profile written before" in render_text(analyze(p))


def test_a_run_records_every_pause_with_its_minor_collection(tmp_path):
    out = tmp_path / "run.prof"
    program = ("keep = []\nfor i in range(200000):\n    keep.append([i, str(i)])\n"
               "    if len(keep) > 20000:\n        keep = keep[10000:]\n")
    proc = subprocess.run([sys.executable, "-m", "vmsample", "run", "-o", str(out), "--nursery", "64K",
                           "-c", program], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    p = read_profile(out)
    minors = {m.index: m for m in p.minor_collections}
    assert len(p.pauses) > 50 and any(q.major_ns > 0 for q in p.pauses)
    # Each pause holds its minor collection, then its major work; pauses do not overlap.
    for q in p.pauses:
        m = minors[q.minor_index]
        assert q.time_ns <= m.time_ns and m.time_ns + m.duration_ns + q.major_ns <= q.time_ns + q.duration_ns
    for a, b in zip(p.pauses, p.pauses[1:]):
        assert a.time_ns + a.duration_ns <= b.time_ns and a.minor_index < b.minor_index
    # Every minor collection is a pause but the ones the program or the writer asked for.
    assert len(p.pauses) >= len(minors) - 2
    # The major collections' steps ran in pauses: every phase change is inside one.
    inside = [any(q.time_ns <= e.time_ns <= q.time_ns + q.duration_ns for q in p.pauses)
              for e in p.major_events]
    assert inside and sum(inside) >= len(inside) - 2
