"""Fixtures for the embedding examples and the SDK's probe: each built in a
temporary directory against the installed vmsample, as a third party would."""

import importlib
import subprocess
import sys

import pytest

from differential import clean_env
from minilisp_build import EXAMPLE, PROBE, build_in_place


@pytest.fixture(scope="session")
def minilisp_dir(tmp_path_factory):
    """The example, copied out of the repository and built in place."""
    return build_in_place(EXAMPLE, tmp_path_factory.mktemp("embed") / "minilisp-src", "the example")


@pytest.fixture(scope="session")
def probe_dir(tmp_path_factory):
    """tests/embed/probe built in place: the SDK's probes (sdk_probe)."""
    return build_in_place(PROBE, tmp_path_factory.mktemp("probe") / "probe", "the SDK probe")


def imported_from(directory, name):
    """Import module [name] from [directory] (a build in place), for the session."""
    sys.path.insert(0, str(directory))
    try:
        yield importlib.import_module(name)
    finally:
        sys.path.remove(str(directory))


@pytest.fixture(scope="session")
def sdk_probe(probe_dir):
    yield from imported_from(probe_dir, "sdk_probe")


@pytest.fixture(scope="session")
def minilisp(minilisp_dir):
    """The built package, imported in this process."""
    yield from imported_from(minilisp_dir, "minilisp")


@pytest.fixture(scope="session")
def run_minilisp(minilisp_dir):
    """run_minilisp(*args, env={...}) -> CompletedProcess of ``python -m minilisp args``."""

    def run(*args, env=None, cwd=None):
        return subprocess.run([sys.executable, "-m", "minilisp", *map(str, args)],
                              cwd=cwd or minilisp_dir, capture_output=True, text=True,
                              env=clean_env(PYTHONPATH=str(minilisp_dir), **(env or {})),
                              timeout=300)

    return run
