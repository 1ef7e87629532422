# Checks: a frame an exception left reports (f_lineno) the line the exception passed through it, also when an except, finally or with block's cleanup re-raised it (PEP 626).
def lines_after_raise(f):
    try:
        f()
    except Exception as ex:
        t = ex.__traceback__.tb_next
    lines = []
    while t:
        frame = t.tb_frame
        lines.append(None if frame.f_lineno is None else frame.f_lineno - frame.f_code.co_firstlineno)
        t = t.tb_next
    return tuple(lines)


def simple():
    1/0
    pass


def in_except():
    try:
        1/0
    except:
        1/0
        pass


def other_except():
    try:
        1/0
    except TypeError as ex:
        pass


def in_named_except():
    try:
        1/0
    except Exception as ex:
        1/0
        pass


def in_try():
    try:
        1/0
    finally:
        pass


def in_finally_normal():
    try:
        pass
    finally:
        1/0
        pass


def in_finally_except():
    try:
        1/0
    finally:
        1/0
        pass


class Noop:
    def __enter__(self):
        return self

    def __exit__(self, *args):
        pass


def after_with():
    with Noop():
        1/0
        pass


class ExitFails:
    def __enter__(self):
        return self

    def __exit__(self, *args):
        raise ValueError


def in_with_exit():
    with ExitFails():
        1/0
    pass


def nested():
    try:
        in_except()
    finally:
        pass


for f in (simple, in_except, other_except, in_named_except, in_try, in_finally_normal,
          in_finally_except, after_with, in_with_exit, nested):
    print(f.__name__, lines_after_raise(f))
