# Checks: sys.stdin, sys.stdout, sys.stderr, sys.__stdin__, sys.__stdout__, sys.__stderr__ and
# their binary buffers have CPython's fileno() and isatty() (the process's descriptors 0, 1, 2:
# curses.initscr() and shutil.get_terminal_size() ask them); a write to the descriptor lands
# after what the stream flushed.
import os
import shutil
import sys

for name in ("stdin", "stdout", "stderr", "__stdin__", "__stdout__", "__stderr__"):
    stream = getattr(sys, name)
    fd = stream.fileno()
    print(name, fd, stream.buffer.fileno(), stream.isatty() == os.isatty(fd),
          stream.buffer.isatty() == stream.isatty(), type(stream.isatty()).__name__)
print(sys.__stdout__ is sys.stdout, os.fstat(sys.stdout.fileno()).st_ino == os.fstat(1).st_ino)
print("before the descriptor's write")
sys.stdout.flush()
os.write(sys.stdout.fileno(), b"written to the descriptor\n")
print(shutil.get_terminal_size((91, 17)) == os.terminal_size((91, 17)) or sys.stdout.isatty())
for method in ("fileno", "isatty"):
    try:
        getattr(sys.stdout, method)(1)
    except TypeError as e:
        print(type(e).__name__, str(e).split("(")[-1])
