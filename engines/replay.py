"""Game logs (JSON Lines: a header, then one action per line) applied to an engine.

The event store writes the same format, so every recorded game can be replayed here.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from engines import new_game
from engines.core import Event, GameState, RuleError
from engines.wording import render_prompt


class LogError(Exception):
    """A log line the rules or the format refuse; ``line`` is 1-based."""

    def __init__(self, code: str, message: str, line: int | None) -> None:
        super().__init__(message)
        self.code, self.message, self.line = code, message, line

    def to_json(self) -> dict[str, Any]:
        error: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.line is not None:
            error["line"] = self.line
        return {"error": error}


@dataclass
class Replay:
    """A game rebuilt from its log: the state, every event, and the actions applied."""

    header: dict[str, Any]
    state: GameState
    events: list[Event] = field(default_factory=list)
    actions: list[dict[str, Any]] = field(default_factory=list)


def parse_line(text: str, number: int) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise LogError("malformed-json", f"line {number} is not valid JSON: {exc.msg}", number) from None
    except (ValueError, RecursionError):  # over-long numbers, absurd nesting
        raise LogError("malformed-json", f"line {number} is not JSON Scarab can read", number) from None
    if not isinstance(value, dict):
        raise LogError("malformed-json", f"line {number} must be a JSON object", number)
    return value


def replay(lines: Iterable[str]) -> Replay:
    """Apply a log's actions in order; stop at the first bad line with ``LogError``."""
    result: Replay | None = None
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        entry = parse_line(text, number)
        if result is None:
            try:
                result = Replay(entry, new_game(entry))
            except RuleError as exc:
                raise LogError(exc.code, f"bad header: {exc.message}", number) from None
            continue
        apply_line(result, entry, number)
    if result is None:
        raise LogError("empty-log", "the log is empty: line 1 must be the game header", None)
    return result


def apply_line(result: Replay, entry: dict[str, Any], number: int | None) -> list[Event]:
    """Apply one action to a replay in progress, naming the line if it is refused."""
    if "player" not in entry or "move" not in entry:
        raise LogError("malformed-action", 'an action needs "player" and "move"', number)
    try:
        events = result.state.apply(entry)
    except RuleError as exc:
        raise LogError(exc.code, exc.message, number) from None
    result.actions.append(entry)
    result.events.extend(events)
    return events


def document(result: Replay, lang: str = "en") -> dict[str, Any]:
    """The public state document of DESIGN.md's replay contract."""
    state = result.state
    return {
        "game": state.game,
        "edition": state.edition,
        "players": list(state.players),
        "scores": state.scores(),
        "finished": state.finished,
        "winners": state.winners(),
        "to_act": state.to_act,
        "prompt": render_prompt(state.prompt(), state.game, lang, state.edition),
        "events": list(result.events),
        "state": state.public_state(),
    }
