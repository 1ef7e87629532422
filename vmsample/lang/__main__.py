"""``python -m vmsample.lang PROG.py [ARGS...]``: run a program on the VM,
like ``python PROG.py`` (exit status 0, 1 after an uncaught exception, 2 for
a program the compiler refuses)."""

import sys

from vmsample.lang import main

sys.exit(main(sys.argv[1:]))
