"""The event store and the referee on top of it: durability, resume, undo, correction,
and illegal input that changes nothing."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest

from engines.core import IllegalAction
from engines.playout import play_random
from engines.replay import LogError, replay
from firmware.appliance.store import Store, StoreError
from firmware.referees.referee import Change, Referee

HEADER = {"game": "tutankhamen", "edition": "otb2004", "players": ["Ann", "Ben", "Cleo"], "seed": 11}


def played(seed: int = 3) -> list[dict]:
    """The actions of a whole random game from HEADER."""
    return play_random(HEADER, random.Random(seed)).actions


def committed_lines(db_path: Path, game_id: int) -> list[str]:
    """What another process would read from the database right now."""
    with sqlite3.connect(db_path) as other:
        return [
            r[0] for r in other.execute("SELECT line FROM actions WHERE game_id = ? ORDER BY seq", (game_id,))
        ]


def test_the_database_is_wal_with_full_synchronous_commits(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_every_action_is_committed_before_listeners_hear_of_it(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    ref = Referee.start(Store(db), HEADER)
    seen: list[int] = []

    def listener(change: Change) -> None:
        lines = committed_lines(db, ref.game_id)
        assert len(lines) == len(change.referee.actions)
        assert json.loads(lines[-1]) == change.referee.actions[-1]
        seen.append(len(lines))

    ref.subscribe(listener)
    for action in played()[:12]:
        ref.act(action)
    assert seen == list(range(1, 13))


def test_a_whole_game_round_trips_through_the_store_and_resumes_exactly(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    actions = played()
    ref = Referee.start(Store(db), HEADER)
    for action in actions[: len(actions) // 2]:
        ref.act(action)
    middle = ref.state.to_json()

    resumed = Referee.resume(Store(db))  # a new process after a power cut
    assert resumed is not None and resumed.game_id == ref.game_id
    assert resumed.state.to_json() == middle
    for action in actions[len(actions) // 2 :]:
        resumed.act(action)
    assert resumed.state.finished

    store = Store(db)
    assert store.unfinished() is None, "a finished game is not resumed"
    record = store.load(ref.game_id)
    assert record.result == {"scores": resumed.state.scores(), "winners": resumed.state.winners()}
    exported = replay(record.log_lines())
    assert exported.state.to_json() == resumed.state.to_json()
    assert record.actions == actions


def test_an_illegal_action_changes_neither_the_state_nor_the_store(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    ref = Referee.start(Store(db), HEADER)
    ref.act(played()[0])
    heard: list[Change] = []
    ref.subscribe(heard.append)
    before = ref.state.to_json()
    with pytest.raises(IllegalAction) as info:
        ref.act({"player": "Ann", "move": "take", "index": 0})  # Ben's turn
    assert info.value.code == "out-of-turn"
    assert ref.state.to_json() == before
    assert len(committed_lines(db, ref.game_id)) == 1
    assert heard == []


def test_undo_takes_back_the_last_action_everywhere(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    actions = played()
    ref = Referee.start(Store(db), HEADER)
    for action in actions[:5]:
        ref.act(action)
    after_four = replay([json.dumps(HEADER)] + [json.dumps(a) for a in actions[:4]]).state.to_json()
    assert ref.undo() == actions[4]
    assert ref.state.to_json() == after_four
    assert [json.loads(x) for x in committed_lines(db, ref.game_id)] == actions[:4]
    ref.act(actions[4])  # the game goes on from there
    assert len(ref.actions) == 5


def test_undo_of_the_final_action_reopens_the_game(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    ref = Referee.start(store, HEADER)
    for action in played():
        ref.act(action)
    assert store.unfinished() is None
    ref.undo()
    assert not ref.state.finished
    assert store.unfinished() == ref.game_id


def test_nothing_to_undo_is_a_clear_error(tmp_path: Path) -> None:
    ref = Referee.start(Store(tmp_path / "s.db"), HEADER)
    with pytest.raises(StoreError, match="no action to undo"):
        ref.undo()


def test_correction_replaces_the_last_action_and_is_judged_first(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    ref = Referee.start(Store(db), HEADER)
    first = played()[0]
    ref.act(first)
    legal_instead = next(a for a in replay([json.dumps(HEADER)]).state.legal_actions() if a != first)
    ref.correct(legal_instead)
    assert ref.actions == [legal_instead]
    assert [json.loads(x) for x in committed_lines(db, ref.game_id)] == [legal_instead]
    expected = replay([json.dumps(HEADER), json.dumps(legal_instead)]).state.to_json()
    assert ref.state.to_json() == expected

    with pytest.raises(IllegalAction):
        ref.correct({"player": "Ben", "move": "take", "index": 0})  # not Ben's turn at the start
    assert ref.actions == [legal_instead]
    assert [json.loads(x) for x in committed_lines(db, ref.game_id)] == [legal_instead]


def test_a_store_failure_leaves_the_state_as_stored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(tmp_path / "s.db")
    ref = Referee.start(store, HEADER)
    actions = played()
    ref.act(actions[0])
    stored = ref.state.to_json()

    def disk_full(game_id: int, action: dict) -> int:
        raise StoreError("the game store could not save: database or disk is full")

    monkeypatch.setattr(store, "append", disk_full)
    with pytest.raises(StoreError, match="disk is full"):
        ref.act(actions[1])
    assert ref.state.to_json() == stored, "the unsaved action is not shown as if it happened"


def test_a_bad_header_is_refused_before_anything_is_stored(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    with pytest.raises(LogError) as info:
        Referee.start(store, {**HEADER, "players": ["Solo"]})
    assert info.value.code == "player-count"
    assert store.games() == []


def test_games_are_listed_newest_first_with_their_results(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    done = Referee.start(store, HEADER)
    for action in played():
        done.act(action)
    running = Referee.start(store, {**HEADER, "seed": 12})
    listed = store.games()
    assert [g.id for g in listed] == [running.game_id, done.game_id]
    assert listed[1].result is not None and listed[1].result["winners"] == done.state.winners()
    assert listed[0].result is None and store.unfinished() == running.game_id
