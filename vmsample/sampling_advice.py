"""How far to trust sampled numbers, and what period would do better.

Shared by `vmsample run` (said when the run ends) and the report (its
summary's warnings); kept free of imports so that a profiled run does not pay
for loading the report to say it.
"""

from __future__ import annotations


# Below this many allocation samples per-site estimates are mostly noise (a
# site with 5% of the bytes gets < 50 samples: +-14% and worse).
FEW_SAMPLES = 1000
# What a suggested period aims at.
USEFUL_SAMPLES = 4000


def suggested_period(allocated_bytes: float) -> str:
    """A period (in the size grammar) giving about USEFUL_SAMPLES samples."""
    period = max(8, int(allocated_bytes / USEFUL_SAMPLES))
    if period >= 1024:
        return f"{period // 1024}K"
    return str(period // 8 * 8 or 8)


def sampling_warnings(mode: str | None, period: int | None, samples: int) -> list[str]:
    """What a reader of these numbers should know about how they were sampled."""
    out = []
    if mode == "fixed" and period and period & (period - 1) == 0:
        out.append(f"fixed-mode sampling with a power-of-two period ({period} bytes) can alias with "
                   f"periodic allocation patterns and misattribute whole sites; use --sampling random")
    if period and 0 < samples < FEW_SAMPLES:
        out.append(f"only {samples} allocation samples: per-site estimates are rough (a site with "
                   f"n samples is +-1/sqrt(n)); --alloc-period {suggested_period(samples * period)} "
                   f"would give about {USEFUL_SAMPLES}")
    return out
