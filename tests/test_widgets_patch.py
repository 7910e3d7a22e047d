"""widgets.patch: an update's patch turns the page's copy into the kernel's value."""

from __future__ import annotations

import copy
import json

from hypothesis import given
from hypothesis import strategies as st

from widgets import patch

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.sampled_from(["a", "b", "-", "="]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["a", "b", "c", "-", "="]), inner, max_size=4),
    max_leaves=20)


@given(JSON, JSON)
def test_a_patch_turns_old_into_new_and_leaves_old_alone(old, new):
    before = copy.deepcopy(old)
    p = json.loads(json.dumps(patch.diff(old, new)))  # as it travels
    assert patch.apply(old, p) == new
    assert old == before


@given(st.lists(st.dictionaries(st.sampled_from("nt"), st.integers(0, 9)), min_size=1,
                max_size=12), st.integers(1, 3), st.lists(st.integers(), max_size=3))
def test_a_scrolled_log_window_travels_as_its_new_lines(lines, off, new_tail):
    """The event log is a window of recent lines: a patch keeps the lines still shown."""
    old = [{**d, "n": i} for i, d in enumerate(lines)]
    new = old[off:] + [{"n": 100 + i, "x": v} for i, v in enumerate(new_tail)]
    p = patch.diff(old, new)
    assert patch.apply(old, p) == new
    if off < len(old):
        assert p[:4] == ["[", off, len(old) - off, {}] and p[4] == new[len(old) - off:]


def test_unchanged_keys_are_not_in_a_patch():
    old = {"rules": {"long": "x" * 500}, "deck": 30, "gone": 1}
    p = patch.diff(old, {"rules": {"long": "x" * 500}, "deck": 29, "new": [1]})
    assert p == {"deck": ["=", 29], "new": ["=", [1]], "gone": ["-"]}


@given(st.lists(st.integers(0, 9), min_size=3, max_size=9), st.data(), st.booleans())
def test_a_card_gone_from_a_hand_travels_as_a_gap(values, data, drawn):
    """Issue 6 (what reaches the browser): a card played or placed from the middle of a
    hand (HB-5, WL, PP, DM-3), with one drawn after it or not, is a gap in the hand's
    patch: the cards after it keep theirs, rather than each being patched into the one
    before it. (The first card gone is the form of a log window scrolled by one.)"""
    old = [{"id": i, "v": v} for i, v in enumerate(values)]
    i = data.draw(st.integers(1, len(old) - 2))
    tail = [{"id": 99, "v": 0}] if drawn else []
    new = old[:i] + old[i + 1:] + tail
    p = json.loads(json.dumps(patch.diff(old, new)))
    assert patch.apply(old, p) == new
    assert p == ["[", 0, len(old) - 1, {}, tail, [i, 1]]
