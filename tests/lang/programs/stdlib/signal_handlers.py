# Checks: signal handlers written in Python run between two bytecodes of the main thread, as
# CPython runs them: right after os.kill / signal.raise_signal of the process itself, in a
# busy loop (setitimer), in time.sleep (the handler's exception ends the sleep), while the
# main thread waits in join() for a thread that sends the signal; the handler gets the signal
# number and the interrupted frame; getsignal/signal return the handlers; SIGINT's
# default_int_handler raises KeyboardInterrupt; a handler's exception propagates at that point
# (inside the with block whose last statement the signal's call was).
import os
import signal
import threading
import time

seen = []


def on_usr1(signum, frame):
    seen.append(signum)
    print("on_usr1", signal.Signals(signum).name, frame.f_code.co_name,
          threading.current_thread() is threading.main_thread())


old = signal.signal(signal.SIGUSR1, on_usr1)
print(old is signal.SIG_DFL, old, signal.getsignal(signal.SIGUSR1) is on_usr1)
os.kill(os.getpid(), signal.SIGUSR1)
print("after os.kill", seen)
signal.raise_signal(signal.SIGUSR1)
print("after raise_signal", len(seen))


def in_a_function():
    os.kill(os.getpid(), signal.SIGUSR1)
    return len(seen)


print("in_a_function", in_a_function())

done = []


def on_alarm(signum, frame):
    done.append(frame.f_code.co_name)


def busy():
    n = 0
    while not done:
        n += 1
    return n > 0


signal.signal(signal.SIGALRM, on_alarm)
signal.setitimer(signal.ITIMER_REAL, 0.05)
print("busy", busy(), done)


class Timeout(Exception):
    pass


def timeout(signum, frame):
    raise Timeout(f"signal {signum}")


print(signal.signal(signal.SIGALRM, timeout) is on_alarm)
signal.setitimer(signal.ITIMER_REAL, 0.05)
start = time.monotonic()
try:
    time.sleep(10)
except Timeout as e:
    print("sleep interrupted:", e, time.monotonic() - start < 5)

signal.signal(signal.SIGUSR2, timeout)
try:
    os.kill(os.getpid(), signal.SIGUSR2)
    print("not reached")
except Timeout as e:
    print("raised at the next bytecode:", e)

signal.signal(signal.SIGUSR1, lambda signum, frame: print("from a thread's signal", signum,
                                                             threading.current_thread().name))


class Expect:
    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        print("the with block's exit got", kind.__name__ if kind else None, value)
        return True


with Expect():
    os.kill(os.getpid(), signal.SIGUSR2)
with Expect():
    signal.raise_signal(signal.SIGUSR2)

t = threading.Thread(target=os.kill, args=(os.getpid(), signal.SIGUSR1))
t.start()
t.join()
time.sleep(0.01)
print("joined")

print(signal.getsignal(signal.SIGINT) is signal.default_int_handler)
try:
    os.kill(os.getpid(), signal.SIGINT)
    print("not reached")
except KeyboardInterrupt:
    print("KeyboardInterrupt")
print(signal.signal(signal.SIGUSR1, on_usr1) is not on_usr1)
print(signal.signal(signal.SIGUSR1, signal.SIG_IGN) is on_usr1, signal.getsignal(signal.SIGUSR1))
os.kill(os.getpid(), signal.SIGUSR1)
print(signal.signal(signal.SIGUSR1, signal.SIG_DFL), signal.getsignal(signal.SIGUSR1))
for bad in (lambda: signal.signal(signal.SIGUSR1, 42), lambda: signal.signal(0, on_usr1),
            lambda: signal.signal(signal.SIGKILL, on_usr1), lambda: signal.getsignal(1000)):
    try:
        bad()
    except (TypeError, ValueError, OSError) as e:
        print(type(e).__name__, e)
