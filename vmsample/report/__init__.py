"""Reports on profiles: `vmsample report` and `vmsample diff`.

* ``analysis.py`` aggregates a `Profile` into an `Analysis` (sites, types,
  GC timeline, time samples): the numbers every report shows;
* ``text.py`` lays it out as rich tables (TTY) or plain text;
* ``diff.py`` compares two analyses;
* ``units.py`` formats sizes, shares and durations.
"""

from .analysis import Analysis, Site, Tally, analyze

__all__ = ["Analysis", "Site", "Tally", "analyze"]
