"""Progress display for long reads and conversions: on stderr, only on a TTY.

Converters take a [Progress] and loop over ``progress.iterate(text, items)``
(or call ``progress.task(text, total)`` for an ``advance(n)`` function); [QUIET] (the default everywhere) draws nothing,
so library callers and pipes see no progress at all.
"""

from __future__ import annotations

import contextlib
import sys


class Progress:
    """Draws nothing.  The base of [TerminalProgress]."""

    @contextlib.contextmanager
    def status(self, text: str):
        """A step of unknown length (e.g. reading the profile)."""
        yield

    @contextlib.contextmanager
    def task(self, text: str, total: int):
        """A step of [total] units; yields ``advance(n)``."""
        yield lambda n=1: None

    def iterate(self, text: str, items):
        """The [items], counted on a progress bar (advanced every [STEP] items)."""
        return iter(items)


STEP = 4096
QUIET = Progress()


class TerminalProgress(Progress):
    """A rich spinner / progress bar on [stream] (stderr), removed when done."""

    def __init__(self, stream):
        from rich.console import Console

        self.console = Console(file=stream)

    @contextlib.contextmanager
    def status(self, text):
        with self.console.status(text):
            yield

    @contextlib.contextmanager
    def task(self, text, total):
        from rich.progress import BarColumn, MofNCompleteColumn, Progress as RichProgress, TimeRemainingColumn

        with RichProgress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                          TimeRemainingColumn(), console=self.console, transient=True) as bar:
            task = bar.add_task(text, total=total)
            yield lambda n=1: bar.advance(task, n)

    def iterate(self, text, items):
        with self.task(text, len(items)) as advance:
            for i, item in enumerate(items, 1):
                yield item
                if i % STEP == 0:
                    advance(STEP)
            advance(len(items) % STEP)


def for_stderr() -> Progress:
    """Progress on stderr when it is a terminal, else [QUIET]."""
    stream = sys.stderr
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError):
        tty = False
    return TerminalProgress(stream) if tty else QUIET
