"""Issue 6 (benchmark): the ratio of a board's median click-to-DOM time to the floor's,
with the bootstrap interval the boards benchmark prints beside it."""

from __future__ import annotations

import random

from widgets.bench import ratio_interval


def _clicks(n: int, median: float, spread: float, seed: int) -> list[float]:
    rng = random.Random(seed)
    return [median * rng.lognormvariate(0, spread) for _ in range(n)]


def test_the_ratio_is_of_the_medians_and_its_interval_holds_it():
    floor = _clicks(50, 6.0, 0.3, 1)
    board = [1.2 * ms for ms in floor]
    ratio, low, high = ratio_interval(board, floor)
    assert abs(ratio - 1.2) < 1e-9
    assert low < 1.2 < high


def test_clicks_that_never_vary_leave_no_room_either_side():
    assert ratio_interval([7.5] * 50, [5.0] * 50) == (1.5, 1.5, 1.5)


def test_noisier_clicks_widen_the_interval_and_more_clicks_narrow_it():
    def width(n: int, spread: float) -> float:
        _, low, high = ratio_interval(_clicks(n, 7.0, spread, 2), _clicks(n, 6.0, spread, 3))
        return high - low

    assert width(50, 0.5) > 2 * width(50, 0.1)
    assert width(400, 0.3) < width(50, 0.3)


def test_the_interval_is_the_same_for_the_same_clicks():
    board, floor = _clicks(50, 7.0, 0.3, 4), _clicks(50, 6.0, 0.3, 5)
    assert ratio_interval(board, floor) == ratio_interval(board, floor)
