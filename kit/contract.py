"""The engine contract every game implements (DESIGN.md, "The engine contract").

A game is a :class:`GameSpec` (its declaration: name, rules version, seat range,
options with defaults, length bound, actions and bots) plus a :class:`GameState`
subclass. The base class owns what is the same for every game: option and
seed validation, parsing actions from JSON, the transactional ``apply``
(check first, then change), the history and the seeded generator.
"""

from __future__ import annotations

import copy
import dataclasses
import random
import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Union

from kit.errors import NC_, ConfigError, IllegalAction

ALL = "all"
"""``visible_to`` value of an event everyone may see."""


def event(kind: str, visible_to: Sequence[int] | str = ALL, **fields: Any) -> dict:
    """An event dict: what happened and who may see it (``visible_to``)."""
    if visible_to != ALL and type(visible_to) is not list:  # (a hot path: no isinstance)
        visible_to = list(visible_to)  # type: ignore[arg-type]  # not ALL: seats
    return {"type": kind, "visible_to": visible_to, **fields}


def visible(ev: dict, seat: int | None) -> bool:
    """Whether ``seat`` (None: a spectator) may see event ``ev``."""
    to = ev["visible_to"]
    return to == ALL or (seat is not None and seat in to)


# --------------------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every game's actions: a small frozen dataclass with a JSON form.

    Subclasses set ``TYPE`` (the JSON ``"type"``) and define ``__str__`` as a
    readable phrase for logs and boards.
    """

    TYPE: ClassVar[str] = ""

    def to_json(self) -> dict:
        cls = type(self)
        names = _FIELD_NAMES.get(cls)
        if names is None:
            names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
        out: dict[str, Any] = {"type": self.TYPE}
        for name in names:
            v = getattr(self, name)
            out[name] = list(v) if isinstance(v, tuple) else v
        return out


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


_FIELD_TYPES: dict[type, dict[str, tuple[Any, bool]]] = {}


def _field_types(cls: type) -> dict[str, tuple[Any, bool]]:
    """name -> (base type, optional) for an Action class, cached."""
    got = _FIELD_TYPES.get(cls)
    if got is None:
        hints = typing.get_type_hints(cls)
        got = {}
        for f in dataclasses.fields(cls):
            tp = hints[f.name]
            optional = False
            if typing.get_origin(tp) in (Union, types.UnionType):
                args = [a for a in typing.get_args(tp) if a is not type(None)]
                optional = len(args) < len(typing.get_args(tp))
                tp = args[0]
            got[f.name] = (tp, optional)
        _FIELD_TYPES[cls] = got
    return got


#: the range of an int in an action (64-bit, as the stores keep them): a 5,000-digit
#: int reaches no engine, nor any message (printing it raised ValueError)
INT_BOUND = 2**63


def brief(value: Any, depth: int = 0) -> str:
    """A short repr of an untrusted value for an error message: bounded in length and
    depth, safe for huge ints (repr raises ValueError) and deep nesting (RecursionError)."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        return repr(value) if -INT_BOUND <= value < INT_BOUND else \
            f"<an int of {value.bit_length()} bits>"
    if isinstance(value, str):
        return repr(value) if len(value) <= 60 else repr(value[:57]) + "..."
    if isinstance(value, list | tuple | dict):
        if depth >= 3:
            return "[...]" if not isinstance(value, dict) else "{...}"
        if isinstance(value, dict):
            items = [f"{brief(k, depth + 1)}: {brief(v, depth + 1)}"
                     for k, v in list(value.items())[:6]]
            return "{" + ", ".join(items) + (", ...}" if len(value) > 6 else "}")
        items = [brief(v, depth + 1) for v in value[:6]]
        return "[" + ", ".join(items) + (", ...]" if len(value) > 6 else "]")
    return f"<{type(value).__name__}>"


def _convert(value: Any, tp: Any) -> Any:
    if tp is bool:
        if isinstance(value, bool):
            return value
    elif tp is int:
        if isinstance(value, int) and not isinstance(value, bool) and \
                -INT_BOUND <= value < INT_BOUND:
            return value
    elif tp is str:
        if isinstance(value, str):
            return value
    elif typing.get_origin(tp) is tuple:
        (inner, *_rest) = typing.get_args(tp)
        if isinstance(value, list | tuple):
            return tuple(_convert(v, inner) for v in value)
    raise TypeError


#: how deep an action's JSON may nest, and how many values it may hold in all
MAX_DEPTH, MAX_VALUES = 8, 1000


def bounded(data: Any, rule: str = "action") -> Any:
    """``data`` itself if it is an action object, or JSON of a bounded size: at most
    :data:`MAX_DEPTH` deep, :data:`MAX_VALUES` values, 64-bit ints, string keys.
    Anything else raises :class:`IllegalAction` before a game's own parsing sees it
    (a 5,000-digit int or a 1,000-deep list raised ValueError or RecursionError)."""
    if isinstance(data, Action):
        return data
    stack, seen = [(data, 0)], 0
    while stack:
        value, depth = stack.pop()
        seen += 1
        if isinstance(value, int) and not isinstance(value, bool):
            if not -INT_BOUND <= value < INT_BOUND:
                raise IllegalAction(rule, f"an action's numbers fit in 64 bits, not "
                                          f"{brief(value)}",
                                    code=NC_("error", "action_too_large"))
        elif isinstance(value, list | tuple | dict):
            if depth >= MAX_DEPTH:
                raise IllegalAction(rule, f"an action nests at most {MAX_DEPTH} deep",
                                    code=NC_("error", "action_too_large"))
            if seen + len(stack) + len(value) > MAX_VALUES:
                raise IllegalAction(rule, f"an action holds at most {MAX_VALUES} values",
                                    code=NC_("error", "action_too_large"))
            if isinstance(value, dict):
                if not all(isinstance(k, str) for k in value):
                    raise IllegalAction(rule, "an action's keys are strings",
                                        code=NC_("error", "action_too_large"))
                value = value.values()
            stack.extend((v, depth + 1) for v in value)
    return data


def parse_action(actions: Mapping[str, type[Action]], data: Any, rule: str = "action") -> Action:
    """Turn an action object or its JSON dict into an action of this game.

    Raises :class:`IllegalAction` (with ``rule``) for anything that is not one:
    not a dict, an unknown ``"type"``, a missing or unknown field, a wrong type.
    A ``"seat"`` key (as in ``history``) is allowed and checked by ``apply``.
    """
    if isinstance(data, Action):
        if actions.get(data.TYPE) is not type(data):
            raise IllegalAction(rule, f"{brief(data)} is not an action of this game",
                                code=NC_("error", "action_unknown"))
        return data
    if not isinstance(data, dict):
        raise IllegalAction(rule, f"an action is a dict with a 'type', not {type(data).__name__}",
                            code=NC_("error", "action_unknown"))
    kind = data.get("type")
    cls = actions.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise IllegalAction(rule, f"unknown action type {brief(kind)}; allowed: "
                                  f"{sorted(actions)}", code=NC_("error", "action_unknown"))
    spec = _field_types(cls)
    extra = set(data) - set(spec) - {"type", "seat"}
    if extra:
        raise IllegalAction(rule, f"{kind!r} action has unknown field(s) "
                                  f"{sorted(brief(k) for k in extra)[:6]}; "
                                  f"allowed: {sorted(spec)}",
                            code=NC_("error", "action_malformed"), kind=kind)
    seat = data.get("seat")
    if seat is not None and not (isinstance(seat, int) and not isinstance(seat, bool)
                                 and 0 <= seat < INT_BOUND):
        raise IllegalAction(rule, f"'seat' of {kind!r} is a seat number, not {brief(seat)}",
                            code=NC_("error", "action_malformed"), kind=kind)
    kwargs = {}
    for name, (tp, optional) in spec.items():
        if name not in data:
            default = next(f for f in dataclasses.fields(cls) if f.name == name).default
            if default is dataclasses.MISSING:
                raise IllegalAction(rule, f"{kind!r} action needs the field {name!r}",
                                    code=NC_("error", "action_malformed"), kind=kind)
            kwargs[name] = default
            continue
        value = data[name]
        if value is None and optional:
            kwargs[name] = None
            continue
        try:
            kwargs[name] = _convert(value, tp)
        except (TypeError, RecursionError):
            raise IllegalAction(rule, f"field {name!r} of {kind!r} must be "
                                      f"{getattr(tp, '__name__', tp)}"
                                      f"{' of 64 bits' if tp is int else ''}, "
                                      f"not {brief(value)}",
                                code=NC_("error", "action_malformed"), kind=kind) from None
    return cls(**kwargs)


# --------------------------------------------------------------------------- options


@dataclass(frozen=True)
class Option:
    """A game option (variant, house rule, data file) with its documented default.

    ``choices`` lists the allowed values, or ``kind`` gives the allowed type
    (``bool``, ``int``, ``str``); ``check`` may refine further: it returns an
    error text or None, or raises a ConfigError (its code and arguments are kept).
    ``rule`` is the rule id the option belongs to.
    """

    name: str
    default: Any
    doc: str
    rule: str = ""
    choices: tuple | None = None
    kind: type | None = None
    check: Callable[[Any], str | None] | None = None

    @property
    def value_type(self) -> type | None:
        """The type of the option's values: declared (``kind``), else its choices' or its
        default's; None when any value goes (no kind, no choices, a default of None)."""
        if self.kind is not None:
            return self.kind
        if self.choices:
            return type(self.choices[0])
        return None if self.default is None else type(self.default)

    def validate(self, value: Any) -> Any:
        if self.choices is not None and (value not in self.choices or isinstance(
                value, bool) != isinstance(self.choices[0], bool)):
            raise ConfigError(self.name, f"{value!r} is not allowed; choose one of "
                                         f"{list(self.choices)}",
                              code=NC_("error", "option_choice"),
                              value=brief(value), choices=", ".join(map(str, self.choices)))
        if value is None and self.default is None:
            return None
        kind = self.kind if self.choices is not None else self.value_type
        if kind is not None and (not isinstance(value, kind) or (
                kind is int and isinstance(value, bool))):
            raise ConfigError(self.name, f"must be {kind.__name__}, not {value!r}",
                              code=NC_("error", "option_value"), value=brief(value))
        if self.check is not None:
            try:
                problem = self.check(value)
            except ConfigError as exc:  # (a check's own refusal, naming no option: this one)
                if exc.option:
                    raise  # (it names where it is wrong: a data file's entry)
                raise ConfigError(self.name, exc.message, code=exc.code,
                                  **exc.params) from None
            if problem:
                raise ConfigError(self.name, problem,
                                  code=NC_("error", "option_check"), detail=problem)
        return value


@dataclass(frozen=True)
class GameSpec:
    """A game's one declaration (like OpenSpiel's GameType + GameInfo)."""

    name: str
    title: str
    rules_version: str
    min_players: int
    max_players: int
    options: dict[str, Option]
    state_class: type[GameState]
    actions: Mapping[str, type[Action]]
    #: upper bound on the number of actions in a game, from players and options
    max_length: Callable[[int, dict], int]
    #: bot name -> bot factory (a class whose instances have ``choose``)
    bots: Mapping[str, Callable[[], Any]] = field(default_factory=dict)
    #: rule id used for malformed actions of this game (the "a turn is" clause)
    action_rule: str = "action"
    #: the seat's legal actions (JSON dicts) listed from ``view(seat)`` alone; the
    #: harness compares it with ``legal_actions()`` to prove views are sufficient
    legal_from_view: Callable[[dict], list] | None = None
    #: data files every game reads, whatever its options (a name -> its path under
    #: ``data/``): recorded by content with each game, as file-valued options are
    data_files: Mapping[str, str] = field(default_factory=dict)

    def defaults(self) -> dict:
        return {name: opt.default for name, opt in self.options.items()}

    def resolve(self, players: Any, seed: Any, options: dict) -> tuple[int, int, dict]:
        """Validate seats, seed and options; return them with defaults filled in."""
        if not isinstance(players, int) or isinstance(players, bool) or not (
                self.min_players <= players <= self.max_players):
            raise ConfigError("players", f"{self.name} is for {self.min_players}–"
                                         f"{self.max_players} players, not {players!r}",
                              code=NC_("error", "players_range"),
                              low=self.min_players, high=self.max_players,
                              value=brief(players))
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < INT_BOUND:
            raise ConfigError("seed", f"must be a whole number from 0 to 2**63 - 1 (recordings "
                                      f"keep 64-bit seeds), not {brief(seed)}",
                              code=NC_("error", "seed_number"), value=brief(seed))
        unknown = set(options) - set(self.options)
        if unknown:
            raise ConfigError(sorted(unknown)[0], f"unknown option for {self.name}; "
                                                  f"allowed: {sorted(self.options)}",
                              code=NC_("error", "option_unknown"))
        resolved = self.defaults()
        for name, value in options.items():
            resolved[name] = self.options[name].validate(value)
        return players, seed, resolved

    def declaration(self) -> dict:
        """The declaration as JSON (for boards, recordings and docs)."""
        return {
            "name": self.name, "title": self.title, "rules_version": self.rules_version,
            "players": [self.min_players, self.max_players],
            "options": {n: {"default": o.default, "doc": o.doc, "rule": o.rule,
                            "choices": list(o.choices) if o.choices else None}
                        for n, o in self.options.items()},
            "bots": sorted(self.bots),
            "bot_descriptions": {n: bot_description(self.bots[n]) for n in sorted(self.bots)},
        }


def bot_description(factory: Any) -> str:
    """What a setup form shows for a bot: its ``description``, else its docstring's first
    paragraph."""
    text = getattr(factory, "description", None) or (factory.__doc__ or "").split("\n\n")[0]
    return " ".join(text.split())


# --------------------------------------------------------------------------- the state


class GameState(ABC):
    """A game in progress. Subclasses implement the rules; see DESIGN.md.

    Subclasses set ``spec`` and implement ``_setup``, ``to_act``,
    ``legal_actions``, ``_check``, ``_do``, ``view``, ``result``, ``determinize``,
    ``snapshot``/``_restore`` and ``zones``.
    """

    spec: ClassVar[GameSpec]

    def __init__(self, players: int, seed: int | None = None, **options: Any) -> None:
        self.players, self.seed, self.options = self.spec.resolve(players, seed, options)
        self.rng = random.Random(self.seed)
        self.history: list[dict] = []
        self._setup()

    # -- what each game implements ------------------------------------------------

    @abstractmethod
    def _setup(self) -> None:
        """Deal and set up, drawing chance only from ``self.rng``."""

    @property
    @abstractmethod
    def to_act(self) -> int | None:
        """The seat whose decision it is; None once the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """The actions of ``to_act``: never empty while the game goes on."""

    @abstractmethod
    def _check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` naming the rule if ``action`` is illegal.

        Must not change anything.
        """

    @abstractmethod
    def _do(self, action: Action) -> list[dict]:
        """Carry out a checked, legal action; return its events."""

    @abstractmethod
    def view(self, seat: int | None) -> dict:
        """All that ``seat`` may know (None: a spectator), as JSON."""

    @abstractmethod
    def result(self) -> dict:
        """Scores, places, winners and game-specific totals, as JSON."""

    @abstractmethod
    def determinize(self, seat: int | None, rng: random.Random) -> GameState:
        """A full state that ``seat`` cannot tell apart from this one."""

    @abstractmethod
    def snapshot(self) -> dict:
        """The whole state (secrets and generator included) as JSON."""

    @abstractmethod
    def _restore(self, snap: dict) -> None:
        """Set every field from a :meth:`snapshot`."""

    @abstractmethod
    def zones(self) -> dict[str, list]:
        """Every card or tile of the game by where it lies (for conservation checks)."""

    # -- shared behaviour -----------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.to_act is None

    def parse(self, action: Any) -> Action:
        """An action object of this game from an object or its JSON dict."""
        return parse_action(self.spec.actions, action, self.spec.action_rule)

    def apply(self, action: Any) -> list[dict]:
        """Apply one action of ``to_act``; return the events.

        Raises :class:`IllegalAction` naming the rule and changes nothing if the
        action is malformed or illegal.
        """
        act = self.parse(bounded(action, self.spec.action_rule))
        seat = self.to_act
        if seat is None:
            raise IllegalAction(self.spec.action_rule, "the game is over",
                                code=NC_("error", "game_over"))
        if isinstance(action, dict) and "seat" in action and action["seat"] != seat:
            raise IllegalAction(self.spec.action_rule,
                                f"it is seat {seat}'s decision, not seat {action['seat']!r}'s",
                                code=NC_("error", "not_your_turn"), seat=seat,
                                seat2=action["seat"])
        self._check(act)
        act = self.canonical(act)
        events = self._do(act)
        record = act.to_json()
        record["seat"] = seat
        self.history.append(record)
        return events

    def canonical(self, action: Action) -> Action:
        """The full form of a checked action (e.g. a hint with the cards it points at).

        ``history`` records this form. The default is the action itself.
        """
        return action

    def clone(self) -> GameState:
        """An independent copy."""
        return copy.deepcopy(self)

    def is_legal(self, action: Any) -> bool:
        try:
            act = self.parse(bounded(action, self.spec.action_rule))
            if self.to_act is None:
                return False
            self._check(act)
        except IllegalAction:
            return False
        return True

    @classmethod
    def restore(cls, snap: dict) -> GameState:
        """A state from a :meth:`snapshot`."""
        state = cls.__new__(cls)
        state.players = snap["players"]
        state.seed = snap["seed"]
        state.options = dict(snap["options"])
        state.rng = random.Random()
        state.rng.setstate(_rng_from_json(snap["rng"]))
        state.history = [dict(a) for a in snap["history"]]
        state._restore(snap)
        return state

    def _base_snapshot(self) -> dict:
        return {"game": self.spec.name, "players": self.players, "seed": self.seed,
                "options": dict(self.options), "rng": _rng_to_json(self.rng.getstate()),
                "history": [dict(a) for a in self.history]}

    def __repr__(self) -> str:
        return (f"<{self.spec.name} players={self.players} seed={self.seed} "
                f"moves={len(self.history)} to_act={self.to_act}>")


def _rng_to_json(st: tuple) -> list:
    return [st[0], list(st[1]), st[2]]


def _rng_from_json(js: list) -> tuple:
    return (js[0], tuple(js[1]), js[2])
