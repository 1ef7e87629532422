# Checks: binary output through sys.stdout.buffer (bytes and bytearray, its write's count), interleaved with print when each layer is flushed, and the error for writing str to it.
import sys

print("text first", flush=True)
sys.stdout.buffer.write(b"binary \xc3\xa9\n")
sys.stdout.buffer.flush()
n = sys.stdout.buffer.write(bytearray(b"more\n"))
sys.stdout.buffer.flush()
print(n)
lines = [b">seq %d\n" % i + b"acgt" * i + b"\n" for i in range(5)]
sys.stdout.flush()
sys.stdout.buffer.write(b"".join(lines))
sys.stdout.buffer.flush()
try:
    sys.stdout.buffer.write("text")
except TypeError as e:
    print("TypeError", e)
