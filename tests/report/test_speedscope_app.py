"""speedscope itself opens our files: the app of the `speedscope` npm
package (the version whose schema data/ vendors), installed with npm into a
cache on first use, in headless Chromium (as tests/report/test_html.py runs
it), the file chosen in its file input as a user would."""

from pathlib import Path

import pytest
from once import npm_package
from test_html import CHROMIUM_ARGS, chromium_path

from vmsample import read_profile
from vmsample.convert import speedscope
from vmsample.profile import merge

SPEEDSCOPE = "speedscope@1.25.0"


@pytest.fixture(scope="module")
def speedscope_app():
    return npm_package(SPEEDSCOPE, "speedscope") / "dist" / "release" / "index.html"


def open_in_speedscope(app, path) -> tuple[str, list[str]]:
    """(the page's text once speedscope shows [path], its errors)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            errors = []
            page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.goto(app.as_uri())
            page.set_input_files("input[type=file]", str(path))
            page.wait_for_function("!document.body.innerText.includes('Drag and drop')", timeout=120_000)
            page.wait_for_selector("canvas")
            return page.locator("body").inner_text(), errors
        finally:
            browser.close()


@pytest.mark.parametrize("merged", [False, True], ids=["whole", "merged-in-time-slices"])
def test_speedscope_opens_our_file(speedscope_app, known, tmp_path, monkeypatch, merged):
    if merged:
        monkeypatch.setattr(merge, "MAX_ROWS", 3)
    out = tmp_path / "known.speedscope.json"
    out.write_text(speedscope.render(read_profile(known)))
    text, errors = open_in_speedscope(speedscope_app, out)
    assert errors == []
    # The first profile is shown, named as we named it, one of as many as we wrote.
    first = "Allocations (estimated bytes)"
    assert first in text and "(1/5)" in text
    assert ("merged within" in text) == merged
