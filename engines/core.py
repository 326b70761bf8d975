"""The contract every rules engine keeps, so the firmware can drive any game alike.

A game is a state object: it says who acts, what they may do, applies one action at a
time (returning the events it caused) and serialises to plain JSON. Engines never do
I/O, never read a clock and never touch global random state; randomness arrives as a
seeded ``random.Random``.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

Action = dict[str, Any]
Event = dict[str, Any]


class RuleError(Exception):
    """Input the rules refuse. ``code`` is a stable rule id; ``message`` explains it."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class IllegalAction(RuleError):
    """An action that breaks a rule; the state is left exactly as it was."""


class BadHeader(RuleError):
    """A game header (setup) that cannot start a game."""


@dataclass(frozen=True)
class Prompt:
    """What the game waits for, as a code plus parameters so any display can word it."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "params": self.params}


class GameState(ABC):
    """One game in progress. Subclasses register under ``game`` (the header's name)."""

    game: ClassVar[str]
    editions: ClassVar[tuple[str, ...]] = ()  # the header's "edition" values, if any
    turn_moves: ClassVar[frozenset[str]] = frozenset()  # verbs that make a player's turn
    # Each verb's keys beside "player" and "move": what a live input may carry, so
    # nothing but the engine's own fields is ever stored (see ``check_action_keys``).
    action_keys: ClassVar[Mapping[str, frozenset[str]]] = {}
    players: list[str]

    @classmethod
    def simulation_header(cls, players: list[str], seed: int, edition: str | None = None) -> dict[str, Any]:
        """A header for random playouts: games with a table mode override this to ask
        for full information (dealt hands), which a random player needs."""
        header: dict[str, Any] = {"game": cls.game, "players": players, "seed": seed}
        if edition is not None:
            header["edition"] = edition
        return header

    @classmethod
    @abstractmethod
    def new(cls, header: dict[str, Any], rng: random.Random | None) -> Self:
        """Start a game from a log header. ``rng`` (None when no seed was given) is
        used only for the setup; a game that needs it and gets None raises BadHeader."""

    @classmethod
    @abstractmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """Rebuild a state from ``to_json`` output."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The whole state as plain JSON data."""

    @property
    @abstractmethod
    def to_act(self) -> str | None:
        """The player whose decision the game waits for; None once it is over."""

    @property
    @abstractmethod
    def finished(self) -> bool: ...

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every action ``apply`` accepts now, each a log line (with ``player``)."""

    @abstractmethod
    def apply(self, action: Action) -> list[Event]:
        """Apply one action or raise ``IllegalAction`` leaving the state untouched."""

    @abstractmethod
    def prompt(self) -> Prompt: ...

    @abstractmethod
    def scores(self) -> dict[str, int]:
        """Points scored so far, by player name."""

    @abstractmethod
    def winners(self) -> list[str]:
        """The winners once finished (several on a shared win), else empty."""

    @abstractmethod
    def public_state(self) -> dict[str, Any]:
        """The game-specific ``state`` object of the replay document."""

    @property
    def edition(self) -> str | None:
        return None


def read_action(action: Any, seats: dict[str, int], over: bool, example: str) -> tuple[str, str]:
    """The checks every game makes before its own rules: the game goes on, and the action
    is a JSON object naming one of its players and a verb. Returns (player, move)."""
    if over:
        raise IllegalAction("game-over", "the game is over; no further actions are accepted")
    if not isinstance(action, dict):
        raise IllegalAction("malformed-action", "an action must be a JSON object")
    player, move = action.get("player"), action.get("move")
    if not isinstance(player, str) or player not in seats:
        raise IllegalAction("unknown-player", f"{player!r} is not a player in this game")
    if not isinstance(move, str):
        raise IllegalAction("malformed-action", f'"move" must be a string such as "{example}"')
    return player, move


def check_players(header: dict[str, Any], low: int, high: int) -> list[str]:
    """Validate the header's seat list, shared by every game."""
    players = header.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise BadHeader("bad-players", '"players" must be a list of non-empty names')
    if len(set(players)) != len(players):
        raise BadHeader("bad-players", "player names must be unique")
    if not low <= len(players) <= high:
        raise BadHeader(
            "player-count", f"this game takes {low} to {high} players, the header names {len(players)}"
        )
    return list(players)


def check_action_keys(state: GameState, action: Any) -> None:
    """Refuse an action that carries keys its verb does not define. Replayed logs may
    carry extra keys (they are ignored there); a live table stores only the engine's
    own fields. An unknown verb is left for the game's own rules to name."""
    if not isinstance(action, dict):
        return
    allowed = state.action_keys.get(action.get("move"))  # type: ignore[arg-type]
    if allowed is None:
        return
    extra = sorted(str(k) for k in action if k not in allowed and k not in {"player", "move"})
    if extra:
        known = ", ".join(["player", "move", *sorted(allowed)])
        raise IllegalAction(
            "unknown-key",
            f'a "{action["move"]}" has no {", ".join(repr(k) for k in extra[:3])}; its keys are {known}',
        )
