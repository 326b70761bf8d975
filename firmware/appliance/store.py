"""The event store: every accepted action, durable before anyone sees its effect.

One SQLite file (WAL, ``synchronous=FULL``): a ``games`` row per game holding its log
header, and an ``actions`` row per accepted action holding the log line exactly as
``scarab replay`` reads it. A game is therefore always its header plus its actions, and
exporting one is writing those lines out. Nothing here knows any game's rules.

The schema carries its version in ``PRAGMA user_version``; opening a store brings an older
one up to date through ``MIGRATIONS``, in order, each in its own transaction (a store from
before versioning is version 1), and refuses one written by a newer Scarab. ``backup``
copies a store through SQLite's online backup, consistent while the referee writes on.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

SCHEMA_V1 = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    header TEXT NOT NULL,
    started_at TEXT NOT NULL,
    finished_at TEXT,
    result TEXT
);
CREATE TABLE IF NOT EXISTS actions (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    line TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""
# (version, SQL) in order: version N's SQL turns a version N-1 store into a version N one.
# Never edit a released step; add the next one.
MIGRATIONS: list[tuple[int, str]] = [
    (1, SCHEMA_V1),
    # resuming looks up the newest unfinished game: indexed, however long the history
    (2, "CREATE INDEX IF NOT EXISTS games_by_finish ON games (finished_at, id);"),
]
SCHEMA_VERSION = MIGRATIONS[-1][0]
SERVICE_STATE_DIR = Path("/var/lib/scarab")  # the unit's StateDirectory


log = logging.getLogger("scarab.store")


class StoreError(Exception):
    """The store cannot do what was asked (no such game, nothing to undo, disk trouble)."""


@dataclass(frozen=True)
class GameRecord:
    """One stored game: its log (header + actions) and bookkeeping."""

    id: int
    game: str
    header: dict[str, Any]
    started_at: str
    finished_at: str | None
    result: dict[str, Any] | None
    actions: list[dict[str, Any]]
    action_times: list[str]

    def log_lines(self) -> list[str]:
        """The game as a replayable log (JSON Lines, no trailing newline per line)."""
        return [_dump(self.header)] + [_dump(a) for a in self.actions]


def default_state_dir() -> Path:
    """systemd's StateDirectory: the service's own (``STATE_DIRECTORY``), or, for a command
    run by a person on a Pi with the service installed, the service's folder when they may
    read it (the install script puts them in its group) — so ``scarab games`` sees the
    table's games. Elsewhere the XDG state dir."""
    if os.environ.get("STATE_DIRECTORY"):
        return Path(os.environ["STATE_DIRECTORY"].split(":")[0])
    if SERVICE_STATE_DIR.is_dir() and os.access(SERVICE_STATE_DIR, os.R_OK | os.X_OK):
        return SERVICE_STATE_DIR
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "scarab"


def default_catalog(game: str) -> Path:
    """Where ``scarab vision enroll`` keeps a game's enrolled faces unless told otherwise,
    and where the camera referee and the page look for them."""
    return default_state_dir() / f"catalog-{game}.json"


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _dump(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(", ", ": "))


class Store:
    """The SQLite event log. Every write is its own committed transaction."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self.db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.version = migrate(self.db, self.path)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open the game store {self.path}: {exc}") from exc

    def close(self) -> None:
        self.db.close()

    def backup(self, out: Path | str) -> None:
        """A consistent copy of this store at ``out`` (see ``backup``)."""
        backup(self.db, Path(out))

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        try:
            self.db.execute("BEGIN IMMEDIATE")
            yield self.db
            self.db.execute("COMMIT")
        except sqlite3.Error as exc:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            raise StoreError(f"the game store could not save: {exc}") from exc
        except BaseException:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            raise

    # -------------------------------------------------------------- writing

    def start(self, header: dict[str, Any]) -> int:
        """Record a new game; its id."""
        with self._write() as db:
            cur = db.execute(
                "INSERT INTO games (game, header, started_at) VALUES (?, ?, ?)",
                (str(header.get("game")), _dump(header), now()),
            )
            return int(cur.lastrowid)  # type: ignore[arg-type]

    def append(self, game_id: int, action: dict[str, Any]) -> int:
        """Commit one accepted action; its sequence number (1 = first action)."""
        with self._write() as db:
            seq = self._next_seq(db, game_id)
            db.execute(
                "INSERT INTO actions (game_id, seq, line, at) VALUES (?, ?, ?, ?)",
                (game_id, seq, _dump(action), now()),
            )
            return seq

    def undo(self, game_id: int) -> dict[str, Any]:
        """Remove the last action; the removed action. The game is unfinished again."""
        with self._write() as db:
            seq = self._next_seq(db, game_id) - 1
            if seq < 1:
                raise StoreError("there is no action to undo")
            row = db.execute(
                "SELECT line FROM actions WHERE game_id = ? AND seq = ?", (game_id, seq)
            ).fetchone()
            db.execute("DELETE FROM actions WHERE game_id = ? AND seq = ?", (game_id, seq))
            db.execute("UPDATE games SET finished_at = NULL, result = NULL WHERE id = ?", (game_id,))
            return dict(json.loads(row[0]))

    def replace_last(self, game_id: int, action: dict[str, Any]) -> None:
        """Correct the last action in one transaction: never a moment without it."""
        with self._write() as db:
            seq = self._next_seq(db, game_id) - 1
            if seq < 1:
                raise StoreError("there is no action to correct")
            db.execute(
                "UPDATE actions SET line = ?, at = ? WHERE game_id = ? AND seq = ?",
                (_dump(action), now(), game_id, seq),
            )
            db.execute("UPDATE games SET finished_at = NULL, result = NULL WHERE id = ?", (game_id,))

    def finish(self, game_id: int, result: dict[str, Any]) -> None:
        with self._write() as db:
            db.execute(
                "UPDATE games SET finished_at = ?, result = ? WHERE id = ?", (now(), _dump(result), game_id)
            )

    def _next_seq(self, db: sqlite3.Connection, game_id: int) -> int:
        if db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
            raise StoreError(f"there is no game {game_id}")
        (last,) = db.execute(
            "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?", (game_id,)
        ).fetchone()
        return int(last) + 1

    # -------------------------------------------------------------- reading

    def load(self, game_id: int) -> GameRecord:
        row = self.db.execute(
            "SELECT id, game, header, started_at, finished_at, result FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise StoreError(f"there is no game {game_id}")
        lines = self.db.execute(
            "SELECT line, at FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        ).fetchall()
        return GameRecord(
            id=row[0],
            game=row[1],
            header=json.loads(row[2]),
            started_at=row[3],
            finished_at=row[4],
            result=json.loads(row[5]) if row[5] else None,
            actions=[json.loads(line) for line, _ in lines],
            action_times=[at for _, at in lines],
        )

    def games(self) -> list[GameRecord]:
        """Every game, newest first (without loading their actions)."""
        rows = self.db.execute(
            "SELECT id, game, header, started_at, finished_at, result FROM games ORDER BY id DESC"
        ).fetchall()
        return [
            GameRecord(r[0], r[1], json.loads(r[2]), r[3], r[4], json.loads(r[5]) if r[5] else None, [], [])
            for r in rows
        ]

    def unfinished(self) -> int | None:
        """The newest game that has not finished, to resume on start."""
        row = self.db.execute(
            "SELECT id FROM games WHERE finished_at IS NULL ORDER BY id DESC LIMIT 1"
        ).fetchone()
        return None if row is None else int(row[0])


def schema_version(db: sqlite3.Connection) -> int:
    """The store's schema version: ``user_version``, or 1 for a store from before it was
    kept (its tables exist, the version is 0), 0 for an empty file."""
    (version,) = db.execute("PRAGMA user_version").fetchone()
    if version == 0 and db.execute("SELECT 1 FROM sqlite_master WHERE name = 'games'").fetchone():
        return 1
    return int(version)


def migrate(db: sqlite3.Connection, where: Path | str = "the store") -> int:
    """Bring the store up to ``SCHEMA_VERSION``, step by step, each step and its new
    version committed together; the version reached. A newer store is refused untouched."""
    current = schema_version(db)
    if current > SCHEMA_VERSION:
        raise StoreError(
            f"the game store {where} has schema version {current}, newer than this Scarab's"
            f" {SCHEMA_VERSION}: update Scarab (or restore a backup made by this version)"
        )
    for version, sql in MIGRATIONS:
        if version <= current:
            continue
        db.execute("BEGIN IMMEDIATE")
        try:
            for statement in (part.strip() for part in sql.split(";")):
                if statement:
                    db.execute(statement)
            db.execute(f"PRAGMA user_version = {version}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        if current:
            log.info("the game store %s: schema version %d -> %d", where, current, version)
        current = version
    (stored,) = db.execute("PRAGMA user_version").fetchone()
    if stored != current:
        db.execute(f"PRAGMA user_version = {current}")  # a store from before versions, numbered
    return current


def backup(source: sqlite3.Connection, out: Path) -> None:
    """Copy ``source`` to ``out`` with SQLite's online backup, in one step: a snapshot as
    of one moment, taken while the referee goes on committing (WAL readers do not block
    it). Written beside ``out`` and renamed over it, so ``out`` is never half a store."""
    part = out.with_name(f".{out.name}.part")
    part.unlink(missing_ok=True)
    target = sqlite3.connect(str(part))
    try:
        source.backup(target)
        target.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
        (verdict,) = target.execute("PRAGMA integrity_check").fetchone()
        if verdict != "ok":
            raise StoreError(f"the copy failed SQLite's integrity check: {verdict}")
    except BaseException:
        target.close()
        part.unlink(missing_ok=True)
        raise
    target.close()
    os.replace(part, out)
