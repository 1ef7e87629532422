# Checks: import sys: sys.argv holds the program path and the command-line arguments as strings.
# args: 3 hello -x
import sys
print(len(sys.argv), sys.argv[1:], sys.argv[0].endswith("sys_argv.py"))
n = int(sys.argv[1]) if len(sys.argv) > 1 else 1
print(n * 2)
