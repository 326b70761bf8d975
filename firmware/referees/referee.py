"""The referee: one game at the table, kept in step with the event store.

Every input — a button, the web page, the camera, the terminal — becomes a game-log
action and goes through ``act``: the engine judges it, the store commits it, and only
then do listeners (OLED, page, buzzer) hear of it. The state is always the replay of
the stored log, so undo, correction and a restart after a power cut all rebuild it the
same way.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engines import new_game
from engines.core import Action, Event, GameState, RuleError, check_action_keys
from engines.replay import LogError, Replay, replay
from firmware.appliance.store import Store, StoreError

Listener = Callable[["Change"], None]


@dataclass(frozen=True)
class Change:
    """What listeners hear after a commit: the kind of change and the new events."""

    kind: str  # "start", "action", "undo", "correct", "resume"
    events: list[Event]
    referee: Referee


class Referee:
    """A stored game and its live state."""

    def __init__(self, store: Store, game_id: int, game: Replay) -> None:
        self.store = store
        self.game_id = game_id
        self.game = game
        self.listeners: list[Listener] = []

    # ------------------------------------------------------------ starting

    @classmethod
    def start(cls, store: Store, header: dict[str, Any]) -> Referee:
        """A new game. The header is judged by the engine before anything is stored."""
        try:
            state = new_game(header)
        except RuleError as exc:
            raise LogError(exc.code, f"bad game setup: {exc.message}", None) from None
        game_id = store.start(header)
        return cls(store, game_id, Replay(header, state))

    @classmethod
    def resume(cls, store: Store, game_id: int | None = None) -> Referee | None:
        """The given game, or the newest unfinished one, exactly as stored."""
        if game_id is None:
            game_id = store.unfinished()
            if game_id is None:
                return None
        return cls(store, game_id, rebuild(store, game_id))

    # ------------------------------------------------------------ the state

    @property
    def state(self) -> GameState:
        return self.game.state

    @property
    def header(self) -> dict[str, Any]:
        return self.game.header

    @property
    def actions(self) -> list[Action]:
        return self.game.actions

    @property
    def events(self) -> list[Event]:
        return self.game.events

    def subscribe(self, listener: Listener) -> None:
        self.listeners.append(listener)

    def _publish(self, kind: str, events: list[Event]) -> None:
        change = Change(kind, events, self)
        for listener in list(self.listeners):
            listener(change)

    # ------------------------------------------------------------ changing

    def act(self, action: Action) -> list[Event]:
        """Judge, commit, publish. An illegal action raises ``IllegalAction`` and changes
        nothing; a store failure raises ``StoreError`` with the state rebuilt from disk."""
        check_action_keys(self.state, action)  # nothing but the engine's own fields is stored
        events = self.state.apply(action)  # validates before it mutates
        try:
            self.store.append(self.game_id, action)
            if self.state.finished:
                self.store.finish(self.game_id, self.result())
        except StoreError:
            self.game = rebuild(self.store, self.game_id)
            raise
        self.game.actions.append(action)
        self.game.events.extend(events)
        self._publish("action", events)
        return events

    def undo(self) -> Action:
        """Take back the last action; the action taken back."""
        removed = self.store.undo(self.game_id)
        self.game = rebuild(self.store, self.game_id)
        self._publish("undo", [])
        return removed

    def correct(self, action: Action) -> list[Event]:
        """Replace the last action with ``action``. It is judged against the state before
        the last action; if the rules refuse it, nothing changes."""
        if not self.actions:
            raise StoreError("there is no action to correct")
        before = _replay_lines(self.header, self.actions[:-1])
        check_action_keys(before.state, action)
        events = before.state.apply(action)
        self.store.replace_last(self.game_id, action)
        if before.state.finished:
            self.store.finish(self.game_id, _result(before.state))
        before.actions.append(action)
        before.events.extend(events)
        self.game = before
        self._publish("correct", events)
        return events

    def result(self) -> dict[str, Any]:
        return _result(self.state)


def _result(state: GameState) -> dict[str, Any]:
    return {"scores": state.scores(), "winners": state.winners()}


def _replay_lines(header: dict[str, Any], actions: list[Action]) -> Replay:
    return replay([json.dumps(header)] + [json.dumps(a) for a in actions])


def rebuild(store: Store, game_id: int) -> Replay:
    """A stored game's state: the replay of its log. A log that no longer replays (an
    engine whose rules changed since) is reported, never half-loaded."""
    record = store.load(game_id)
    try:
        return replay(record.log_lines())
    except LogError as exc:
        raise StoreError(f"stored game {game_id} no longer replays: {exc.message} (line {exc.line})") from exc
