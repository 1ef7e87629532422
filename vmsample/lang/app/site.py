"""What CPython's ``site`` puts into builtins when it starts (site.setquit,
setcopyright, sethelper): ``exit`` and ``quit``, ``copyright``, ``credits``,
``license`` and ``help``, the objects of the host standard library's
``_sitebuiltins`` made as site makes them.  The VM does not run ``site``
itself: its module search path is its own (vmsample/lang/modules.py), and
site's main() would process the environment's .pth files in the VM.

Not run at start-up: the VM loads this module when a lookup first misses one
of these names in builtins (vm/site_builtins.pxi), and makes that one name.
"""

from _vm import register

EOF_HINT = "Ctrl-D (i.e. EOF)"          # (os.sep is "/": the VM runs on POSIX systems)
CREDITS = """\
    Thanks to CWI, CNRI, BeOpen.com, Zope Corporation and a cast of thousands
    for supporting Python development.  See www.python.org for more information."""


def site_builtin(name):
    import _sitebuiltins
    import builtins
    import sys
    if name in ("exit", "quit"):
        value = _sitebuiltins.Quitter(name, EOF_HINT)
    elif name == "help":
        value = _sitebuiltins._Helper()
    elif name == "copyright":
        value = _sitebuiltins._Printer("copyright", sys.copyright)
    elif name == "credits":
        value = _sitebuiltins._Printer("credits", CREDITS)
    else:
        import os
        here = sys._stdlib_dir
        value = _sitebuiltins._Printer("license", "See https://www.python.org/psf/license/",
                                       ["LICENSE.txt", "LICENSE"],
                                       [os.path.join(here, os.pardir), here, os.curdir])
    setattr(builtins, name, value)


register("site_builtin", site_builtin)
