"""The store's schema version and migrations, a store made before versions opened as it is
today, `scarab backup` while the referee writes, and every store-reading command on the
configured store."""

from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from engines.playout import near, play_random
from engines.replay import replay
from firmware.appliance import store as store_module
from firmware.appliance.store import MIGRATIONS, SCHEMA_VERSION, Store, StoreError, default_state_dir
from firmware.cli import main
from firmware.referees.referee import Referee

HEADER = {"game": "tutankhamen", "edition": "otb2004", "players": ["Ann", "Ben", "Cleo"], "seed": 4}

# The schema as Scarab wrote it before the store carried a version (user_version 0).
TODAYS_SCHEMA = """
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


def user_version(path: Path) -> int:
    db = sqlite3.connect(str(path))
    try:
        return int(db.execute("PRAGMA user_version").fetchone()[0])
    finally:
        db.close()


def todays_store(path: Path) -> list[dict]:
    """A store written with today's schema and no version: one game, two actions."""
    actions = play_random(HEADER, random.Random(1), policy=near).actions[:2]
    db = sqlite3.connect(str(path))
    db.executescript(TODAYS_SCHEMA)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute(
        "INSERT INTO games (game, header, started_at) VALUES (?, ?, ?)",
        ("tutankhamen", json.dumps(HEADER), "2026-01-01T10:00:00.000+00:00"),
    )
    for seq, action in enumerate(actions, start=1):
        db.execute(
            "INSERT INTO actions VALUES (1, ?, ?, ?)", (seq, json.dumps(action), "2026-01-01T10:01:00")
        )
    db.commit()
    db.close()
    return actions


def test_migrations_are_numbered_in_order_from_one() -> None:
    assert [version for version, _ in MIGRATIONS] == list(range(1, SCHEMA_VERSION + 1))


def test_a_store_from_todays_schema_opens_migrated_with_its_games_intact(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    actions = todays_store(path)
    assert user_version(path) == 0
    store = Store(path)
    assert store.version == SCHEMA_VERSION and user_version(path) == SCHEMA_VERSION
    record = store.load(1)
    assert record.header == HEADER and record.actions == actions
    indexes = {row[0] for row in store.db.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    assert "games_by_finish" in indexes
    assert store.unfinished() == 1
    referee = Referee.resume(store)
    assert referee is not None and len(referee.actions) == 2
    store.close()
    again = Store(path)  # opening an up-to-date store changes nothing
    assert again.version == SCHEMA_VERSION and again.load(1).actions == actions


def test_a_new_store_starts_at_the_latest_version(tmp_path: Path) -> None:
    Store(tmp_path / "new.db").close()
    assert user_version(tmp_path / "new.db") == SCHEMA_VERSION


def test_a_store_from_a_newer_scarab_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "future.db"
    Store(path).close()
    db = sqlite3.connect(str(path))
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(StoreError, match="newer than this Scarab"):
        Store(path)
    assert user_version(path) == SCHEMA_VERSION + 1


def test_a_failing_migration_leaves_the_store_at_its_last_good_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "s.db"
    todays_store(path)
    broken = [*MIGRATIONS, (SCHEMA_VERSION + 1, "CREATE TABLE extra (x); INSERT INTO nowhere VALUES (1)")]
    monkeypatch.setattr(store_module, "MIGRATIONS", broken)
    monkeypatch.setattr(store_module, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    with pytest.raises(StoreError):
        Store(path)
    assert user_version(path) == SCHEMA_VERSION, "the steps before the broken one are kept"
    db = sqlite3.connect(str(path))
    assert db.execute("SELECT 1 FROM sqlite_master WHERE name = 'extra'").fetchone() is None
    db.close()


# ---------------------------------------------------------------------- backup


def test_backup_copies_a_consistent_store_while_the_referee_commits(tmp_path: Path) -> None:
    db, out = tmp_path / "live.db", tmp_path / "copy.db"
    Referee.start(Store(db), HEADER)
    actions = play_random(HEADER, random.Random(5), policy=near).actions
    env = {
        **os.environ,
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "SCARAB_CONFIG": str(tmp_path / "no.toml"),
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "firmware.cli", "run", "--no-web", "--db", str(db), "--input", "stdin"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        assert "ready" in json.loads(proc.stdout.readline())
        half = len(actions) // 2
        for action in actions[:half]:
            proc.stdin.write(json.dumps(action) + "\n")
        proc.stdin.flush()
        for _ in range(half):
            assert "ack" in json.loads(proc.stdout.readline())
        proc.stdin.write("".join(json.dumps(a) + "\n" for a in actions[half:]))  # committing on
        proc.stdin.flush()
        assert main(["backup", str(out), "--db", str(db)]) == 0
        for _ in actions[half:]:
            assert "ack" in json.loads(proc.stdout.readline())
    finally:
        proc.stdin.close()
        proc.wait(timeout=60)
    assert sqlite3.connect(str(out)).execute("PRAGMA journal_mode").fetchone()[0] == "delete", "one file"
    copy = Store(out)
    record = copy.load(1)
    assert half <= len(record.actions) <= len(actions)
    assert record.actions == actions[: len(record.actions)], "a snapshot: a prefix of the game, in order"
    replay(record.log_lines())  # and a legal one
    assert not list(tmp_path.glob(".copy.db.part*"))


def test_backup_refuses_what_it_cannot_copy(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["backup", str(tmp_path / "c.db"), "--db", str(tmp_path / "none.db"), "--json"]) == 3
    assert json.loads(capsys.readouterr().out)["error"]["code"] == "no-store"
    foreign = tmp_path / "foreign.db"
    sqlite3.connect(str(foreign)).execute("CREATE TABLE t (x)").connection.commit()
    assert main(["backup", str(tmp_path / "c.db"), "--db", str(foreign)]) == 3
    assert "not a Scarab game store" in capsys.readouterr().err
    Store(tmp_path / "s.db").close()
    assert main(["backup", str(tmp_path / "s.db"), "--db", str(tmp_path / "s.db")]) == 3
    assert "the store itself" in capsys.readouterr().err


# ------------------------------------------------------- the configured store


def test_store_reading_commands_use_the_configured_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "table" / "scarab.db"
    Referee.start(Store(db), HEADER)
    config = tmp_path / "c.toml"
    config.write_text(f'[store]\npath = "{db}"\n')
    monkeypatch.setenv("SCARAB_CONFIG", str(config))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "elsewhere"))
    assert main(["games", "--json"]) == 0
    games = json.loads(capsys.readouterr().out)
    assert len(games["games"] if isinstance(games, dict) else games) == 1
    assert main(["export", "last"]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[0])["players"] == HEADER["players"]
    out = tmp_path / "b.db"
    assert main(["backup", str(out)]) == 0 and Store(out).load(1).header == HEADER


def test_on_a_pi_with_the_service_its_state_directory_is_the_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = tmp_path / "var-lib-scarab"
    monkeypatch.delenv("STATE_DIRECTORY", raising=False)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(store_module, "SERVICE_STATE_DIR", service)
    assert default_state_dir() == tmp_path / "xdg" / "scarab", "no service installed"
    service.mkdir()
    assert default_state_dir() == service
    service.chmod(0o000)
    try:
        if os.geteuid() != 0:  # root reads anything
            assert default_state_dir() == tmp_path / "xdg" / "scarab", "not readable: not ours"
    finally:
        service.chmod(0o750)
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path / "unit"))
    assert default_state_dir() == tmp_path / "unit"
