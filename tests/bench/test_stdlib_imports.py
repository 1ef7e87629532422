"""The standard-library import survey (vmsample/bench/stdlib_imports.py) on a
few modules: what it counts as the standard library, what it leaves out and
why, how it reads the VM's errors, and what it does when an import hangs.
"""

import json
import subprocess
import sys
import sysconfig
from pathlib import Path

from vmsample.bench import stdlib_imports


def test_the_walk_finds_every_kind_of_module():
    found = stdlib_imports.candidates()
    assert found["json"] == found["json.decoder"] == found["xml.dom.minidom"] == "python"
    assert found["sys"] == "builtin"
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    for so in (stdlib / "lib-dynload").glob("*.so"):
        assert found[so.name.split(".")[0]] in ("extension", "builtin")
    assert "__init__" not in found and not any(n.endswith(".__init__") for n in found)


def test_the_exceptions_leave_out_guis_ctypes_processes_and_test_suites():
    groups = stdlib_imports.exceptions()
    for name in ("tkinter", "tkinter.ttk", "idlelib.pyshell", "ctypes.util", "multiprocessing.pool",
                 "concurrent.futures.process", "test.support", "unittest.test.test_case", "json.__main__",
                 "_testcapi", "antigravity"):
        assert stdlib_imports.exception_reason(name, groups), name
    for name in ("json", "concurrent.futures.thread", "unittest", "testing", "asyncio.tasks", "_json"):
        assert stdlib_imports.exception_reason(name, groups) is None, name


def test_an_error_message_names_what_is_missing():
    cause = stdlib_imports.cause
    assert cause("logging", "ModuleNotFoundError: No module named 'traceback'") == "module traceback"
    assert cause("csv", "ModuleNotFoundError: No module named 'csv'") == "the VM does not find the module itself"
    assert cause("email.utils", "ModuleNotFoundError: imports.py:10:5: import of module 'email.utils' is not "
                                "supported by vmsample") == "the VM does not find the module itself"
    assert cause("a", "ImportError: cannot import name 'Literal' from 'typing' (x.py)") == "name typing.Literal"
    assert cause("a", "AttributeError: module 'sys' has no attribute 'flags'") == "name sys.flags"
    assert cause("a", "NameError: name '__import__' is not defined") == "name __import__"
    assert cause("a", "NotImplementedError: lib/x.py:3:1: multiple inheritance is not supported by vmsample") == \
        "unsupported: multiple inheritance"
    assert cause("a", "TypeError: lib/x.py:3:1: bad thing") == "TypeError: bad thing"


def test_a_hanging_import_is_tried_alone_and_the_batch_goes_on(tmp_path):
    (tmp_path / "hangs.py").write_text("while True:\n    pass\n")
    (tmp_path / "fine.py").write_text("x = 1\n")
    (tmp_path / "fails.py").write_text("raise ValueError('no')\n")
    results = stdlib_imports.imports_on_vm(["fine", "hangs", "fails", "math"], home=tmp_path, silence=3)
    assert results == {"fine": None, "hangs": "printed nothing for 3 s", "fails": "ValueError: no", "math": None}


def test_the_survey_counts_what_cpython_imports_and_leaves_out_the_exceptions():
    r = subprocess.run([sys.executable, "-m", "vmsample.bench", "stdlib-imports", "--json",
                        "--modules", "json,tkinter,_no_such_module_here"], capture_output=True, text=True)
    assert r.returncode == 2 and "_no_such_module_here" in r.stderr
    out = subprocess.run([sys.executable, "-m", "vmsample.bench", "stdlib-imports", "--json",
                          "--modules", "json,tkinter,bisect"], capture_output=True, text=True, check=True).stdout
    result = json.loads(out)
    assert [m["module"] for m in result["modules"]] == ["json", "bisect"]
    assert list(result["excepted"]) == ["tkinter"]
    vm = stdlib_imports.imports_on_vm(["json", "bisect"])
    assert [m["error"] for m in result["modules"]] == [vm["json"], vm["bisect"]]
    assert result["summary"]["import"] == sum(e is None for e in vm.values())


def test_beside_the_program_the_vm_compiles_cpythons_own_modules(tmp_path):
    stdlib_imports.link_stdlib(tmp_path)
    assert (tmp_path / "textwrap.py").resolve() == Path(sysconfig.get_paths()["stdlib"]) / "textwrap.py"
    assert (tmp_path / "json" / "__init__.py").is_file() and not (tmp_path / "site-packages").exists()
    results = stdlib_imports.imports_on_vm(["textwrap"], home=tmp_path)
    # Found: it imports, or fails inside CPython's code, not for want of the module.
    assert results["textwrap"] is None or \
        stdlib_imports.cause("textwrap", results["textwrap"]) != "the VM does not find the module itself"
