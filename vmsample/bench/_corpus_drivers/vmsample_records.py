# How vmsample's drivers (unittest_driver.py, the import survey's generated
# programs) report to the harness that runs them: record lines on stdout.
# A record is the marker, then fields separated by tabs, the last of them
# free text on one line.  The marker may follow a program's own output on
# the same line (one that printed no newline), so readers look for it
# anywhere in a line (vmsample/bench/watched.py).
#
# A young VM runs this file: plain statements, nothing from the library.

import sys

MARK = "@@vmsample"
OUT = sys.stdout        # the programs run may swap sys.stdout; records always go here


def emit(*fields):
    line = MARK
    for field in fields:
        line = line + "\t" + str(field).replace("\t", " ").replace("\r", " ").replace("\n", " ")
    OUT.write(line + "\n")
    OUT.flush()


def describe(exc):
    """The last line of the traceback CPython would print for [exc], cut to
    one line of at most 300 characters."""
    name = type(exc).__name__
    try:
        text = str(exc)
    except BaseException:
        text = "<exception str() failed>"
    lines = text.strip().splitlines()
    if lines:
        name = name + ": " + lines[0]
    return name[:300]
