"""Reports on profiles: `vmsample report` and `vmsample diff`.

* ``analysis.py`` aggregates a `Profile` into an `Analysis` (sites, types,
  GC timeline, time samples): the numbers every report shows;
* ``text.py`` lays it out as rich tables (TTY) or plain text;
* ``diff.py`` compares two analyses;
* ``units.py`` formats sizes, shares and durations.

The names below are imported when first asked for (PEP 562): `vmsample run`
formats sizes with ``units`` and must not pay for ``analysis``'s numpy at
every start.
"""

__all__ = ["Analysis", "Site", "Tally", "analyze"]


def __getattr__(name):
    if name in __all__:
        from . import analysis
        return getattr(analysis, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
