"""Players' history: computed by replaying a real store's games, names matched and merged."""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from engines import game_class
from engines.playout import play_random
from engines.replay import replay
from firmware.appliance.stats import History, StatsError, history, name_key
from firmware.appliance.stats_page import render
from firmware.appliance.store import Store
from firmware.referees.referee import Referee
from firmware.web.stats_routes import StatsSource, stats_router

# The same people, spelled as a table's set-up might spell them on different evenings.
SPELLINGS = [
    ["Ann", "Ben", "Cleo"],
    ["ann ", "BEN", "Dirk"],
    ["Änn", "Cleo", "Dirk", "Ben"],
    ["Annie", "Ben"],
]


def play(store: Store, game: str, edition: str | None, players: list[str], seed: int) -> Referee:
    header = game_class(game).simulation_header(players, seed, edition)
    referee = Referee.start(store, header)
    for action in play_random(header, random.Random(seed)).actions:
        referee.act(action)
    return referee


@pytest.fixture
def store(tmp_path: Path) -> Store:
    s = Store(tmp_path / "scarab.db")
    seed = 0
    for players in SPELLINGS:
        for game, edition in (("tutankhamen", "otb2004"), ("ankh", None), ("gulogulo", None)):
            seed += 1
            if game == "ankh" and len(players) < 2:
                continue
            play(s, game, edition, players, seed)
    running = Referee.start(s, game_class("ankh").simulation_header(["Ann", "Ben"], 99, None))
    running.act(running.state.legal_actions()[0])
    return s


def replayed(store: Store) -> list[tuple[list[str], list[str], dict[str, float]]]:
    """(players, winners, scores) of each finished stored game, by replaying it here."""
    out = []
    for record in store.games():
        state = replay(store.load(record.id).log_lines()).state
        if state.finished:
            out.append((list(state.players), list(state.winners()), dict(state.scores())))
    return out


def test_figures_agree_with_the_replayed_games_and_names_match(store: Store) -> None:
    doc = history(store.db)
    games = replayed(store)
    assert doc["games"] == len(games) and doc["in_progress"] == 1 and doc["unreadable"] == []
    played, won = Counter(), Counter()
    for players, winners, _ in games:
        played.update(name_key(p) for p in players)
        won.update(name_key(w) for w in winners)
    by_key = {p["key"]: p for p in doc["players"]}
    assert set(by_key) == set(played)  # "Ann", "ann " and "Änn" are one player; "Annie" is not
    assert "ann" in by_key and "annie" in by_key
    assert by_key["ann"]["spellings"][0] in {"Ann", "ann", "Änn"} and len(by_key["ann"]["spellings"]) == 3
    for key, p in by_key.items():
        assert p["games"] == played[key] and p["wins"] == won[key]
        assert sum(g["games"] for g in p["by_game"].values()) == p["games"]
        assert sum(c["games"] for c in p["by_count"].values()) == p["games"]
        for g in p["by_game"].values():  # per game and player count, adding up to the game's
            assert sum(c["games"] for c in g["by_count"].values()) == g["games"]
            assert sum(c["wins"] for c in g["by_count"].values()) == g["wins"]
        assert p["win_rate"] == pytest.approx(won[key] / played[key], abs=1e-4)


def test_averages_best_games_and_records_come_from_the_scores(store: Store) -> None:
    doc = history(store.db)
    games = replayed(store)
    ann = next(p for p in doc["players"] if p["key"] == "ann")
    ankh = [s[name] for players, _, s in games for name in players if name_key(name) == "ann" and "Ben" in s]
    assert ann["by_game"]["gulogulo"]["average_score"] is None  # a game without points has no average
    tut = ann["by_game"]["tutankhamen"]
    assert tut["best"]["score"] >= tut["average_score"]
    assert ankh  # Ann played games with scores
    sets = doc["tutankhamen_longest_sets"]
    assert sets and sets == sorted(sets, key=lambda r: -r["tiles"]) and all(r["tiles"] >= 1 for r in sets)
    best = doc["ankh_best_scorings"]
    assert best and all(r["points"] > 0 for r in best)


def test_head_to_head_is_consistent_both_ways(store: Store) -> None:
    doc = history(store.db)
    together = Counter()
    for players, _, _ in replayed(store):
        keys = sorted({name_key(p) for p in players})
        together.update((a, b) for i, a in enumerate(keys) for b in keys[i + 1 :])
    names = {p["name"]: p["key"] for p in doc["players"]}
    for r in doc["head_to_head"]:
        pair = tuple(sorted((names[r["player"]], names[r["opponent"]])))
        assert r["wins"] + r["losses"] + r["ties"] == together[pair]
    assert len(doc["head_to_head"]) == len(together)


def test_a_merge_joins_two_names_and_an_unmerge_parts_them(store: Store) -> None:
    before = {p["key"]: p for p in history(store.db)["players"]}
    h = History(store.db)
    known = [n for players, _, _ in replayed(store) for n in players]
    h.merge("Annie", "Ann", known)
    after = {p["key"]: p for p in history(store.db)["players"]}
    assert "annie" not in after
    assert after["ann"]["games"] == before["ann"]["games"] + before["annie"]["games"]
    assert after["ann"]["wins"] == before["ann"]["wins"] + before["annie"]["wins"]
    with pytest.raises(StatsError):
        h.merge("Nobody", "Ann", known)
    with pytest.raises(StatsError):
        h.merge("Ann", "Annie", known)  # already one player: a loop is refused
    assert h.unmerge("annie")
    assert {p["key"]: p["games"] for p in history(store.db)["players"]} == {
        k: p["games"] for k, p in before.items()
    }


def test_a_game_taken_back_leaves_the_figures_and_the_cache_follows(store: Store) -> None:
    first = history(store.db)
    record = next(r for r in store.games() if r.result is not None)
    referee = Referee.resume(store, record.id)
    assert referee is not None
    referee.undo()  # the finished game is open again: it no longer counts
    second = history(store.db)
    assert second["games"] == first["games"] - 1 and second["in_progress"] == 2
    cached = store.db.execute("SELECT COUNT(*) FROM stats_games").fetchone()[0]
    assert cached == first["games"]  # summaries are cached, yet a changed log is replayed again


def test_a_game_that_no_longer_replays_is_reported_not_counted(store: Store) -> None:
    record = next(r for r in store.games() if r.result is not None)
    store.db.execute(
        "UPDATE actions SET line = ? WHERE game_id = ? AND seq = 1",
        (json.dumps({"player": "Nobody", "move": "take", "index": 0}), record.id),
    )
    doc = history(store.db)
    assert [b["game_id"] for b in doc["unreadable"]] == [record.id]
    assert doc["games"] == len(replayed_ok(store))


def replayed_ok(store: Store) -> list[int]:
    ok = []
    for r in store.games():
        try:
            if replay(store.load(r.id).log_lines()).state.finished:
                ok.append(r.id)
        except Exception:
            pass
    return ok


def test_the_page_draws_plots_as_svg_and_escapes_names(tmp_path: Path) -> None:
    s = Store(tmp_path / "x.db")
    play(s, "tutankhamen", "otb2004", ["<b>Ann</b>", "Ben & Co"], 3)
    page = render(history(s.db))
    assert page.count("<svg") == 3 and "cdn" not in page.lower() and "<script" not in page
    assert "&lt;b&gt;Ann&lt;/b&gt;" in page and "<b>Ann</b>" not in page and "Ben &amp; Co" in page


def test_the_table_page_serves_the_stats(store: Store) -> None:
    app = FastAPI()
    app.include_router(stats_router(StatsSource(store.path)))
    with TestClient(app) as client:
        doc = client.get("/api/stats").json()
        page = client.get("/stats")
    assert doc["games"] == len(replayed(store))
    assert page.status_code == 200 and "<svg" in page.text and "Head to head" in page.text


def scarab(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "firmware.cli", *args], capture_output=True, text=True, timeout=60
    )


def test_the_command_prints_json_tables_the_page_and_merges(store: Store, tmp_path: Path) -> None:
    db = str(store.path)
    out = scarab("stats", "--db", db, "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["games"] == len(replayed(store))
    human = scarab("stats", "--db", db, "--html", str(tmp_path / "stats.html"))
    assert human.returncode == 0 and "Head to head" in human.stdout
    assert "<svg" in (tmp_path / "stats.html").read_text()
    merged = scarab("stats", "--db", db, "--json", "--merge", "annie", "ANN")
    assert merged.returncode == 0, merged.stderr
    assert "annie" not in {p["key"] for p in json.loads(merged.stdout)["players"]}
    bad = scarab("stats", "--db", db, "--json", "--merge", "Zed", "Ann")
    assert bad.returncode == 3 and json.loads(bad.stdout)["error"]["code"] == "bad-merge"
    missing = scarab("stats", "--db", str(tmp_path / "none.db"))
    assert missing.returncode == 3


def test_a_read_only_store_still_gets_its_figures(store: Store) -> None:
    ro = sqlite3.connect(f"file:{store.path}?mode=ro", uri=True)
    doc = history(ro)
    assert doc["games"] == len(replayed(store))
