"""The table as the web page sees it: the live referee, numbered updates for every open
page, and the table PIN's sessions.

Updates are numbered; each carries the whole public state plus the events of that
change, and the last few hundred are kept, so a page that reconnects with the last
number it saw gets exactly what it missed (or one fresh snapshot if it was away too long).
A stream id is ``<boot>-<number>``: the boot part changes with every start, so a page
that last saw an earlier run (or sends anything else) is never taken to be up to date.

Fan-out has no shared lock: every waiting page parks on an event of its own, and a
commit sets them all. A page that is cancelled or slow only ever loses its own event.
"""

from __future__ import annotations

import asyncio
import json
import re
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from engines import new_game
from engines.core import Action, GameState
from engines.replay import document, replay
from engines.wording import render_action, render_details, render_ending, render_scoring, scoreboard
from firmware.appliance.store import Store
from firmware.referees.referee import Change, Referee
from firmware.web.table_svg import table_svg

KEEP = 500  # updates kept for reconnecting pages
_EVENT_ID = re.compile(r"([0-9a-f]{8})-([0-9]{1,12})", re.ASCII)
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


def _state_catalogue() -> Path:
    """The catalogue ``scarab vision enroll`` saves by default."""
    from firmware.appliance.store import default_catalog

    return default_catalog("tutankhamen")


def _state_ankh_catalogue() -> Path:
    from firmware.appliance.declared_box import ankh_catalog

    return ankh_catalog("")


class QuestionError(Exception):
    """An answer refused: ``status`` 404 (no such question open) or 422 (not a face of the
    box)."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


class Questions(Protocol):
    """What the camera asks the table before play (firmware/referees/camera_referee.py owns the
    questions; the hub only shows them and passes the answers on)."""

    def count(self) -> int:
        """Questions still open."""
        ...

    def listed(self, lang: str) -> list[dict[str, Any]]:
        """The open questions: ``id``, ``index``, ``candidates`` and ``choices`` (each
        ``{"label", "name"}``, named in ``lang``)."""
        ...

    def picture(self, qid: str) -> bytes | None:
        """A question's picture as PNG; None for no open question of that id."""
        ...

    def answer(self, qid: str, label: str) -> int:
        """Take an answer; how many are left. A QuestionError when refused."""
        ...


class NoQuestions:
    """A table without a camera: never asks."""

    def count(self) -> int:
        return 0

    def listed(self, lang: str) -> list[dict[str, Any]]:
        return []

    def picture(self, qid: str) -> bytes | None:
        return None

    def answer(self, qid: str, label: str) -> int:
        raise QuestionError(404, "unknown-question", f"no question {qid!r} is open")


class FirstAsking:
    """Several followers' questions (the Tutankhamen path's, the Ankh cards'), one
    follower's at a time: the first that asks anything is the one shown and answered."""

    def __init__(self, *sources: Questions) -> None:
        self.sources = sources

    def asking(self) -> Questions:
        return next((q for q in self.sources if q.count()), NoQuestions())

    def count(self) -> int:
        return self.asking().count()

    def listed(self, lang: str) -> list[dict[str, Any]]:
        return self.asking().listed(lang)

    def picture(self, qid: str) -> bytes | None:
        return self.asking().picture(qid)

    def answer(self, qid: str, label: str) -> int:
        return self.asking().answer(qid, label)


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
        notices: Callable[[], list[str]] = list,
        questions: Questions | None = None,
    ) -> None:
        self.warnings = warnings
        self.questions: Questions = questions or NoQuestions()
        self.store = store
        self.language = language
        self.pin = pin or f"{secrets.randbelow(10**6):06d}"
        self.sessions: set[str] = set()
        self.lockout = Lockout(clock)
        self.frame_png = frame_png
        self.updates: deque[dict[str, Any]] = deque(maxlen=KEEP)
        self.seq = 0
        self.boot = secrets.token_hex(4)  # this run's part of every stream id
        self.notices = notices
        self.on_new_game: list[Callable[[Referee], None]] = []
        # the landslide sensor's referee (its question and reset), when the appliance has one
        self.landslides: Any = None
        # the enrolled Tutankhamen faces a phone's photo of the path is read with
        self.catalogue: Callable[[], Path] = _state_catalogue
        # the enrolled Ankh cards, whose declared box a new Ankh game counts
        self.ankh_catalogue: Callable[[], Path] = _state_ankh_catalogue
        self._waiters: set[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = set()
        self._history: list[dict[str, Any]] = []
        self._history_at = -1  # the update the history was worded for
        self._svg = ""
        self._svg_at = -1  # the update the table's picture was drawn for
        self._waiters_lock = threading.Lock()  # only ever held for a set operation, never across an await
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
        doc["warnings"] = self.warnings()  # devices that failed: the page's error banner
        doc["notices"] = self.notices()  # hints for the table ("clear away …"): not errors
        doc["actions"] = len(self.referee.actions)
        doc["questions"] = self.questions.count()  # tiles the camera asks the table to confirm
        doc["scorings"] = self._scorings()
        board = scoreboard(self.referee.state, self.language)  # no column of zero points in a race
        doc["scoreboard"] = {
            "heading": board.heading,
            "columns": list(board.columns),
            "rows": {p: list(v) for p, v in board.rows.items()},
            "in_points": board.in_points,
        }
        doc["ending"] = render_ending(self.referee.state, self.language)  # why it ended; "" while it runs
        self._doc = doc
        self._doc_json = json.dumps(doc, ensure_ascii=False).encode()

    def _scorings(self) -> list[dict[str, Any]]:
        """Every scoring so far, oldest first, numbered from 1, in words."""
        state = self.referee.state
        scored = [e for e in self.referee.events if e.get("type") == "scored"]
        return [
            {
                "n": n,
                "text": render_scoring(event, state.game, self.language, state.edition),
                "details": render_details(event, state.game, self.language),
            }
            for n, event in enumerate(scored, start=1)
        ]

    def table_svg(self) -> str:
        """The table as it lies now, drawn once per change and shared by every page."""
        if self._svg_at != self.seq:
            self._svg = table_svg(self._doc, self.language, self.referee.header)
            self._svg_at = self.seq
        return self._svg

    def label(self, action: Action, state: GameState | None = None) -> str:
        """A button's words for one of the choices the player to act has."""
        return render_action(action, state or self.referee.state, self.language, with_player=False)

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
        return {"to_act": state.to_act, "actions": actions, "labels": [self.label(a, state) for a in actions]}

    def history(self) -> list[dict[str, Any]]:
        """Every action with its number and its words, newest first."""
        if self._history_at != self.seq:
            texts = self._worded_actions()
            self._history = [
                {"n": i + 1, "action": a, "text": texts[i]}
                for i, a in reversed(list(enumerate(self.referee.actions)))
            ]
            self._history_at = self.seq
        return self._history

    def _worded_actions(self) -> list[str]:
        """Each action in words, worded against the state it was made in (a take names
        the tile that lay there), by replaying the game once."""
        state = new_game(self.referee.header)
        texts = []
        for action in self.referee.actions:
            texts.append(render_action(action, state, self.language))
            state.apply(action)
        return texts

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
        update = {
            "seq": self.seq,
            "id": self.event_id(self.seq),
            "kind": kind,
            "at": time.time(),
            "events": events,
            "state": self._doc,
        }
        update["raw"] = json.dumps(update, ensure_ascii=False)  # encoded once for every page
        self.updates.append(update)
        self._wake_all()

    def _wake_all(self) -> None:
        with self._waiters_lock:
            waiters = list(self._waiters)
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        for loop, event in waiters:
            if running is loop:
                event.set()
                continue
            try:
                loop.call_soon_threadsafe(event.set)  # a commit made outside the page's loop
            except RuntimeError:  # that loop has closed: its page is gone
                with self._waiters_lock:
                    self._waiters.discard((loop, event))

    # ------------------------------------------------------------ stream ids

    def event_id(self, seq: int) -> str:
        return f"{self.boot}-{seq}"

    def parse_event_id(self, value: str | None) -> int | None:
        """The update number a page last saw, if it is one this run can continue from;
        None (the page gets a snapshot) for anything else: another run's id, a number
        beyond the newest, garbage of any kind."""
        if not value:
            return None
        found = _EVENT_ID.fullmatch(value.strip())
        if found is None or found.group(1) != self.boot:
            return None
        seq = int(found.group(2))
        return seq if seq <= self.seq else None

    def since(self, last_seen: int | None) -> list[dict[str, Any]]:
        """The updates a page that saw ``last_seen`` has missed; a snapshot if it was
        away longer than the buffer reaches back, never saw any, or names a number this
        run has not reached."""
        if (
            last_seen is None
            or not self.updates
            or last_seen < self.updates[0]["seq"] - 1
            or last_seen > self.seq
        ):
            latest = {k: v for k, v in self.updates[-1].items() if k != "raw"}
            latest["kind"] = "snapshot"
            latest["events"] = []
            latest["raw"] = json.dumps(latest, ensure_ascii=False)
            return [latest]
        return [u for u in self.updates if u["seq"] > last_seen]

    async def wait(self, last_seen: int, timeout: float) -> list[dict[str, Any]]:
        """What a page that saw ``last_seen`` has missed, waiting up to ``timeout``
        seconds for something new ([] if nothing came). Cancelling it touches nobody else."""
        if self.seq != last_seen:
            return self.since(last_seen)
        entry = (asyncio.get_running_loop(), asyncio.Event())
        with self._waiters_lock:
            self._waiters.add(entry)
        try:
            if self.seq == last_seen:  # a commit from another thread may have just landed
                await asyncio.wait_for(entry[1].wait(), timeout)
        except TimeoutError:
            return []
        finally:
            with self._waiters_lock:
                self._waiters.discard(entry)
        return self.since(last_seen)

    @property
    def waiting(self) -> int:
        """Pages parked waiting for the next update (for tests and the benchmark)."""
        return len(self._waiters)

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

    def asked(self) -> dict[str, Any]:
        """The camera's open questions, each with its picture's address."""
        listed = self.questions.listed(self.language)
        return {"questions": [{**q, "picture": f"/api/questions/{q['id']}.png"} for q in listed]}

    def answer(self, qid: str, label: str) -> dict[str, Any]:
        """An answer passed on to the camera; what is left to confirm (QuestionError if
        refused)."""
        left = self.questions.answer(qid, label)
        return {"left": left, **self.asked()}

    def new_game(self, header: dict[str, Any]) -> None:
        from firmware.appliance.declared_box import with_enrolled_box

        header = with_enrolled_box(header, self.ankh_catalogue())  # the box this table declared
        referee = Referee.start(self.store, header)  # judged before anything is stored
        self.referee = referee
        referee.subscribe(self._record)
        for listener in self.on_new_game:
            listener(referee)
        self._push("new-game", [])
