"""95 % confidence intervals for the figures of bot games (stats, tournaments)."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

Z95 = 1.959964


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion (sound near 0 and 1)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def ci95(successes: float, n: int) -> list[float] | None:
    """A rate's 95 % Wilson interval, rounded, for JSON figures (None for no games)."""
    return [round(x, 4) for x in wilson(successes, n)] if n else None


def mean_ci(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and its 95 % normal interval (mean ± z·s/√n)."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = statistics.fmean(values)
    half = z * statistics.stdev(values) / math.sqrt(n) if n > 1 else math.inf
    return (mean, mean - half, mean + half)
