"""The VM benchmark (vmsample/bench/vm.py) on its start-up rows: both are
measured side by side with CPython, or say what stops the VM.  No timing is
asserted (bench/RESULTS.md has the real run)."""

import json
import subprocess
import sys

from vmsample.bench import vm as bench_vm


def test_the_startup_rows_are_measured_or_say_why_not(tmp_path):
    out = subprocess.run([sys.executable, "-m", "vmsample.bench", "vm", "--repeat", "1", "--profile", "--json",
                          "--programs", "startup,startup_imports"], capture_output=True, text=True, check=True).stdout
    rows = {r["name"]: r for r in json.loads(out)["programs"]}
    assert rows["startup"]["cpython_s"] > 0 and rows["startup"]["vm_s"] > 0 and rows["startup"]["vm_profiled_s"] > 0
    program = tmp_path / "startup_imports.py"
    program.write_text(bench_vm.SOURCES["startup_imports"])
    vm = subprocess.run([sys.executable, "-m", "vmsample.lang", str(program)], capture_output=True, text=True)
    imports = rows["startup_imports"]
    if vm.returncode == 0:
        assert "error" not in imports and imports["vm_s"] > 0
    else:
        error = vm.stderr.strip().splitlines()[-1]
        assert imports["error"].startswith("vm: ")
        assert imports["error"].split("startup_imports.py")[-1] == error.split("startup_imports.py")[-1]
