# Checks: sys.stdout as a stream: write (returning the length), flush, print(file=sys.stdout), interleaved with print, and write's TypeError.
import sys

n = sys.stdout.write("hello ")
sys.stdout.write(str(n) + "\n")
print("printed", end=" ")
sys.stdout.write("written\n")
sys.stdout.flush()
print("to stdout", file=sys.stdout, sep="-")
out = sys.stdout
for word in ["a", "b", "c"]:
    out.write(word * 3)
out.write("\n")
try:
    sys.stdout.write(5)
except TypeError as e:
    print("TypeError:", e)
