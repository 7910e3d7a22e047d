"""The conformance harness: the same checks for every engine (DESIGN.md).

Like OpenSpiel's random simulation test and PettingZoo's api/seed tests. Each
check raises :class:`ConformanceError` (an ``AssertionError``) that says which
game, seed, move and check failed.

    from kit.testing import check_game
    check_game("hanabi", players=3, seeds=range(20), variant="rainbow_wild")
    check_game("hanabi", players=3, seeds=range(3), bot="rule")   # late states too

Checks, at every state of seeded random playouts:

- ``to_act`` is None exactly when ``over``; legal actions are non-empty, unique
  (by JSON), JSON round-trip through ``apply``'s parser, and read as distinct
  phrases (``str``);
- every view (each seat and the spectator) is plain JSON, changes nothing, and
  holds enough to list the seat's legal actions (``spec.legal_from_view``);
- views leak nothing: a ``determinize``d state gives the same view to the seat
  it was made for and the same spectator view (and across a game some
  determinization really differs from the true state);
- illegal actions (other states' actions, mutated fields, malformed dicts, a
  wrong seat) raise :class:`kit.IllegalAction` with a rule id and leave the
  snapshot exactly as it was;
- cards/tiles are conserved (``zones``); events are JSON with ``visible_to``;
- what a state returns is the caller's own: changing everything in its views (each
  seat and the spectator), ``result()``, the events ``apply`` returned and its legal
  actions (the list and their JSON) changes neither that state nor another game of
  the same options, nor the events a replay of the game returns (read-only shared
  data, :mod:`kit.readonly`, may refuse the change);
- ``clone`` and ``snapshot``/``restore`` reproduce the state, and a clone moves
  independently; the history replays (``kit.replay``) to the same state;
- the game ends within the declared length bound;
- the same seed gives the same game even when the global ``random`` is
  disturbed differently between moves.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import kit
from kit.contract import ALL, Action, GameSpec, GameState
from kit.errors import IllegalAction


class ConformanceError(AssertionError):
    """An engine broke the contract."""


def _fail(where: str, what: str) -> None:
    raise ConformanceError(f"{where}: {what}")


def _key(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, ensure_ascii=False)


def _is_plain_json(obj: Any) -> bool:
    try:
        return json.loads(json.dumps(obj)) == obj
    except (TypeError, ValueError):
        return False


def _inventory(state: GameState) -> Counter:
    return Counter(_key(card) for cards in state.zones().values() for card in cards)


def _scribble(obj: Any) -> None:
    """Change every part of a returned JSON value in place, as a learner editing what a
    game gave them might; parts that refuse a change (read-only) are left as they are."""
    try:
        if isinstance(obj, dict):
            for k in list(obj):
                obj[k] = _scribbled(obj[k])
            obj["scribbled"] = True
        elif isinstance(obj, list):
            for i, v in enumerate(obj):
                obj[i] = _scribbled(v)
            obj.append("scribbled")
            return
    except TypeError:
        pass
    if isinstance(obj, dict | list | tuple):  # read-only: still scribble what it holds
        for v in obj.values() if isinstance(obj, dict) else obj:
            _scribble(v)


def _scribbled(value: Any) -> Any:
    if isinstance(value, dict | list | tuple):
        _scribble(value)
        return value
    if isinstance(value, str):
        return value.upper() + "!"
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float):
        return value + 1000
    return "scribbled" if value is None else value


def _returns(state: GameState) -> list:
    """Everything a state returns without moving: views, result, legal actions."""
    legal = state.legal_actions()
    return [[state.view(s) for s in [None, *range(state.players)]], state.result(), legal,
            [a.to_json() for a in legal]]


def _fingerprint(state: GameState) -> str:
    """The state's snapshot and all it returns, as one JSON text."""
    legal = [a.to_json() if isinstance(a, Action) else repr(a) for a in state.legal_actions()]
    return _key([state.snapshot(), [state.view(s) for s in [None, *range(state.players)]],
                 state.result(), legal])


_JUNK_VALUES: tuple = (-1, 99, "x", None, True, [], 2.5)
_MALFORMED: tuple = (None, 42, "play", [], {}, {"type": "no-such-action"}, {"type": None})


def _spec(game: str | GameSpec) -> GameSpec:
    return game if isinstance(game, GameSpec) else kit.spec(game)


def refused(state: GameState, action: Any, rule: str) -> IllegalAction:
    """Apply ``action``: it must raise :class:`kit.IllegalAction` naming ``rule`` and leave
    the state exactly as it was. Returns the error (for its message). For tests and the
    tutorials' assert cells."""
    before = _key(state.snapshot())
    try:
        state.apply(action)
    except IllegalAction as exc:
        if exc.rule != rule:
            _fail(repr(action), f"refused under {exc.rule}, expected {rule}: {exc}")
        if _key(state.snapshot()) != before:
            _fail(repr(action), "the refused action changed the state")
        return exc
    _fail(repr(action), f"was accepted; expected IllegalAction under {rule}")
    raise AssertionError  # unreachable: _fail raises


def check_declaration(game: str | GameSpec) -> None:
    """The declaration is complete: name, rules version, seats, options, bound, bots."""
    spec = _spec(game)
    name = spec.name
    where = f"{name} declaration"
    if isinstance(game, str) and spec.name != game:
        _fail(where, f"declares name {spec.name!r}")
    if not spec.rules_version:
        _fail(where, "no rules version")
    if not 1 <= spec.min_players <= spec.max_players:
        _fail(where, "bad seat range")
    for opt_name, opt in spec.options.items():
        if opt.name != opt_name or not opt.doc:
            _fail(where, f"option {opt_name!r} lacks a name or doc")
        opt.validate(opt.default)
    if "random" not in spec.bots or "rule" not in spec.bots:
        _fail(where, "needs a 'random' and a 'rule' bot")
    if not callable(getattr(spec, "legal_from_view", None)):
        _fail(where, "needs legal_from_view(view) to prove views are sufficient")
    for players in range(spec.min_players, spec.max_players + 1):
        if spec.max_length(players, spec.defaults()) <= 0:
            _fail(where, "length bound must be positive")
    try:
        spec.state_class(spec.max_players + 1, 0)
    except kit.ConfigError as exc:
        if exc.option != "players":
            _fail(where, "too many players must be a ConfigError naming 'players'")
    else:
        _fail(where, "accepted too many players")


class _Checker:
    def __init__(self, game: str | GameSpec, players: int, seed: int, options: dict,
                 deep_every: int, bot: str | None = None) -> None:
        self.spec = _spec(game)
        self.name, self.players, self.seed, self.options = self.spec.name, players, seed, options
        self.bot = self.spec.bots[bot]() if bot else None
        self.deep_every = deep_every
        self.pool: dict[str, dict] = {}
        self.determinizations_differed = False
        self.hidden_seen = False
        self.bystander: GameState | None = None  # another game of the same options

    def where(self, state: GameState) -> str:
        return (f"{self.name} players={self.players} seed={self.seed} options={self.options} "
                f"move {len(state.history)}")

    # -- single-state checks -------------------------------------------------------

    def check_actions(self, state: GameState) -> list:
        where = self.where(state)
        seat = state.to_act
        if (seat is None) != state.over:
            _fail(where, "to_act is None must mean over, and only then")
        if seat is None:
            return []
        if not (isinstance(seat, int) and 0 <= seat < self.players):
            _fail(where, f"to_act {seat!r} is not a seat")
        legal = state.legal_actions()
        if not legal:
            _fail(where, "no legal action while the game goes on")
        keys = [_key(a.to_json()) for a in legal]
        if len(set(keys)) != len(keys):
            _fail(where, "legal actions are not unique")
        phrases = [str(a) for a in legal]
        for text in phrases:
            if not text or text[0] in "{<[" or "object at" in text:
                _fail(where, f"action phrase is not readable: {text!r}")
        if len(set(phrases)) != len(phrases):
            _fail(where, f"two legal actions read the same: {sorted(phrases)}")
        for action, key in zip(legal, keys, strict=True):
            js = action.to_json()
            if not _is_plain_json(js):
                _fail(where, f"action JSON is not plain JSON: {js!r}")
            if state.parse(json.loads(key)) != action:
                _fail(where, f"action does not survive its JSON round trip: {js!r}")
            self.pool.setdefault(key, js)
        return legal

    def check_views(self, state: GameState, legal: list) -> None:
        where = self.where(state)
        before = _key(state.snapshot())
        for seat in [None, *range(self.players)]:
            view = state.view(seat)
            if not isinstance(view, dict) or not _is_plain_json(view):
                _fail(where, f"view({seat}) is not plain JSON")
        if _key(state.snapshot()) != before:
            _fail(where, "view() changed the state")
        lister = self.spec.legal_from_view
        if state.to_act is not None and lister is not None:  # check_declaration requires it
            from_view = lister(state.view(state.to_act))
            got = sorted(_key(a if isinstance(a, dict) else a.to_json()) for a in from_view)
            want = sorted(_key(a.to_json()) for a in legal)
            if got != want:
                _fail(where, f"view({state.to_act}) does not hold enough to list the legal "
                             f"actions: from view {len(got)}, engine {len(want)}; "
                             f"only engine: {sorted(set(want) - set(got))[:3]}, "
                             f"only view: {sorted(set(got) - set(want))[:3]}")

    def check_determinize(self, state: GameState, rng: random.Random) -> None:
        where = self.where(state)
        truth = _key(state.snapshot())
        inventory = _inventory(state)
        public = _key(state.view(None))
        legal = sorted(_key(a.to_json()) for a in state.legal_actions()) if not state.over else []
        for seat in [None, *range(self.players)]:
            other = state.determinize(seat, random.Random(rng.random()))
            if _key(state.snapshot()) != truth:
                _fail(where, f"determinize({seat}) changed the state")
            if type(other) is not type(state):
                _fail(where, "determinize must return a state of the same game")
            if seat is not None and _key(other.view(seat)) != _key(state.view(seat)):
                _fail(where, f"view({seat}) depends on what seat {seat} cannot see "
                             "(a determinized state shows it differently): a leak")
            if _key(other.view(None)) != public:
                _fail(where, f"the spectator view depends on hidden information "
                             f"(determinize({seat}) changed it): a leak")
            if seat is not None and seat == state.to_act:
                got = sorted(_key(a.to_json()) for a in other.legal_actions())
                if got != legal:
                    _fail(where, f"seat {seat}'s legal actions depend on what it cannot see")
            if _inventory(other) != inventory:
                _fail(where, f"determinize({seat}) does not conserve the cards/tiles")
            if _key(other.snapshot()) != truth:
                self.determinizations_differed = True

    def check_illegal(self, state: GameState, legal: list, rng: random.Random) -> None:
        where = self.where(state)
        legal_keys = {_key(a.to_json()) for a in legal}
        before = _key(state.snapshot())
        candidates: list[Any] = list(_MALFORMED)
        pool = [js for key, js in self.pool.items() if key not in legal_keys]
        candidates += rng.sample(pool, min(8, len(pool)))
        for action in rng.sample(legal, min(3, len(legal))):
            js = action.to_json()
            candidates.append({**js, "unexpected_field": 1})
            if state.to_act is not None and self.players > 1:
                candidates.append({**js, "seat": (state.to_act + 1) % self.players})
            for name in [k for k in js if k != "type"]:
                candidates.append({**js, name: rng.choice(_JUNK_VALUES)})
                candidates.append({k: v for k, v in js.items() if k != name})
        for candidate in candidates:
            try:
                parsed = state.canonical(state.parse(candidate))
            except IllegalAction:
                parsed = None
            if (parsed is not None and _key(parsed.to_json()) in legal_keys
                    and not (isinstance(candidate, dict) and "seat" in candidate)):
                continue  # a harmless spelling of a legal action
            try:
                state.apply(candidate)
            except IllegalAction as exc:
                if not exc.rule:
                    _fail(where, f"IllegalAction for {candidate!r} names no rule")
            except Exception as exc:  # any other error breaks the contract
                _fail(where, f"{candidate!r} raised {type(exc).__name__}: {exc} "
                             "instead of IllegalAction")
            else:
                _fail(where, f"illegal action {candidate!r} was accepted")
            if _key(state.snapshot()) != before:
                _fail(where, f"the rejected action {candidate!r} changed the state")

    def check_round_trips(self, state: GameState) -> None:
        where = self.where(state)
        snap = state.snapshot()
        if not _is_plain_json(snap):
            _fail(where, "snapshot() is not plain JSON")
        key = _key(snap)
        if _key(type(state).restore(json.loads(key)).snapshot()) != key:
            _fail(where, "snapshot/restore does not reproduce the state")
        if _key(state.clone().snapshot()) != key:
            _fail(where, "clone() does not reproduce the state")

    def check_events(self, state: GameState, events: Any) -> None:
        where = self.where(state)
        if not isinstance(events, list) or not _is_plain_json(events):
            _fail(where, "apply() must return a list of plain-JSON events")
        for ev in events:
            to = ev.get("visible_to") if isinstance(ev, dict) else None
            if not isinstance(ev, dict) or not isinstance(ev.get("type"), str):
                _fail(where, f"event without a type: {ev!r}")
            if to != ALL and not (isinstance(to, list) and all(
                    isinstance(s, int) and 0 <= s < self.players for s in to)):
                _fail(where, f"event {ev['type']!r} has a bad visible_to: {to!r}")

    def check_ownership(self, state: GameState, events: list) -> None:
        """Changing what ``state`` returned (and the events ``events``) changes neither
        ``state`` nor a bystanding game of the same options (kit.readonly)."""
        where = self.where(state)
        if self.bystander is None:
            self.bystander = self.new()
        games = {"this game": state, "another game of the same options": self.bystander}
        before = {name: _fingerprint(game) for name, game in games.items()}
        _scribble([events, _returns(state)])
        for name, game in games.items():
            try:
                after = _fingerprint(game)
            except Exception as exc:  # a shared cache broke the engine
                _fail(where, f"after changing what the state returned (views, result, events, "
                             f"legal actions), {name} fails: {type(exc).__name__}: {exc}")
            if after != before[name]:
                _fail(where, f"changing what the state returned (views, result, events, legal "
                             f"actions) changed {name}: shared mutable data crosses a return "
                             f"value; copy it or make it read-only (kit.readonly)")

    # -- the playout ---------------------------------------------------------------

    def new(self) -> GameState:
        return self.spec.state_class(self.players, self.seed, **self.options)

    def playout(self, global_seed: int | None = None, deep: bool = True) -> list[str]:
        """Play a random game; return the snapshot after every move."""
        rng = random.Random(self.seed * 7919 + 1)
        state = self.new()
        bound = self.spec.max_length(self.players, state.options)
        inventory = _inventory(state)
        trail = [_key(state.snapshot())]
        told: list[str] = []  # the events of each move as returned, before any change
        while True:
            if global_seed is not None:
                random.seed(global_seed + len(state.history))
                random.random()
            legal = self.check_actions(state) if deep else state.legal_actions()
            step = len(state.history)
            if deep:
                if _inventory(state) != inventory:
                    _fail(self.where(state), "cards/tiles are not conserved")
                if step % self.deep_every == 0:
                    self.check_views(state, legal)
                    self.check_determinize(state, rng)
                    self.check_round_trips(state)
                    self.check_illegal(state, legal, rng)
            if state.over:
                break
            if step >= bound:
                _fail(self.where(state), f"the game exceeds its declared length bound {bound}")
            actor = state.to_act
            if self.bot is None:
                action = rng.choice(legal)
            else:
                action = self.bot.choose(state.view(actor), legal, rng)
                if action not in legal:
                    _fail(self.where(state), f"the {self.bot.name} bot chose an illegal "
                                             f"action {action}")
            if deep:
                twin = state.clone()
                before = trail[-1]
                twin_events = twin.apply(action.to_json())
                if _key(state.snapshot()) != before:
                    _fail(self.where(state), "moving a clone changed the original")
            events = state.apply(action)
            if deep:
                self.check_events(state, events)
                told.append(_key(events))
                if _key(twin.snapshot()) != _key(state.snapshot()) or _key(
                        twin_events) != _key(events):
                    _fail(self.where(state), "the same action on a clone gave another state: is "
                                             "chance drawn from outside the state's generator "
                                             "(e.g. the global random)?")
                if state.history[-1] != {**action.to_json(), "seat": actor}:
                    _fail(self.where(state), "history must record the action with its seat")
                if step % self.deep_every == 0:
                    self.check_ownership(state, events)
            trail.append(_key(state.snapshot()))
        if deep:
            result = state.result()
            if not isinstance(result, dict) or not _is_plain_json(result):
                _fail(self.where(state), "result() is not plain JSON")
            if state.legal_actions():
                _fail(self.where(state), "legal actions after the game is over")
            again = self.new()
            for i, record in enumerate(state.history):
                if _key(again.apply(record)) != told[i]:
                    _fail(self.where(state), f"replaying move {i} gave other events than the "
                                             "game returned: changing the events returned "
                                             "earlier changed those of another game (shared "
                                             "mutable data; kit.readonly)")
            if _key(again.snapshot()) != trail[-1]:
                _fail(self.where(state), "replaying the history does not reach the same state")
            for i, record in enumerate(state.history):
                if not isinstance(record.get("seat"), int):
                    _fail(self.where(state), f"history entry {i} has no seat")
        return trail


def check_game(game: str | GameSpec, players: int, seeds: Any = range(5), deep_every: int = 1,
               seed_test: bool = True, bot: str | None = None, **options: Any) -> None:
    """Run every conformance check on ``name`` with ``players`` seats over ``seeds``.

    Actions are chosen at random, or by the game's ``bot`` (e.g. ``"rule"``) to
    reach the late states that random play rarely sees.
    """
    check_declaration(game)
    name = _spec(game).name
    differed = False
    for seed in seeds:
        checker = _Checker(game, players, seed, options, deep_every, bot)
        checker.playout(deep=True)
        differed = differed or checker.determinizations_differed
        if seed_test:
            a = _Checker(game, players, seed, options, deep_every, bot).playout(
                global_seed=1, deep=False)
            b = _Checker(game, players, seed, options, deep_every, bot).playout(
                global_seed=2**20, deep=False)
            for i, (x, y) in enumerate(zip(a, b, strict=False)):
                if x != y:
                    _fail(f"{name} players={players} seed={seed} move {i}",
                          "the same seed gave another game when the global random was "
                          "disturbed: the engine uses the global random")
            if len(a) != len(b):
                _fail(f"{name} players={players} seed={seed}", "seeded games differ in length")
    if not differed:
        _fail(f"{name} players={players}", "determinize never produced a state other than "
                                           "the true one: hidden information is not redealt")
