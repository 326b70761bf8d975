"""The BG Stats export is BG Stats' documented createPlay JSON, one play per stored game.

The format (BG Stats' "push plays to BG Stats from other apps" page): ``sourceName``,
``sourcePlayId``, ``playDate`` ("YYYY-MM-DD HH:MM:SS"), ``durationMin``, ``game``
(``name``, ``sourceGameId``, ``bggId`` where known, ``highestWins``, ``noPoints``) and
``players`` (``sourcePlayerId``, ``name``, numeric ``score``, ``rank``, ``winner``,
``startPlayer``), URL-encoded after ``https://app.bgstatsapp.com/createPlay.html?data=``.
An unfinished game is refused, never exported as finished.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from itertools import pairwise
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

from engines import game_class
from engines.playout import play_random
from firmware.appliance import export
from firmware.appliance.store import Store
from firmware.referees.referee import Referee

ROOT = Path(__file__).resolve().parent.parent
PLAY_KEYS = {"sourceName", "sourcePlayId", "playDate", "durationMin", "game", "players", "comments"}
PLAYER_KEYS = {"sourcePlayerId", "name", "score", "rank", "winner", "startPlayer", "role"}


def scarab(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "firmware.cli", *args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def stored_game(store: Store, game: str, seed: int, finish: bool = True, players: int = 3) -> int:
    """A game played at random into the store; its id."""
    cls = game_class(game)
    header = cls.simulation_header(
        ["Ann", "Ben", "Cleo", "Dirk"][:players], seed, cls.editions[-1] if cls.editions else None
    )
    referee = Referee.start(store, header)
    actions = play_random(header, random.Random(seed)).actions
    for action in actions if finish else actions[:2]:
        referee.act(action)
    return referee.game_id


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "scarab.db")


def check_shape(play: dict[str, Any]) -> None:
    assert set(play) == PLAY_KEYS
    assert play["sourceName"] == "Scarab"
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", play["playDate"])
    assert isinstance(play["durationMin"], int) and play["durationMin"] >= 0
    game = play["game"]
    assert (
        {"name", "sourceGameId", "highestWins", "noPoints"}
        <= set(game)
        <= {
            "name",
            "sourceGameId",
            "highestWins",
            "noPoints",
            "bggId",
        }
    )
    assert game["highestWins"] is True
    for player in play["players"]:
        assert set(player) == PLAYER_KEYS
        assert isinstance(player["score"], int | float) and not isinstance(player["score"], bool)
        assert isinstance(player["rank"], int) and player["rank"] >= 1
    assert [p["startPlayer"] for p in play["players"]] == [True] + [False] * (len(play["players"]) - 1)


@pytest.mark.parametrize("game", ["tutankhamen", "ankh"])
def test_a_game_in_points_exports_scores_ranks_and_winners(store: Store, game: str) -> None:
    game_id = stored_game(store, game, 3)
    record = store.load(game_id)
    play = export.bgstats(record)
    check_shape(play)
    assert record.result is not None
    assert play["game"]["noPoints"] is False
    assert play["game"]["bggId"] == {"tutankhamen": 300, "ankh": 203421}[game]
    assert play["game"]["sourceGameId"] == export.source_game_id(record)
    scores = {p["name"]: p["score"] for p in play["players"]}
    assert scores == record.result["scores"]
    assert {p["name"] for p in play["players"] if p["winner"]} == set(record.result["winners"])
    assert all(p["rank"] == 1 for p in play["players"] if p["winner"])
    # Ranks follow the scores among the others (ties share a rank).
    losers = sorted((p for p in play["players"] if not p["winner"]), key=lambda p: -p["score"])
    for better, worse in pairwise(losers):
        assert better["rank"] <= worse["rank"] and (better["rank"] == worse["rank"]) == (
            better["score"] == worse["score"]
        )
    assert [p["name"] for p in play["players"]] == record.header["players"]


def test_each_edition_has_its_own_game_and_name(store: Store) -> None:
    amigo = store.load(stored_game(store, "tutankhamen", 5))
    assert amigo.header["edition"] == "amigo"
    play = export.bgstats(amigo)
    assert play["game"]["sourceGameId"] == "scarab-tutankhamen-amigo"
    assert play["game"]["name"] == "Tutanchamun"
    header = {**game_class("tutankhamen").simulation_header(["Ann", "Ben"], 2, "otb2004")}
    referee = Referee.start(store, header)
    for action in play_random(header, random.Random(2)).actions:
        referee.act(action)
    otb = export.bgstats(store.load(referee.game_id))
    assert (
        otb["game"]["sourceGameId"] == "scarab-tutankhamen-otb2004" and otb["game"]["name"] == "Tutankhamen"
    )
    # BoardGameGeek files both editions under the one game
    assert play["game"]["bggId"] == otb["game"]["bggId"] == 300


@pytest.mark.parametrize(("game", "why"), [("bann", "king's chamber"), ("gulogulo", "burial chamber")])
def test_a_race_is_exported_without_points(store: Store, game: str, why: str) -> None:
    record = store.load(stored_game(store, game, 6))
    play = export.bgstats(record)
    check_shape(play)
    assert play["game"]["noPoints"] is True
    assert all(p["score"] == 0 for p in play["players"])
    (winner,) = [p for p in play["players"] if p["winner"]]
    assert winner["rank"] == 1 and sorted(p["rank"] for p in play["players"])[0] == 1
    assert why in play["comments"] and winner["name"] in play["comments"]
    # each game's own BoardGameGeek entry: Pharaoh's Gulo Gulo (HABA 2015), not Gulo Gulo's
    assert play["game"]["bggId"] == {"bann": 26080, "gulogulo": 175088}[game]


def test_the_play_id_is_stable_per_stored_game(store: Store) -> None:
    first, second = stored_game(store, "ankh", 1), stored_game(store, "ankh", 2)
    a, b = export.bgstats(store.load(first)), export.bgstats(store.load(second))
    assert a["sourcePlayId"] == export.bgstats(store.load(first))["sourcePlayId"]
    assert a["sourcePlayId"] != b["sourcePlayId"]
    assert a["players"][0]["sourcePlayerId"] == b["players"][0]["sourcePlayerId"]  # Ann is Ann


def test_an_unfinished_game_is_refused(store: Store) -> None:
    record = store.load(stored_game(store, "ankh", 4, finish=False))
    with pytest.raises(export.Unfinished) as info:
        export.bgstats(record)
    assert info.value.code == "unfinished"
    with pytest.raises(export.Unfinished):
        export.createplay_link(record)


def test_the_createplay_link_carries_the_play(store: Store) -> None:
    record = store.load(stored_game(store, "ankh", 7))
    link = export.createplay_link(record)
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    data = link.split("?data=", 1)[1]
    assert " " not in data and "{" not in data  # URL-encoded
    assert json.loads(unquote(data)) == export.bgstats(record)
    app = export.createplay_link(record, app=True)
    assert app.startswith("bgstats://app.bgstatsapp.com/createPlay.html?data=") and app.endswith(data)


def test_competition_ranks() -> None:
    assert export.ranks([(True, 5.0), (False, 3.0), (False, 3.0), (False, 1.0)]) == [1, 2, 2, 4]
    assert export.ranks([(True, 5.0), (True, 5.0), (False, 0.0)]) == [1, 1, 3]


def test_the_cli_exports_the_play_and_refuses_an_unfinished_game(store: Store) -> None:
    done = stored_game(store, "gulogulo", 8)
    running = stored_game(store, "ankh", 9, finish=False)
    run = scarab("export", str(done), "--db", str(store.path), "--bgstats")
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == export.bgstats(store.load(done))
    link = scarab("export", str(done), "--db", str(store.path), "--bgstats-link")
    assert link.returncode == 0 and link.stdout.strip() == export.createplay_link(store.load(done))
    for flag in ("--bgstats", "--bgstats-link"):
        refused = scarab("export", str(running), "--db", str(store.path), flag, "--json")
        assert refused.returncode == 3, refused.stdout + refused.stderr
        assert json.loads(refused.stdout)["error"]["code"] == "unfinished"
        assert "Traceback" not in refused.stderr
    human = scarab("export", "last", "--db", str(store.path), "--bgstats")
    assert human.returncode == 3 and "has not finished" in human.stderr and human.stdout == ""
