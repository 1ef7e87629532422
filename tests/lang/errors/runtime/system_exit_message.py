# raise SystemExit("message"): the message goes to stderr, the exit status is 1, and no traceback is printed.
import sys
def parse(argv):
    if len(argv) < 3:
        raise SystemExit("usage: system_exit_message.py NAME COUNT")
    return argv[1], int(argv[2])
print("parsing")
print(parse(sys.argv))
