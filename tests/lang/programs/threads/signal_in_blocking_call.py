# Checks: a Python signal handler runs while the main thread waits in a blocking host call and
# other threads are running (the call is made without the VM lock), as CPython runs it inside
# the call (PEP 475): a handler that raises ends os.read, select, a socket's recv and
# signal.pause with its exception; a handler that returns lets os.read go on waiting (the call
# is retried) until the data comes; a lock's acquire and time.sleep are interrupted too.
import os
import select
import signal
import socket
import threading
import time


class Interrupted(Exception):
    pass


calls = []
armed = []


def interrupt(signum, frame):
    calls.append(signal.Signals(signum).name)
    if armed:
        armed.pop()
        raise Interrupted(signal.Signals(signum).name)


signal.signal(signal.SIGALRM, interrupt)
stop = threading.Event()
busy = threading.Thread(target=stop.wait)       # another thread: blocking calls drop the VM lock
busy.start()
r, w = os.pipe()
a, b = socket.socketpair()


def interrupted(what, call):
    # an alarm every 50 ms until one interrupts the call (the first may come before it starts)
    try:
        armed.append(True)
        signal.setitimer(signal.ITIMER_REAL, 0.05, 0.05)
        call()
        print(what, "returned")
    except Interrupted as e:
        print(what, "interrupted by", e)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        armed.clear()


interrupted("os.read", lambda: os.read(r, 10))
interrupted("select", lambda: select.select([r], [], [], 10))
interrupted("recv", lambda: a.recv(10))
interrupted("pause", signal.pause)
held = threading.Lock()
held.acquire()
interrupted("acquire", held.acquire)
interrupted("sleep", lambda: time.sleep(10))
print(sorted(set(calls)))

# a handler that returns: the read goes on until a thread writes
seen = []
signal.signal(signal.SIGALRM, lambda signum, frame: seen.append(threading.current_thread().name))
writer = threading.Thread(target=lambda: (time.sleep(0.2), os.write(w, b"data")))
writer.start()
signal.setitimer(signal.ITIMER_REAL, 0.05)
print("read after the handler:", os.read(r, 10), seen)
writer.join()

# a thread sends the signal while the main thread is in signal.pause (again until it returns)
signal.signal(signal.SIGUSR1, lambda signum, frame: seen.append("usr1"))
paused = threading.Event()


def send():
    while not paused.is_set():
        time.sleep(0.05)
        signal.pthread_kill(threading.main_thread().ident, signal.SIGUSR1)


sender = threading.Thread(target=send)
sender.start()
signal.pause()
paused.set()
sender.join()
print("pause returned after", seen[0], "usr1" in seen)
stop.set()
busy.join()
