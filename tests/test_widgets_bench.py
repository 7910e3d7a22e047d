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


class _Page:
    """A stand-in for a Playwright page: records which widget each timed click was on and
    answers it with that widget's time (ms)."""

    def __init__(self, name: str, log: list[str], ms: float) -> None:
        self.name, self.log, self.ms = name, log, ms

    def goto(self, url: str) -> None:
        pass

    def wait_for_selector(self, selector: str, timeout: float = 0) -> None:
        pass

    def wait_for_function(self, script: str, timeout: float = 0) -> None:
        pass

    def get_attribute(self, selector: str, name: str) -> str:
        return "0"  # the game is never over

    def query_selector_all(self, selector: str) -> list[int]:
        return [0, 1, 2]

    def evaluate(self, script: str, args: list[str]) -> tuple[float, float]:
        board = args[1] == ".kit-board"
        self.log.append(self.name if not board else "board")
        return (self.ms + 2 if board else self.ms, self.ms - 1)


def test_each_board_click_is_followed_by_one_click_of_each_floor(monkeypatch):
    from widgets import bench

    monkeypatch.setattr(bench, "GAP_S", 0)
    log: list[str] = []
    page, floor_page = _Page("beside", log, 7.0), _Page("meanwhile", log, 6.0)
    got, floor, beside = bench.bench_board(page, "http://x", "hanabi", 5, 0.0, 1, floor_page,
                                           "hanabi_beside")
    # five warm-up clicks of the floor beside the board, three of the board, then the timed
    assert log[:8] == ["beside"] * 5 + ["board"] * 3
    assert log[8:] == ["board", "beside", "meanwhile"] * 5
    assert (got["n"], floor["n"], beside["n"]) == (5, 5, 5)
    assert (got["median_ms"], beside["median_ms"], floor["median_ms"]) == (9.0, 7.0, 6.0)
