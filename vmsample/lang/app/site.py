"""What CPython's ``site`` puts into builtins when it starts (site.setquit,
setcopyright, sethelper): ``exit`` and ``quit``, ``copyright``, ``credits``,
``license`` and ``help``, the objects of the host standard library's
``_sitebuiltins`` as site makes them.  The VM does not run ``site`` itself:
its module search path is its own (vmsample/lang/modules.py), and site's
main() would process the environment's .pth files in the VM.

The VM runs this module once when it starts (vmsample/lang/app).
"""

import builtins
import sys

from _vm import register


def site_builtins():
    # Run once sys is complete (the importer needs sys.implementation):
    # vm/loading.pxi, after finish_sys_module.
    import _sitebuiltins
    eof = "Ctrl-D (i.e. EOF)"         # (os.sep is "/": the VM runs on POSIX systems)
    builtins.quit = _sitebuiltins.Quitter("quit", eof)
    builtins.exit = _sitebuiltins.Quitter("exit", eof)
    builtins.copyright = _sitebuiltins._Printer("copyright", sys.copyright)
    builtins.credits = _sitebuiltins._Printer("credits", """\
    Thanks to CWI, CNRI, BeOpen.com, Zope Corporation and a cast of thousands
    for supporting Python development.  See www.python.org for more information.""")
    # (os.path.join(here, os.pardir), here, os.curdir, without importing os at start-up)
    here = sys._stdlib_dir
    builtins.license = _sitebuiltins._Printer("license", "See https://www.python.org/psf/license/",
                                              ["LICENSE.txt", "LICENSE"], [here + "/..", here, "."])
    builtins.help = _sitebuiltins._Helper()


register("site_builtins", site_builtins)
