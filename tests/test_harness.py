"""The conformance harness itself: it passes a good engine and fails broken ones."""

from __future__ import annotations

import dataclasses
import random
from typing import ClassVar

import pytest

import kit
from kit.hanabi import SPEC as HANABI
from kit.hanabi.actions import Discard, Hint
from kit.hanabi.state import HanabiState
from kit.testing import ConformanceError, check_game


def broken(cls: type[HanabiState]) -> kit.GameSpec:
    """A Hanabi spec whose state class is ``cls`` (a deliberately broken engine)."""
    spec = dataclasses.replace(HANABI, state_class=cls)
    cls.spec = spec
    return spec


class LeakyView(HanabiState):
    """view(seat) shows the seat its own cards (HB-2 broken)."""

    def view(self, seat):
        out = super().view(seat)
        if seat is not None:
            out["hands"][seat] = {**out["hands"][seat],
                                  "cards": [self.card_json(c) for c in self.hands[seat]]}
        return out


class HalfApply(HanabiState):
    """Spends the hint token before finding out the discard/hint is illegal."""

    def _check(self, action):
        if isinstance(action, Hint | Discard):
            self.hints -= 1
            super()._check(action)
            self.hints += 1
            return
        super()._check(action)


class GlobalRandomDraw(HanabiState):
    """Draws a random card of the deck with the global ``random`` (not the state's)."""

    def _draw(self, seat):
        if self.deck:
            i = random.randrange(len(self.deck))
            self.deck[i], self.deck[-1] = self.deck[-1], self.deck[i]
        return super()._draw(seat)


class SharedClone(HanabiState):
    """clone() hands out the same object."""

    def clone(self):
        return self


class NoRedeal(HanabiState):
    """determinize() returns the true state: hidden cards are never redealt."""

    def determinize(self, seat, rng):
        return self.clone()


class SharedView(HanabiState):
    """view() hands out the same dict again while the state has not moved (issue 36: a
    learner's edit of a view reaches the game)."""

    def view(self, seat):
        kept = self.__dict__.setdefault("kept_views", {})
        key = (seat, len(self.history))
        if key not in kept:
            kept[key] = super().view(seat)
        return kept[key]


class SharedEventCards(HanabiState):
    """Events reuse one card dict per card for every game (issue 36: upper-casing the
    colours in one game's events changes another game's)."""

    faces: ClassVar[dict[int, dict]] = {}

    def card_json(self, card):
        return self.faces.setdefault(card, dict(super().card_json(card)))


def test_harness_passes_hanabi():
    check_game("hanabi", 3, seeds=range(3))


@pytest.mark.parametrize(("cls", "message"), [
    (LeakyView, "leak"),
    (HalfApply, "changed the state"),
    (GlobalRandomDraw, "global random"),
    (SharedClone, "changed the state|clone"),
    (NoRedeal, "not redealt"),
    (SharedView, "changed this game"),
    (SharedEventCards, "other events than the game returned"),
])
def test_harness_fails_a_broken_engine(cls, message):
    with pytest.raises(ConformanceError, match=message):
        check_game(broken(cls), 3, seeds=range(3))


def test_harness_catches_a_bot_choosing_an_illegal_action():
    class Cheater:
        name = "cheater"

        def choose(self, view, legal, rng):
            return Discard(0)  # illegal at 8 tokens (HB-5)

    spec = dataclasses.replace(HANABI, bots={**HANABI.bots, "cheater": Cheater})
    with pytest.raises(ConformanceError, match="illegal action"):
        check_game(spec, 2, seeds=[0], bot="cheater")


def test_harness_requires_a_complete_declaration():
    spec = dataclasses.replace(HANABI, bots={"random": HANABI.bots["random"]})
    with pytest.raises(ConformanceError, match="rule"):
        check_game(spec, 2, seeds=[0])


def test_refused_proves_a_refusal_its_rule_and_an_untouched_state():
    from kit.testing import refused

    state = kit.new_game("hanabi", 2, seed=0)
    assert refused(state, {"type": "discard", "slot": 0}, "HB-5").rule == "HB-5"
    with pytest.raises(ConformanceError, match="expected HB-4"):
        refused(state, {"type": "discard", "slot": 0}, "HB-4")
    with pytest.raises(ConformanceError, match="was accepted"):
        refused(state.clone(), {"type": "play", "slot": 0}, "HB-6")
    broken(HalfApply)
    half = HalfApply(2, 0)
    with pytest.raises(ConformanceError, match="changed the state"):
        refused(half, {"type": "discard", "slot": 9}, "HB-3")
