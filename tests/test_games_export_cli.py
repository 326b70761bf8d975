"""`scarab games` and `scarab export` over a real store file."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engines.playout import play_random
from engines.replay import replay
from firmware.appliance.store import Store
from firmware.referees.referee import Referee

HEADER = {"game": "tutankhamen", "edition": "amigo", "players": ["Ann", "Ben", "Cleo"], "seed": 4}


def scarab(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "firmware.cli", *args], capture_output=True, text=True, timeout=60
    )


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A store with one finished game (id 1) and one in progress (id 2)."""
    path = tmp_path / "scarab.db"
    store = Store(path)
    finished = Referee.start(store, HEADER)
    for action in play_random(HEADER, random.Random(1)).actions:
        finished.act(action)
    running = Referee.start(store, {**HEADER, "seed": 5})
    running.act(running.state.legal_actions()[0])
    return path


def test_games_lists_both_with_result_and_progress(db: Path) -> None:
    run = scarab("games", "--db", str(db), "--json")
    assert run.returncode == 0, run.stderr
    games = json.loads(run.stdout)["games"]
    assert [g["id"] for g in games] == [2, 1]
    assert games[0]["winners"] is None
    assert games[1]["winners"] and set(games[1]["scores"]) == {"Ann", "Ben", "Cleo"}
    human = scarab("games", "--db", str(db))
    assert "in progress" in human.stdout and "won by" in human.stdout


def test_an_exported_log_replays_to_the_stored_game(db: Path, tmp_path: Path) -> None:
    out = tmp_path / "game1.jsonl"
    run = scarab("export", "1", "--db", str(db), "--out", str(out))
    assert run.returncode == 0, run.stderr
    replayed = scarab("replay", str(out), "--json")
    assert replayed.returncode == 0
    doc = json.loads(replayed.stdout)
    assert doc["finished"] is True
    stored = Referee.resume(Store(db), 1)
    assert stored is not None
    assert doc["scores"] == stored.state.scores() and doc["winners"] == stored.state.winners()


def test_export_last_writes_the_game_in_progress_to_stdout(db: Path) -> None:
    run = scarab("export", "last", "--db", str(db))
    assert run.returncode == 0
    lines = run.stdout.splitlines()
    assert json.loads(lines[0])["seed"] == 5 and len(lines) == 2
    assert not replay(lines).state.finished


def test_bgstats_export_is_one_createplay_play(db: Path) -> None:
    """BG Stats' createPlay JSON (tests/test_bgstats_export.py checks it in full)."""
    run = scarab("export", "1", "--db", str(db), "--bgstats")
    assert run.returncode == 0, run.stderr
    play = json.loads(run.stdout)
    assert play["game"]["name"] == "Tutanchamun" and play["game"]["noPoints"] is False
    assert [p["name"] for p in play["players"]] == ["Ann", "Ben", "Cleo"]
    stored = Store(db).load(1)
    assert stored.result is not None
    assert {p["name"]: p["score"] for p in play["players"]} == stored.result["scores"]
    assert {p["name"] for p in play["players"] if p["winner"]} == set(stored.result["winners"])
    assert play["durationMin"] >= 0 and play["sourcePlayId"].endswith(":1")


def test_bgstats_export_refuses_the_game_in_progress(db: Path) -> None:
    run = scarab("export", "2", "--db", str(db), "--bgstats", "--json")
    assert run.returncode == 3
    assert json.loads(run.stdout)["error"]["code"] == "unfinished"


@pytest.mark.parametrize("game", ["7", "seven"])
def test_an_unknown_game_is_refused(db: Path, game: str) -> None:
    run = scarab("export", game, "--db", str(db), "--json")
    assert run.returncode == 3
    assert json.loads(run.stdout)["error"]["code"] == "no-such-game"
    assert "Traceback" not in run.stderr


def test_a_missing_store_is_refused(tmp_path: Path) -> None:
    run = scarab("games", "--db", str(tmp_path / "nope.db"), "--json")
    assert run.returncode == 3
    assert json.loads(run.stdout)["error"]["code"] == "no-store"


def test_a_file_that_is_not_a_store_is_refused(tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_text("this is not sqlite\n" * 100)
    run = scarab("games", "--db", str(junk), "--json")
    assert run.returncode == 3, run.stdout + run.stderr
    assert json.loads(run.stdout)["error"]["code"] == "unreadable-store"
    assert "Traceback" not in run.stderr
