"""The paper benchmark's harness (vmsample/bench/paper*.py) on tiny configurations.

Nothing here asserts a timing: the harness must measure the right runs,
count the right samples, compute the paper's derived figures correctly and
write its results without disturbing the rest of RESULTS.md.
"""

import json
import statistics

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vmsample.bench.paper import cost as paper_cost, harness as paper, report as paper_report
from vmsample.bench.paper.run import gzip_size, run_config
from vmsample.profile import read_profile

CHURN = str(paper.EXAMPLES / "alloc_churn.py")


def spec(tmp_path, **kw):
    s = {"program": CHURN, "args": ["20000"], "nursery": 1 << 20, "alloc_period": None,
         "sampling": "fixed", "time_hz": None, "seed": 5, "profile": str(tmp_path / "run.prof")}
    s.update(kw)
    return s


def test_runs_allocate_the_same_and_sample_what_the_period_says(tmp_path, capfd):
    off = run_config(spec(tmp_path))
    real = run_config(spec(tmp_path, alloc_period=4096, keep=True))
    assert (tmp_path / "run.prof").exists()
    muted = run_config(spec(tmp_path, alloc_period=4096, writer="muted"))
    assert not (tmp_path / "run.prof").exists()         # a muted writer leaves no file
    hookless = run_config(spec(tmp_path, alloc_period=4096, writer="none"))
    assert not (tmp_path / "run.prof").exists()
    assert capfd.readouterr().out.count("iterations: 20000") == 4
    # Sampling never allocates in the managed heap, whatever runs per sample.
    for r in (real, muted, hookless):
        assert r["status"] == 0
        assert r["allocated_bytes"] == off["allocated_bytes"]
        # A profiler's detach ends with one minor collection, so every sample gets its outcome.
        assert r["minor_collections"] == off["minor_collections"] + (r is not hookless)
    assert off["alloc_samples"] == 0 and off["profile_bytes"] is None
    # One sample per 4096 bytes of the stream (the VM's start-up, its
    # built-ins and app-level modules, about 500 KiB, is not sampled).
    n = real["alloc_samples"]
    assert n > 0 and n * 4096 <= off["allocated_bytes"] < (n + 1) * 4096 + 1024 * 1024
    # The same seed puts the sample points at the same bytes: a muted writer
    # changes what is written, not what is sampled.
    assert muted["alloc_samples"] == n and muted["profile_bytes"] is None
    # Without a hook the sampler is enabled before start-up: the points of
    # start-up's allocations too (under 1 MiB, as above).
    assert n <= hookless["alloc_samples"] <= n + 1024 * 1024 // 4096


def test_kept_profiles_are_measured_then_deleted(tmp_path, capfd):
    r = run_config(spec(tmp_path, alloc_period=8192, sampling="random", keep=True))
    path = tmp_path / "run.prof"
    prof = read_profile(str(path))
    assert len(prof.alloc_samples) == r["alloc_samples"] > 0
    assert r["profile_bytes"] == path.stat().st_size
    gz = gzip_size(path)
    assert 0 < gz < r["profile_bytes"]
    depths = [len(prof.stacks[s.stack]) for s in prof.alloc_samples]
    results = [dict(r, profile=str(path))]
    paper.add_sizes(results)
    assert not path.exists() and "profile" not in results[0]
    assert results[0]["profile_gzip_bytes"] == gz
    assert results[0]["mean_depth"] == pytest.approx(statistics.mean(depths))
    # Not kept: the profile is deleted after the run; the same seed samples the same bytes.
    again = run_config(spec(tmp_path, alloc_period=8192, sampling="random"))
    assert not path.exists()
    assert again["alloc_samples"] == r["alloc_samples"] and again["profile_bytes"] > 0


def test_time_sampling_run_counts_time_samples(tmp_path, capfd):
    r = run_config(spec(tmp_path, args=["100000"], time_hz=2000, real_time=True, keep=True))
    prof = read_profile(str(tmp_path / "run.prof"))
    assert r["alloc_samples"] == 0
    assert r["time_samples"] == len(prof.time_samples) > 0


def test_bad_writer_kind_is_refused(tmp_path):
    with pytest.raises(ValueError, match="writer must be one of"):
        run_config(spec(tmp_path, alloc_period=4096, writer="fast"))


def fake_runs(program, cpu_by_config, samples_by_config, allocated=10**9, profile_bytes=None):
    runs = []
    for name, cpus in cpu_by_config.items():
        for rep, cpu in enumerate(cpus):
            kind = "time_samples" if name.startswith("time") else "alloc_samples"
            r = {"program": program, "config": name, "rep": rep, "cpu_s": cpu, "wall_s": cpu * 2,
                 "allocated_bytes": allocated, "minor_collections": 10, "alloc_samples": 0,
                 "time_samples": 0, "profile_bytes": None, "profile_gzip_bytes": None,
                 "mean_depth": None}
            if name != "off":
                r[kind] = samples_by_config[name]
                r["profile_bytes"] = profile_bytes
            runs.append(r)
    return runs


def test_summary_is_the_papers_arithmetic():
    configs = [c for c in paper.all_configs() if c["name"] in ("off", "fixed-32K", "time-1000Hz")]
    runs = fake_runs("p", {"off": [2.0, 1.0, 1.1], "fixed-32K": [1.2, 1.5, 1.1],
                           "time-1000Hz": [1.0, 1.2, 1.3]},
                     {"fixed-32K": 6000, "time-1000Hz": 250}, profile_bytes=900_000)
    s = paper.summarize(runs, configs)["p"]
    off, alloc, tm = s["off"], s["fixed-32K"], s["time-1000Hz"]
    # The median run is the estimate (one fast or slow outlier moves nothing);
    # the best runs are kept beside it.
    assert off["cpu_s"] == 1.1 and off["cpu_best_s"] == 1.0
    assert off["gb_per_s"] == pytest.approx(1 / 1.1)
    assert off["samples"] == 0 and off["normalized"] is None and off["overhead"] == 1.0
    assert alloc["overhead"] == pytest.approx(1.2 / 1.1)
    assert alloc["best_overhead"] == pytest.approx(1.1 / 1.0)
    assert alloc["overheads"] == pytest.approx([1.2 / 1.1, 1.5 / 1.1, 1.1 / 1.1])
    assert alloc["samples_per_s"] == pytest.approx(6000 / 1.2)
    # 1 + (overhead - 1) / samples_per_s * 1000
    assert alloc["normalized"] == pytest.approx(1 + (1.2 / 1.1 - 1) / (6000 / 1.2) * 1000)
    # the extra time per sample: (1.2 - 1.1) s / 6000
    assert alloc["us_per_sample"] == pytest.approx(0.1 / 6000 * 1e6)
    assert alloc["bytes_per_sample"] == pytest.approx(150)
    assert tm["kind"] == "time" and tm["samples_per_s"] == pytest.approx(250 / 1.2)
    assert tm["overhead"] == pytest.approx(1.2 / 1.1)


def test_normalized_overhead_matches_the_paper():
    # Figure 10's microbenchmark: 52658 samples/s at overhead 3.51 -> 1.05.
    assert paper.normalized_overhead(3.51, 52658) == pytest.approx(1.0477, abs=1e-4)
    assert paper.normalized_overhead(1.0, 0) is None
    assert paper.normalized_overhead(None, 10) is None


no_marker = st.text().filter(lambda t: "<!--" not in t)


@given(no_marker, no_marker, no_marker, no_marker)
def test_section_replacement_keeps_everything_else(before, after, first, second):
    text = paper_report.replace_section(before, first) + after
    assert text.count(paper_report.BEGIN) == text.count(paper_report.END) == 1
    again = paper_report.replace_section(text, second)
    assert again == paper_report.replace_section(before, second) + after


def test_quick_run_writes_results_plots_and_rerenders(tmp_path, capsys):
    results = tmp_path / "RESULTS.md"
    results.write_text("# Benchmark results\n\n## Another benchmark\n\nits table\n")
    assert paper.main(["--quick", "--programs", "alloc_churn",
                       "--configs", "fixed-32K,random-4M,time-2000Hz-real",
                       "--write", str(tmp_path)]) == 0
    out = capsys.readouterr()
    data = json.loads((tmp_path / "paper.json").read_text())
    assert [c["name"] for c in data["configs"]] == ["off", "fixed-32K", "random-4M",
                                                   "time-2000Hz-real"]
    assert sorted(r["config"] for r in data["runs"]) == sorted(c["name"] for c in data["configs"])
    assert {r["allocated_bytes"] for r in data["runs"]} == {data["runs"][0]["allocated_bytes"]}
    text = results.read_text()
    assert text.startswith("# Benchmark results\n\n## Another benchmark\n\nits table\n")
    assert text.count(paper_report.BEGIN) == 1
    section = text[text.index(paper_report.BEGIN):]
    for heading in ("paper Figure 11", "paper Figure 8", "paper Figure 10", "paper Figure 9",
                    "Profile size", "cost breakdown", "Targets"):
        assert heading in section
    assert "`alloc_churn`" in section and out.out.strip() in text
    # The cost breakdown ran the same samples with and without the writer.
    (cost,) = data["cost"]
    assert cost["variants"]["hook"]["alloc_samples"] == cost["variants"]["writer"]["alloc_samples"] > 0
    assert set(cost["alloc_ns"]) == {"core", "hook", "writer"}
    assert set(cost["time_ns"]) == {"signal", "writer"}
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        assert "no plots" in out.err
    else:
        for name in ("paper-overhead.png", "paper-time.png"):
            assert (tmp_path / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    # Re-rendering the saved runs gives the same section.
    (tmp_path / "again").mkdir()
    assert paper.main(["--from-json", str(tmp_path / "paper.json"),
                       "--write", str(tmp_path / "again")]) == 0
    rerendered = (tmp_path / "again" / "RESULTS.md").read_text()
    assert rerendered[rerendered.index(paper_report.BEGIN):] == section


@pytest.mark.parametrize("argv, message", [
    (["--programs", "nope"], "unknown program"),
    (["--configs", "fixed-3K"], "unknown configuration"),
    (["--repeat", "0"], "--repeat and --cost-repeat must be >= 1"),
    (["--from-json", "/nonexistent/paper.json"], "cannot read"),
])
def test_bad_arguments_exit_2(argv, message, capsys):
    with pytest.raises(SystemExit) as e:
        paper.main(argv)
    assert e.value.code == 2
    assert message in capsys.readouterr().err


def test_cost_breakdown_stages_add_up(tmp_path, capfd):
    c = paper_cost.breakdown(CHURN, ["5000"], period=512, hz=5000, repeat=2, nursery=1 << 20,
                             tmpdir=tmp_path)
    assert capfd.readouterr().out == ""
    v = c["variants"]
    assert v["off"]["alloc_samples"] == v["time"]["alloc_samples"] == 0
    assert v["hook"]["alloc_samples"] == v["writer"]["alloc_samples"] == c["alloc_samples"] > 0
    assert sum(c["alloc_ns"].values()) == pytest.approx(c["alloc_total_ns"])
    assert sum(c["time_ns"].values()) == pytest.approx(c["time_total_ns"])
    assert c["mean_depth"] == pytest.approx(3, abs=0.5)
