"""A searching bot for every game: information-set Monte Carlo tree search (ISMCTS).

Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012): one tree over the moves of
every seat as the searching seat sees them. Each iteration

1. deals the cards the seat cannot see anew (``determinize`` of the engine contract,
   on a state rebuilt from the seat's view by the game's ``state_from_view``);
2. descends the tree by UCB1 among the children legal in that deal, counting for each
   child how often it was available (its "availability"), so rarely possible moves are
   not starved;
3. adds one untried move (below the root only at a node visited ``expand_after``
   times), then plays the deal out with the game's rule bot (each seat sees its own
   view, as in a real game) or at random, up to the end or a scored round;
4. credits every move on the path with the result for the seat that made it: its
   place (1st = 1, last = 0), or the shared score out of the maximum in a cooperative
   game (Hanabi, HB-11).

It then plays the root move tried most often (the best mean among equals); in a game
whose play-outs are noisy (Hanabi) the rule bot's move stays unless the search's best
beats it clearly. A game may instead compare the root moves *paired* («Лист ожидания»):
every move played out on the same deals, the best of that screen tested against the rule
bot's move on fresh deals, so a deal's luck cancels out of the comparison. The budget is
a number of iterations (reproducible: the same ``rng`` gives the same move) with a time
cap as a safety net for slow machines.
The bot sees only its view; every deal it searches is one the seat cannot tell apart
from the true state.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from kit.contract import Action, GameState

#: UCB1 exploration constant for rewards in [0, 1]
EXPLORATION = 0.7


class Node:
    """A move in the tree: visits, reward of the seat that made it, availability."""

    __slots__ = ("available", "children", "reward", "seat", "squares", "visits")

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.squares = 0.0  # sum of squared rewards: the spread of the mean
        self.children: dict[Action, Node] = {}

    def pick(self, legal: Sequence[Action], c: float) -> tuple[Action, Node]:
        """The legal child of highest UCB1 (availability counts as the parent's visits)."""
        best: tuple[Action, Node] | None = None
        top = -math.inf
        for action in legal:
            child = self.children[action]
            child.available += 1
            u = child.reward / child.visits + c * math.sqrt(
                math.log(child.available) / child.visits)
            if u > top:
                top, best = u, (action, child)
        assert best is not None  # legal is never empty while the game goes on
        return best


def rewards(state: GameState) -> list[float]:
    """Each seat's reward in [0, 1]: a shared score out of its maximum for a cooperative
    game (a result with ``max_score``: Hanabi), else the place, 1st = 1 and last = 0."""
    result = state.result()
    n = state.players
    if "max_score" in result and result.get("max_score"):
        return [result["score"] / result["max_score"]] * n
    places = result.get("places") or [None] * n
    return [0.5 if p is None else (n - p) / (n - 1) for p in places]


def round_rewards(state: GameState, scale: float = 50.0) -> list[float]:
    """Rewards for a game of scored rounds whose play-outs stop at a round's end (a
    result with ``penalties`` per round, lowest total wins: «Лист ожидания», WL-2): half
    the place by totals (it decides the game), half the last round's penalty against the
    others' mean, ``scale`` points apart mapping to 0..1 (a place alone saturates once a
    seat is a round behind, and then every move looks the same)."""
    places = rewards(state)
    rounds = state.result().get("penalties") or []
    if not rounds:
        return places
    last, n = rounds[-1], state.players
    out = []
    for s in range(n):
        others = (sum(last) - last[s]) / (n - 1)
        margin = min(1.0, max(0.0, 0.5 + (others - last[s]) / (2 * scale)))
        out.append(0.5 * places[s] + 0.5 * margin)
    return out


#: play-outs a move needs before its spread is trusted (two or three equal rewards
#: read as no spread at all, and a lucky move then looks clearly better)
EVIDENCE = 8


def _better(best: Node, default: Node | None, z: float) -> bool:
    """Whether ``best`` has a higher mean reward than ``default`` by ``z`` standard
    errors, each move tried at least :data:`EVIDENCE` times (else: not shown better)."""
    if default is None or default.visits < EVIDENCE or best.visits < EVIDENCE:
        return False

    def spread(n: Node) -> float:
        mean = n.reward / n.visits
        return max(0.0, n.squares / n.visits - mean * mean) / (n.visits - 1)
    gap = best.reward / best.visits - default.reward / default.visits
    return gap > z * math.sqrt(spread(best) + spread(default))


class SearchBot:
    """Thinks ahead: tries each move on many deals of the cards it cannot see, plays them
    out, and makes the move that worked best; up to a second a move."""

    name = "search"
    #: a full state from a seat's view (hidden cards dealt by the rng): the game's own
    state_from_view: ClassVar[Callable[[dict, random.Random], GameState]]
    #: the policy that plays a deal out (one instance per seat); None: uniformly random
    #: moves, which need no view (cheaper per move, weaker per play-out)
    rollout_bot: ClassVar[Callable[[], Any] | None]
    #: iterations per move (each game sets its own: what the apps and tournaments use)
    iterations: int = 200
    #: a move never thinks longer than this many seconds (a safety net on slow machines)
    max_seconds: float = 0.8
    #: a node below the root grows children only after this many visits. A young node
    #: that picks the best of its few noisy children overrates itself against one whose
    #: children differ from deal to deal (a card drawn from the deck): with a small budget
    #: the search stays near the root, a plain average of play-outs per move
    expand_after: int = 20
    #: event types after which a play-out stops and the result so far counts (a scored
    #: round of a many-round game: what a move changes is mostly its own round)
    horizon: ClassVar[frozenset[str]] = frozenset()
    #: the bot whose move is played unless the search's best beats it by ``confidence``
    #: standard errors (None: always the search's best). Where play-outs are noisy next
    #: to the differences between moves, a small budget picks almost at random; this keeps
    #: such a game's search at least as good as its rule bot
    default_bot: ClassVar[Callable[[], Any] | None] = None
    confidence: float | None = None
    #: compare the root moves on the same deals instead of growing a tree (see
    #: ``_compare``; ``iterations`` play-outs in all): a move is judged by how much better
    #: it did than the ``default_bot``'s move on the very same cards. The luck of the
    #: deal, which swamps the differences between moves in a noisy game, cancels out
    paired: bool = False
    #: each seat's reward in [0, 1] at the end of a play-out
    reward: ClassVar[Callable[[GameState], list[float]]] = staticmethod(rewards)

    def __init__(self, iterations: int | None = None, max_seconds: float | None = None,
                 exploration: float = EXPLORATION, expand_after: int | None = None) -> None:
        if iterations is not None:
            self.iterations = iterations
        if max_seconds is not None:
            self.max_seconds = max_seconds
        self.exploration = exploration
        if expand_after is not None:
            self.expand_after = expand_after
        self._rollout: list[Any] = []
        self._default: Any = None
        #: iterations the last ``choose`` ran (for benches and tests)
        self.last_iterations = 0

    def choose(self, view: dict, legal: Sequence[Action], rng: random.Random) -> Action:
        self.last_iterations = 0
        if len(legal) == 1:
            return legal[0]
        seat = view["seat"]
        default = None
        make = type(self).default_bot
        if self.confidence is not None and make is not None:
            # the rule bot's move, kept unless clearly beaten
            if self._default is None:
                self._default = make()
            default = self._default.choose(view, legal, rng)
        if self.paired:
            return self._compare(view, legal, rng, default)
        base = type(self).state_from_view(view, rng)
        allowed = set(legal)
        root = Node(None)
        deadline = time.perf_counter() + self.max_seconds
        for i in range(self.iterations):
            if i and time.perf_counter() > deadline:
                break
            self._iterate(root, base.determinize(seat, rng), allowed, rng)
            self.last_iterations = i + 1
        best, top = legal[0], (-1, -math.inf)
        for action in legal:  # most visits, then the best mean; then legal's order
            child = root.children.get(action)
            if child is not None:
                key = (child.visits, child.reward / child.visits)
                if key > top:
                    best, top = action, key
        if self.confidence is None or default is None or best == default:
            return best
        return best if _better(root.children[best], root.children.get(default),
                               self.confidence) else default

    def _compare(self, view: dict, legal: Sequence[Action], rng: random.Random,
                 default: Action | None) -> Action:
        """The default's move unless another beat it on the same deals by ``confidence``
        standard errors of the paired differences; with no default bot, the best mean.

        Half the budget screens every move on shared deals and picks the best; the other
        half tests that one against the default on fresh deals. Testing the winner of a
        screen on the screen's own deals would favour a lucky move, and in a game where
        a move's cost mostly comes later (a bad card kept now is shed next turn in every
        play-out) lucky moves are many."""
        seat, k = view["seat"], len(legal)
        base = type(self).state_from_view(view, rng)
        deadline = time.perf_counter() + self.max_seconds
        self.last_iterations = 0

        def outcomes(moves: Sequence[Action], deals: int) -> list[list[float]]:
            got: list[list[float]] = []
            while len(got) < deals and not (got and time.perf_counter() > deadline):
                deal = base.determinize(seat, rng)
                luck = rng.random()  # the same random play-outs after every move
                row = []
                for action in moves:
                    state = deal.clone()
                    state.apply(action)
                    self._play_out(state, random.Random(luck))
                    row.append(type(self).reward(state)[seat])
                got.append(row)
                self.last_iterations += len(moves)
            return got

        if default is None or default not in legal:
            rows = outcomes(legal, max(1, self.iterations // k))
            return legal[max(range(k), key=lambda i: (sum(r[i] for r in rows), -i))]
        others = [a for a in legal if a != default]
        budget = self.iterations
        if len(others) > 1:
            screen = outcomes([default, *others], max(1, budget // 2 // k))
            budget -= self.last_iterations
            best = max(range(len(others)),
                       key=lambda i: (sum(r[i + 1] - r[0] for r in screen), -i))
            rival = others[best]
        else:
            rival = others[0]
        gaps = [r[1] - r[0] for r in outcomes([default, rival], max(1, budget // 2))]
        n = len(gaps)
        if n < EVIDENCE:
            return default
        mean = sum(gaps) / n
        spread = max(0.0, sum(g * g for g in gaps) / n - mean * mean) / (n - 1)
        return rival if mean > (self.confidence or 0.0) * math.sqrt(spread) else default

    def _iterate(self, root: Node, state: GameState, allowed: set[Action],
                 rng: random.Random) -> None:
        path = [root]
        node = root
        while not state.over:
            if node is not root and node.visits < self.expand_after:
                break  # a young node: its value is its play-outs' (see expand_after)
            legal = state.legal_actions()
            if node is root:
                # the true legal actions: a deal never offers what the seat may not do
                legal = [a for a in legal if a in allowed] or legal
            untried = [a for a in legal if a not in node.children]
            if untried:
                action = untried[rng.randrange(len(untried))]
                child = node.children[action] = Node(state.to_act)
                for a in legal:
                    tried = node.children.get(a)
                    if tried is not None:
                        tried.available += 1
                state.apply(action)
                path.append(child)
                break
            action, node = node.pick(legal, self.exploration)
            state.apply(action)
            path.append(node)
        self._play_out(state, rng)
        got = type(self).reward(state)
        for n in path:
            n.visits += 1
            if n.seat is not None:
                n.reward += got[n.seat]
                n.squares += got[n.seat] ** 2

    def _play_out(self, state: GameState, rng: random.Random) -> None:
        make = type(self).rollout_bot
        while make is not None and len(self._rollout) < state.players:
            self._rollout.append(make())
        bots, horizon = self._rollout, self.horizon
        while not state.over:
            seat = state.to_act
            assert seat is not None  # the game is not over
            legal = state.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            elif make is None:
                action = legal[rng.randrange(len(legal))]
            else:
                action = bots[seat].choose(state.view(seat), legal, rng)
            events = state.apply(action)
            if horizon and any(e["type"] in horizon for e in events):
                return


def search_bot(state_from_view: Callable[[dict, random.Random], GameState],
               rollout_bot: Callable[[], Any] | None, iterations: int = 200,
               horizon: Sequence[str] = (),
               reward: Callable[[GameState], list[float]] = rewards,
               default_bot: Callable[[], Any] | None = None,
               confidence: float | None = None, paired: bool = False) -> type[SearchBot]:
    """A game's search bot class (a bot factory for ``GameSpec.bots``)."""
    return type("SearchBot", (SearchBot,), {
        "default_bot": staticmethod(default_bot) if default_bot else None,
        "confidence": confidence, "paired": paired,
        "reward": staticmethod(reward),
        "state_from_view": staticmethod(state_from_view),
        "rollout_bot": staticmethod(rollout_bot) if rollout_bot else None,
        "iterations": iterations,
        "horizon": frozenset(horizon),
        "__doc__": SearchBot.__doc__, "__module__": __name__})
