# Checks: a thread blocked in a host call (a socket's recv, a pipe's read, select, waitpid) lets
# the other threads run, as CPython releases the GIL around those calls; the main thread blocked
# in one too; a daemon thread still blocked in one when the program ends does not keep it.
import os
import select
import socket
import subprocess
import sys
import threading
import time

a, b = socket.socketpair()
got = []


def reader():
    got.append(a.recv(10))


r = threading.Thread(target=reader)
r.start()
total = sum(i for i in range(100000))      # runs while the reader waits
b.sendall(b"hello")
r.join()
print(got, total)

# the main thread waits in recv; a worker sends
threading.Thread(target=lambda: (time.sleep(0.05), a.sendall(b"from worker"))).start()
print(b.recv(20))

# a pipe: the reader waits in os.read, select in another thread
rfd, wfd = os.pipe()
ready = []
t1 = threading.Thread(target=lambda: ready.append(select.select([rfd], [], [], 5)[0] == [rfd]))
t2 = threading.Thread(target=lambda: got.append(os.read(rfd, 5)))
t1.start()
t1.join(0.05)
os.write(wfd, b"world")
t1.join()
t2.start()
t2.join()
print(ready, got)

# waitpid in a thread while the main thread counts
out = []
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(0.1); print(42)"],
                         stdout=subprocess.PIPE, text=True)
waiter = threading.Thread(target=lambda: out.append(child.communicate()[0]))
waiter.start()
n = 0
while waiter.is_alive():
    n += 1
    time.sleep(0.001)
waiter.join()
print(out, child.returncode, n > 0)

# an echo server on a thread
server = socket.socket()
server.bind(("127.0.0.1", 0))
server.listen()


def serve():
    conn, _ = server.accept()
    with conn:
        while data := conn.recv(100):
            conn.sendall(data.upper())


st = threading.Thread(target=serve)
st.start()
with socket.create_connection(server.getsockname()) as c:
    for word in (b"abc", b"def"):
        c.sendall(word)
        print(c.recv(100))
st.join()
server.close()

# a daemon thread blocked for ever in recv: the program still ends
threading.Thread(target=lambda: socket.socketpair()[0].recv(1), daemon=True).start()
print("main done")
