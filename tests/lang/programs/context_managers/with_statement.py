# Checks: with and context managers: __enter__'s value bound by as, __exit__ on the normal path, on an exception (type, value, traceback) and on break/continue/return, suppression by a true __exit__, several items, nesting, with in a generator.
log = []


class Managed:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress

    def __enter__(self):
        log.append("enter " + str(self.name))
        return self

    def __exit__(self, exc_type, exc, tb):
        kind = exc_type.__name__ if exc_type is not None else None
        log.append(f"exit {self.name} {kind} {exc!r} {tb is None}")
        return self.suppress


with Managed("a") as a, Managed("b") as b:
    log.append(f"body {a.name} {b.name}")

with Managed("quiet", suppress=True):
    raise ValueError("swallowed")
log.append("after the suppressed error")

try:
    with Managed("loud"):
        {}["missing"]
except KeyError as e:
    log.append("caught " + repr(e))


def leave_early():
    for i in range(3):
        with Managed(i):
            if i == 2:
                return "returned at " + str(i)
            for j in range(3):
                with Managed((i, j)):
                    if j == 1:
                        break
                    continue
    return "not reached"


log.append(leave_early())


def lines():
    with Managed("generator"):
        yield 1
        yield 2


log.append(str(list(lines())))


class Unpacks:
    def __enter__(self):
        return (1, [2, 3])

    def __exit__(self, *exc):
        return None


with Unpacks() as (x, [y, z]):
    log.append(f"unpacked {x} {y} {z}")


class FailsInExit:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        raise RuntimeError("exit failed")


try:
    with FailsInExit():
        raise ValueError("body failed")
except RuntimeError as e:
    log.append(f"{e!r} from {e.__context__!r}")

try:
    with Managed("no __enter__ value") as m:
        pass
    with 42:
        pass
except (AttributeError, TypeError) as e:
    log.append(type(e).__name__)
print("\n".join(log))
