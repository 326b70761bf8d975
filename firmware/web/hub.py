"""The table as the web page sees it: the live referee, numbered updates for every open
page, and the table PIN's sessions.

Updates are numbered; each carries the whole public state plus the events of that
change, and the last few hundred are kept, so a page that reconnects with the last
number it saw gets exactly what it missed (or one fresh snapshot if it was away too long).
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engines.core import Action
from engines.replay import document, replay
from engines.wording import render_details, render_event, wording
from firmware.referee import Change, Referee
from firmware.store import Store

KEEP = 500  # updates kept for reconnecting pages
MAX_WRONG_PINS = 5
LOCKOUT_SECONDS = 60.0


@dataclass
class Lockout:
    """Wrong PINs per client; five in a row lock that client out for a minute."""

    clock: Callable[[], float] = time.monotonic
    wrong: dict[str, int] = field(default_factory=dict)
    until: dict[str, float] = field(default_factory=dict)

    def locked_for(self, client: str) -> float:
        left = self.until.get(client, 0.0) - self.clock()
        return max(0.0, left)

    def failed(self, client: str) -> int:
        """Record a wrong PIN; the attempts left before the lockout."""
        count = self.wrong.get(client, 0) + 1
        if count >= MAX_WRONG_PINS:
            self.until[client] = self.clock() + LOCKOUT_SECONDS
            count = 0
        self.wrong[client] = count
        return MAX_WRONG_PINS - count if count else 0

    def succeeded(self, client: str) -> None:
        self.wrong.pop(client, None)


class TableHub:
    """Owns the current game for the web side; the appliance shares it."""

    def __init__(
        self,
        store: Store,
        referee: Referee,
        language: str = "en",
        pin: str | None = None,
        frame_png: Callable[[], bytes] | None = None,
        clock: Callable[[], float] = time.monotonic,
        warnings: Callable[[], list[str]] = list,
    ) -> None:
        self.warnings = warnings
        self.store = store
        self.language = language
        self.pin = pin or f"{secrets.randbelow(10**6):06d}"
        self.sessions: set[str] = set()
        self.lockout = Lockout(clock)
        self.frame_png = frame_png
        self.updates: deque[dict[str, Any]] = deque(maxlen=KEEP)
        self.seq = 0
        self.changed = asyncio.Condition()
        self.on_new_game: list[Callable[[Referee], None]] = []
        self._wakers: set[asyncio.Task[None]] = set()
        self.referee = referee
        referee.subscribe(self._record)
        self._push("snapshot", [])

    # ---------------------------------------------------------------- state

    def snapshot(self) -> dict[str, Any]:
        """The current state, built once per change and shared by every reader."""
        return self._doc

    def snapshot_json(self) -> bytes:
        return self._doc_json

    def _build(self) -> None:
        """The replay document without its ever-growing ``events`` (see /api/history),
        plus the recent scorings in words."""
        doc = document(self.referee.game, self.language)
        del doc["events"]
        doc["game_id"] = self.referee.game_id
        doc["warnings"] = self.warnings()  # devices that failed: shown on the page's banner
        doc["actions"] = len(self.referee.actions)
        state = self.referee.state
        scored = [e for e in self.referee.events if e.get("type") == "scored"][-8:]
        doc["scorings"] = [
            " — ".join(
                text
                for text in (
                    render_event(e, state.game, self.language, state.edition),
                    render_details(e, state.game, self.language),
                )
                if text
            )
            for e in reversed(scored)
        ]
        self._doc = doc
        self._doc_json = json.dumps(doc, ensure_ascii=False).encode()

    def label(self, action: Action) -> str:
        """An action in words for a button: token values named in the session's language;
        an ``index`` into a public ``path`` names the tile there."""
        state = self.referee.state
        words = wording(state.game)
        path = state.public_state().get("path")
        parts = []
        for key, value in action.items():
            if key in {"player", "move"}:
                continue
            if key == "index" and isinstance(path, list) and 0 <= value < len(path) and path[value]:
                parts.append(f"#{value} {words.name(path[value], state.edition, self.language)}")
            elif isinstance(value, str):
                parts.append(words.name(value, state.edition, self.language))
            elif isinstance(value, list):
                parts.append(" + ".join(words.name(str(v), state.edition, self.language) for v in value))
            else:
                parts.append(f"{key} {value}")
        return " · ".join([action["move"], *parts])

    def legal(self, before_last: bool = False) -> dict[str, Any]:
        """The actions the game accepts now — or, for a correction, the ones it accepted
        instead of the last action."""
        if before_last:
            if not self.referee.actions:
                return {"to_act": None, "actions": [], "labels": []}
            lines = [json.dumps(self.referee.header)] + [json.dumps(a) for a in self.referee.actions[:-1]]
            state = replay(lines).state
        else:
            state = self.referee.state
        actions = state.legal_actions()
        return {"to_act": state.to_act, "actions": actions, "labels": [self.label(a) for a in actions]}

    def history(self) -> list[dict[str, Any]]:
        """Every action with its number, newest first."""
        return [{"n": i + 1, "action": a} for i, a in reversed(list(enumerate(self.referee.actions)))]

    def events(self) -> list[dict[str, Any]]:
        return list(self.referee.events)

    def _record(self, change: Change) -> None:
        self._push(change.kind, change.events)

    def refresh(self) -> None:
        """Send every page the current state again: a warning or notice came or went."""
        self._push("refresh", [])

    def _push(self, kind: str, events: list[dict[str, Any]]) -> None:
        self._build()
        self.seq += 1
        # "at": when it was committed (wall clock), so a page can tell how fresh it is.
        update = {"seq": self.seq, "kind": kind, "at": time.time(), "events": events, "state": self._doc}
        update["raw"] = json.dumps({k: v for k, v in update.items()}, ensure_ascii=False)  # encoded once
        self.updates.append(update)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        task = loop.create_task(self._wake())
        self._wakers.add(task)
        task.add_done_callback(self._wakers.discard)

    async def _wake(self) -> None:
        async with self.changed:
            self.changed.notify_all()

    def since(self, last_seen: int | None) -> list[dict[str, Any]]:
        """The updates a page that saw ``last_seen`` has missed; a snapshot if it was
        away longer than the buffer reaches back (or never saw any)."""
        if last_seen is None or not self.updates or last_seen < self.updates[0]["seq"] - 1:
            latest = {k: v for k, v in self.updates[-1].items() if k != "raw"}
            latest["kind"] = "snapshot"
            latest["events"] = []
            latest["raw"] = json.dumps(latest, ensure_ascii=False)
            return [latest]
        return [u for u in self.updates if u["seq"] > last_seen]

    async def wait(self, last_seen: int, timeout: float) -> list[dict[str, Any]]:
        if self.seq > last_seen:
            return self.since(last_seen)
        async with self.changed:
            try:
                await asyncio.wait_for(self.changed.wait_for(lambda: self.seq > last_seen), timeout)
            except TimeoutError:
                return []
        return self.since(last_seen)

    # -------------------------------------------------------------- sessions

    def login(self, client: str, pin: str) -> tuple[str | None, int, float]:
        """(session token or None, attempts left, seconds locked)."""
        locked = self.lockout.locked_for(client)
        if locked:
            return None, 0, locked
        if secrets.compare_digest(pin.encode(), self.pin.encode()):
            self.lockout.succeeded(client)
            token = secrets.token_urlsafe(24)
            self.sessions.add(token)
            return token, MAX_WRONG_PINS, 0.0
        left = self.lockout.failed(client)
        return None, left, self.lockout.locked_for(client)

    def authorised(self, token: str | None) -> bool:
        return token is not None and token in self.sessions

    # --------------------------------------------------------------- changes

    def act(self, action: Action) -> None:
        self.referee.act(action)

    def undo(self) -> None:
        self.referee.undo()

    def correct(self, action: Action) -> None:
        self.referee.correct(action)

    def new_game(self, header: dict[str, Any]) -> None:
        referee = Referee.start(self.store, header)  # judged before anything is stored
        self.referee = referee
        referee.subscribe(self._record)
        for listener in self.on_new_game:
            listener(referee)
        self._push("new-game", [])
