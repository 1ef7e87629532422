"""``vmsample run --check``: what a program would miss on the VM (vmsample.lang.check).

What the program uses is read from its text (program_uses, checked here
against what each kind of binding means); what the VM and CPython have is
asked of both by the same probe, so the lines are the VM's real gaps: a
name CPython lacks too is the program's own error and is not listed.
"""

import subprocess
import sys

from vmsample.lang.check import Uses, _missing, check_program, program_uses


def used(source, tmp_path):
    u = program_uses(source, str(tmp_path / "prog.py"))
    return set(u.builtins), set(u.modules), set(u.attributes)


def test_uses_are_what_no_scope_binds(tmp_path):
    source = (
        "import os, xml, collections.abc\n"
        "import json as j\n"
        "from gc import collect, get_referrers as refs\n"
        "def f(a, *, b=len):\n"
        "    global g\n"
        "    g = a\n"
        "    for i in range(a): print(i)\n"
        "    return j.dumps(os.sep), os.path, xml.dom, collections.abc.Mapping, collections.OrderedDict\n"
        "class C:\n"
        "    x = sorted\n"
        "    def m(self): return self.x, __class__, zip\n"
        "[k for k in map(str, ())]\n"
        "try:\n    pass\nexcept ValueError as e:\n    e\n"
        "print(__name__, __file__, g, C, f)\n")
    names, modules, attributes = used(source, tmp_path)
    # Builtins: only names that no scope binds (not g, a, i, k, e, C, f; not dunders).
    assert names == {"len", "range", "print", "sorted", "zip", "map", "str", "ValueError"}
    assert modules == {"os", "xml", "collections.abc", "json", "gc"}
    # xml.dom is a submodule (what was imported before decides: not asked); os.path is
    # os's attribute; collections.abc is a module the program imports.
    assert attributes == {("json", "dumps"), ("os", "sep"), ("os", "path"), ("collections.abc", "Mapping"),
                          ("collections", "OrderedDict"), ("gc", "collect"), ("gc", "get_referrers")}


def test_a_module_alias_bound_otherwise_is_not_known(tmp_path):
    source = ("import sys\nimport os as sys2\n"
              "def f(sys2):\n    return sys2.nope, sys.argv\n"
              "import math\nmath = 3\nprint(math.real)\n")
    names, modules, attributes = used(source, tmp_path)
    assert attributes == {("sys", "argv")}
    assert modules == {"sys", "os", "math"}


def test_the_programs_own_modules_and_star_imports(tmp_path):
    (tmp_path / "helper.py").write_text("x = 1\n")
    names, modules, attributes = used("import helper\nfrom helper import y\nprint(helper.z)\n", tmp_path)
    assert (modules, attributes) == (set(), set())          # the same source on both sides: not asked
    u = program_uses("from helper import *\nfrom math import *\nprint(sqrt, exit)\n", str(tmp_path / "p.py"))
    assert u.unknown_star and u.star_modules == ["math"]


def test_missing_lists_only_what_the_vm_lacks_once_each():
    u = Uses(builtins={"exit": (3, 1), "sqrt": (1, 5)}, modules={"curses": (2, 1)},
             attributes={("sys", "getrefcount"): (4, 7)}, star_modules=["math"])
    vm = {"builtins": ["exit", "sqrt"], "imports": {"curses": "ImportError: no _curses"},
          "attributes": [("sys", "getrefcount")]}
    lines = sorted(text for _, text in _missing(u, "p.py", vm))
    # sqrt comes from `from math import *`: not a builtin the VM must have.
    assert lines == ["p.py:2:1: import of module 'curses' is not supported by vmsample: ImportError: no _curses",
                     "p.py:3:1: builtin 'exit' is not supported by vmsample",
                     "p.py:4:7: 'sys.getrefcount' is not supported by vmsample"]
    u.unknown_star = True       # a star import of the program's own module may bind any name
    assert [t for _, t in _missing(u, "p.py", vm) if "builtin" in t] == []


def test_check_lists_the_vms_gaps_not_the_programs_errors(tmp_path):
    # sys.getrefcount and gc.get_referrers: CPython's reference counting, which the VM
    # (as PyPy) does not have; pritn, sys.no_such_name: CPython misses them too.
    path = str(tmp_path / "prog.py")
    source = ("import sys\nfrom gc import collect, get_referrers\n"
              "def f():\n    return sys.getrefcount(f), sys.getrefcount(1), sys.no_such_name, pritn\n"
              "print(exit, sys.argv)\n")
    assert check_program(source, path) == [
        f"{path}:2:25: 'gc.get_referrers' is not supported by vmsample",
        f"{path}:4:12: 'sys.getrefcount' is not supported by vmsample"]
    assert check_program("print(exit, quit, help, len)\n", path) == []
    assert check_program("pritn(sys.argv)\n", path) == []     # (nothing the VM is asked)


def test_check_command_exit_status_and_lines(tmp_path):
    prog = tmp_path / "p.py"
    prog.write_text("import sys\nprint('runs')\nif len(sys.argv) > 5:\n    sys.getrefcount(sys)\n")
    proc = subprocess.run([sys.executable, "-m", "vmsample", "run", "--check", str(prog)],
                          capture_output=True, text=True, cwd=tmp_path)
    assert (proc.returncode, proc.stdout) == (1, f"{prog}:4:5: 'sys.getrefcount' is not supported by vmsample\n")
    assert "1 thing the VM does not support" in proc.stderr
    prog.write_text("print('runs', exit)\n")
    proc = subprocess.run([sys.executable, "-m", "vmsample", "run", "--check", str(prog)],
                          capture_output=True, text=True, cwd=tmp_path)
    assert (proc.returncode, proc.stdout) == (0, "")
    prog.write_text("print('runs'\n")
    proc = subprocess.run([sys.executable, "-m", "vmsample", "run", "--check", str(prog)],
                          capture_output=True, text=True, cwd=tmp_path)
    assert proc.returncode == 2 and "SyntaxError" in proc.stderr
