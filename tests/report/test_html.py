"""The HTML page, in a real browser: headless Chromium (Debian package
``chromium``, installed here with apt-get when it is missing) driven by
Playwright.  The page must work offline (every request other than the file
itself is refused and counted), log no console errors, show the functions,
zoom, search, filter by type, and look right (a screenshot is kept: set
VMSAMPLE_SCREENSHOTS=DIR to keep it in DIR)."""

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from once import machine_lock

from vmsample import read_profile
from vmsample.convert import html
from vmsample.profile.model import Outcome

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def chromium_path():
    with machine_lock("apt-get"):
        for name in ("chromium", "chromium-browser"):
            path = shutil.which(name)
            if path:
                return path
        assert os.geteuid() == 0 and shutil.which("apt-get"), \
            "the HTML tests need Chromium: apt-get install chromium"
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        subprocess.run(["apt-get", "update", "-qq"], check=True, capture_output=True, env=env, timeout=900)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=True, capture_output=True, env=env,
                       timeout=1800)
        return shutil.which("chromium")


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield b
        b.close()


class Page:
    """A page with the report loaded, and everything it logged or requested."""

    def __init__(self, browser, path):
        self.page = browser.new_page(viewport={"width": 1280, "height": 1000})
        self.messages, self.requests = [], []
        self.page.on("console", lambda m: self.messages.append(f"{m.type}: {m.text}"))
        self.page.on("pageerror", lambda e: self.messages.append(f"pageerror: {e}"))

        def route(r):
            if r.request.url.startswith("file://"):
                r.continue_()
            else:
                self.requests.append(r.request.url)
                r.abort()

        self.page.route("**/*", route)
        self.page.goto(Path(path).as_uri())
        self.page.wait_for_selector("#cards .card")

    def frames(self):
        return self.page.eval_on_selector_all(
            ".frame", "els => els.map(e => [e.textContent, e.getBoundingClientRect().width, e.className])")

    def frame(self, name):
        return self.page.locator(".frame", has_text=re.compile(f"^{re.escape(name)}$")).first


def write_html(profile_path, out):
    out.write_text(html.render(read_profile(profile_path)))
    return out


def test_page_in_chromium(browser, known, tmp_path):
    page = Page(browser, write_html(known, tmp_path / "known.html"))
    p = page.page
    names = [f[0] for f in page.frames()]
    assert {"known.prof" if False else "prog.py", "<module>", "main", "temp", "make_tree"} <= set(names)
    assert p.locator("#types").inner_text().split("\n")[1].startswith("list")
    assert "temp" in p.locator("#sites").inner_text() and "prog.py:12" in p.locator("#sites").inner_text()
    cards = p.locator("#cards").inner_text()
    assert "404.0 KiB" in cards and "70.0%" in cards

    # Colour: temp's bytes all died young (blue end), make_tree's all survived (red end).
    colour = lambda name: page.frame(name).evaluate("e => getComputedStyle(e).backgroundColor")
    assert colour("temp") == "rgb(79, 163, 209)" and colour("make_tree") == "rgb(228, 87, 46)"

    # Hover: the tooltip's numbers.
    page.frame("temp").hover()
    tip = p.locator("#tooltip").inner_text()
    assert "prog.py:11" in tip and "284.0 KiB (70.3% of all" in tip and "died young 100.0%" in tip
    assert "list 98.6%" in tip and "self by line 12 (98.6%), 13 (1.4%)" in tip

    # Zoom: make_tree fills the width; clicking it again zooms out.
    full = p.locator("#flame").evaluate("e => e.clientWidth")
    page.frame("make_tree").click()
    widths = {n: w for n, w, _ in page.frames()}
    assert abs(widths["make_tree"] - full) <= 2 and "temp" not in widths
    page.frame("make_tree").click()
    assert "temp" in {f[0] for f in page.frames()}
    p.locator("#reset").click()

    # Search: matches are outlined, the rest dimmed, the matched share shown.
    p.fill("#search", "^te")
    assert p.locator("#match").inner_text() == "matched 284.0 KiB (70.3% of all)"
    classes = {n: c for n, _, c in page.frames()}
    assert "match" in classes["temp"] and "dim" in classes["make_tree"]
    p.fill("#search", "")

    # Type filter: only Node's allocations are left.
    p.locator("#types tr[data-type='Node']").click()
    names = {f[0] for f in page.frames()}
    assert "make_tree" in names and "temp" not in names
    assert "only type Node" in p.locator("#filter").inner_text()
    p.locator("#filter button").click()

    # The time tab.
    p.locator("#tabs button", has_text="Time").click()
    page.frame("temp").hover()
    assert "20 (66.7% of all" in p.locator("#tooltip").inner_text()
    # The live tab: only the tree (30 samples of Node that never died) is left.
    p.locator("#tabs button", has_text="Live at the end").click()
    names = {f[0] for f in page.frames()}
    assert "make_tree" in names and "temp" not in names
    page.frame("make_tree").hover()
    assert "live at the end 120.0 KiB (100.0% of all" in p.locator("#tooltip").inner_text()
    # The live chart: two bands (make_tree's call path, temp's); a click early in
    # the run shows what was live then (temporaries not yet collected too).
    assert p.locator("#live-chart svg path").count() == 3 and not p.locator("#live-section").is_hidden()
    box = p.locator("#live-chart svg").bounding_box()
    p.mouse.move(box["x"] + box["width"] * 0.12, box["y"] + box["height"] / 2)
    assert "live;" in p.locator("#live-readout").inner_text()
    p.mouse.click(box["x"] + box["width"] * 0.12, box["y"] + box["height"] / 2)
    assert p.locator("#tabs button[data-kind='live']").inner_text().startswith("Live at ")
    p.locator("#tabs button", has_text="Allocations").click()

    # The GC chart: three series, one major collection band, a readout on hover.
    assert p.locator("#gc svg[aria-label='GC timeline'] path").count() == 3
    box = p.locator("#gc svg[aria-label='GC timeline']").bounding_box()
    p.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert "total_memory_used" in p.locator("#gc-readout").inner_text()
    # The pauses under it: a bar per pause (its major part a second bar), the p99 line, a readout.
    pauses = read_profile(known).pauses
    chart = p.locator("#gc svg[aria-label='GC pauses']")
    assert chart.locator("rect").count() == len(pauses) + sum(1 for q in pauses if q.major_ns) and pauses
    caption = p.locator("#gc").inner_text()
    assert f"{len(pauses)} pauses" in caption and "p99" in caption
    box = chart.bounding_box()
    p.mouse.move(box["x"] + box["width"] - 12, box["y"] + box["height"] / 2)
    assert f"minor collection #{pauses[-1].minor_index}" in p.locator("#gc").inner_text()

    p.mouse.move(0, 0)
    shot = p.screenshot(full_page=True)
    assert shot[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(shot[16:20], "big"), int.from_bytes(shot[20:24], "big")
    assert width == 1280 and height >= 700
    keep = os.environ.get("VMSAMPLE_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        (Path(keep) / "report-html.png").write_bytes(shot)
    assert page.messages == [] and page.requests == []


@pytest.mark.parametrize("fixture", ["time_only", "empty", "alloc_only"])
def test_other_profiles_load_cleanly(browser, request, fixture, tmp_path):
    page = Page(browser, write_html(request.getfixturevalue(fixture), tmp_path / "p.html"))
    if fixture == "empty":
        assert "This profile has no samples." in page.page.inner_text("body")
    else:
        assert "temp" in {f[0] for f in page.frames()}
    assert page.messages == [] and page.requests == []


def test_hostile_names_stay_text(browser, tmp_path):
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from synth import DIED, Synth

    s = Synth(types={1: "</script><b>x</b>"})
    s.alloc(["<module>@a.py:1", "<img src=x onerror=alert(1)>@a.py:2", "{{data}}@a.py:3"], fate=DIED, count=3)
    s.minor()
    page = Page(browser, write_html(s.write(tmp_path / "h.prof"), tmp_path / "h.html"))
    names = {f[0] for f in page.frames()}
    assert "<img src=x onerror=alert(1)>" in names and "{{data}}" in names
    assert page.page.locator("img").count() == 0
    assert "</script><b>x</b>" in page.page.locator("#types").inner_text()
    assert page.messages == []


def test_live_samples_are_the_lives_on_the_allocation_tree(known, alloc_only):
    for path in (known, alloc_only):
        p = read_profile(path)
        data = html.page_data(p)
        live, tree = data["live"], data["trees"]["alloc"]
        known_fate = [s for s in p.alloc_samples if s.outcome != Outcome.UNKNOWN]
        assert sum(x[2] for x in live["samples"]) == sum(s.weight for s in known_fate)
        assert sum(x[5] for x in live["samples"]) == len(known_fate)
        # alive at the end (no death): the samples that survived and never died
        alive = [s for s in p.alloc_samples if s.alive_at_end]
        assert sum(x[2] for x in live["samples"] if x[4] is None) == sum(s.weight for s in alive) > 0
        assert all(0 <= x[0] < len(tree["parent"]) and 0 <= x[1] < len(tree["types"]) for x in live["samples"])
        assert all(x[4] is None or x[4] >= x[3] for x in live["samples"])
        assert set(live["top_nodes"]) <= {x[0] for x in live["samples"]}


def test_large_trees_are_pruned_parents_first(known, monkeypatch):
    monkeypatch.setattr(html, "MAX_NODES", 4)
    tree = html.alloc_tree(read_profile(known))
    assert len(tree["parent"]) == 4 and tree["dropped"] > 0
    assert all(p < i for i, p in enumerate(tree["parent"]) if i)
    json.dumps(tree)
