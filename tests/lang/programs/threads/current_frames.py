# Checks: sys._current_frames() maps each running thread's ident to its topmost frame (the
# main thread's is the caller's own frame), whose f_code, f_lineno and f_back chain say where
# each thread waits; traceback.extract_stack reads them; a thread that has ended is gone.
import sys
import threading
import time
import traceback

release = threading.Event()


def worker_waits():
    release.wait()


def outer():
    inner()


def inner():
    release.wait()


def ours(frame):
    # (function, line) of this file's frames in the chain, innermost first
    out = []
    while frame is not None:
        if frame.f_code.co_filename == __file__:
            out.append((frame.f_code.co_name, frame.f_lineno))
        frame = frame.f_back
    return out


threads = [threading.Thread(target=worker_waits, name="w1"), threading.Thread(target=outer, name="w2")]
for t in threads:
    t.start()
waiting = {"w1": [("worker_waits", 13)], "w2": [("inner", 21), ("outer", 17)]}
for _ in range(500):
    frames = sys._current_frames()
    if all(ours(frames.get(t.ident)) == waiting[t.name] for t in threads):
        break
    time.sleep(0.01)
print(type(frames).__name__, sorted(frames) == sorted([threading.main_thread().ident] + [t.ident for t in threads]))
me = frames[threading.get_ident()]
print("main:", me is sys._getframe(), me.f_code.co_name, me.f_back)
for t in threads:
    f = frames[t.ident]
    print(t.name, ours(f), f.f_code.co_name, f.f_code.co_filename == threading.__file__)
    summary = traceback.extract_stack(f)
    print(t.name, [(s.name, s.line) for s in summary if s.filename == __file__])
release.set()
for t in threads:
    t.join()
print(list(sys._current_frames()) == [threading.get_ident()])


def in_a_function():
    return sys._current_frames()[threading.get_ident()].f_code.co_name


print(in_a_function())
