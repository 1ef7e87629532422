"""The VM's module search path (vmsample/lang/modules.py)."""

import os
import sysconfig

from vmsample.lang.modules import LIB_DIR, STDLIB_DIR, search_path


def test_the_standard_library_is_sysconfigs():
    # modules.py finds it without importing sysconfig (start-up, issue 28).
    assert STDLIB_DIR == sysconfig.get_paths()["stdlib"]
    assert os.path.isfile(os.path.join(STDLIB_DIR, "os.py"))


def test_the_vms_replacements_come_before_the_standard_library(tmp_path):
    path = search_path(str(tmp_path / "prog.py"))
    assert path[0] == str(tmp_path)
    assert path.index(LIB_DIR) < path.index(STDLIB_DIR)
