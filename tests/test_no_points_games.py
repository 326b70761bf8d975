"""Games not scored in points never show points.

Im Bann der Pyramide (without its minus-points variant) and Pharaoh's Gulo Gulo are
races: the scoreboard, the replay's table, the terminal's mirror, the OLED's scoreboard
and ``simulate --watch``'s final line show how far each player has come and why the game
ended ("Cleo reached the king's chamber"), never a column of zeros. Games that count
points keep them; the JSON documents keep their ``scores`` key (DESIGN.md).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from engines.replay import replay
from engines.wording import render_ending, scoreboard
from firmware.appliance.mirror import View, layout
from firmware.appliance.presenter import Presenter

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
POINTS = re.compile(r"\b(points?|pts|Punkte|punten)\b", re.IGNORECASE)


def replayed(name: str):  # type: ignore[no-untyped-def]
    return replay((DATA / name).read_text(encoding="utf-8").splitlines())


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "firmware.cli", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={"COLUMNS": "200", "PATH": "/usr/bin:/bin"},
    )


class _Referee:
    """What the presenter reads of a referee: its state."""

    def __init__(self, state: object) -> None:
        self.state = state


@pytest.mark.parametrize(
    ("log", "progress", "ending"),
    [
        ("bann-table-basic.jsonl", "adventures", "Cleo reached the king's chamber"),
        ("bann-advanced.jsonl", "adventures", "Ann reached the king's chamber"),
        (
            "gulogulo-race-default-board.jsonl",
            "space",
            "Ben reached the burial chamber and freed the mummy from its curse",
        ),
    ],
)
def test_a_race_shows_progress_and_why_it_ended(log: str, progress: str, ending: str) -> None:
    state = replayed(log).state
    board = scoreboard(state)
    assert not board.in_points
    assert board.columns == (progress,)
    assert board.heading == "Standings"
    winner = state.winners()[0]
    assert board.rows[winner] in {("king's chamber",), ("burial chamber",)}
    assert all(values != ("0",) for values in board.rows.values())
    assert render_ending(state) == ending
    # The OLED's scoreboard and its caption for a player's status: progress, not points.
    presenter = Presenter("en")
    title, rows = presenter.standings(_Referee(state))  # type: ignore[arg-type]
    assert title == progress and dict(rows) == {p: v[0] for p, v in board.rows.items()}


def test_an_unfinished_race_shows_each_players_progress() -> None:
    state = replayed("bann-full-deck.jsonl").state
    board = scoreboard(state, "de")
    assert board.columns == ("Abenteuer",) and board.heading == "Spielstand"
    assert board.rows == {"Ann": ("1/2",), "Ben": ("1/2",)}
    assert render_ending(state) == ""
    gulo = scoreboard(replayed("gulogulo-basic-table-unfinished.jsonl").state, "nl")
    assert gulo.columns == ("vak",)
    assert all(re.fullmatch(r"\d+/\d+", v[0]) for v in gulo.rows.values())


def test_bann_with_minus_points_shows_them() -> None:
    state = replayed("bann-minus-points.jsonl").state
    board = scoreboard(state)
    assert board.in_points
    assert board.columns == ("points", "adventures")
    assert {p: v[0] for p, v in board.rows.items()} == {"Ann": "0", "Ben": "-9", "Cleo": "-25"}
    assert render_ending(state) == "The last round is over: Ann reached the king's chamber"


def test_games_in_points_keep_their_points() -> None:
    ankh = scoreboard(replayed("ankh-table-50-three-players.jsonl").state)
    assert ankh.in_points and ankh.columns == ("points",)
    assert ankh.rows == {"Ann": ("56",), "Ben": ("15",), "Cleo": ("23",)}
    tut = scoreboard(replayed("otb2004-2p-out-of-coins.jsonl").state)
    assert tut.columns == ("points", "coins left")


@pytest.mark.parametrize("log", ["bann-table-basic.jsonl", "gulogulo-race-default-board.jsonl"])
def test_the_replay_shows_no_points_column(log: str) -> None:
    run = cli("replay", str(DATA / log))
    assert run.returncode == 0, run.stderr
    assert not POINTS.search(run.stdout), run.stdout
    assert "reached the" in run.stdout
    # The JSON document keeps its documented keys.
    doc = json.loads(cli("replay", str(DATA / log), "--json").stdout)
    assert set(doc["scores"]) == set(doc["players"])


@pytest.mark.parametrize(
    ("game", "lang"), [("bann", "en"), ("gulogulo", "en"), ("bann", "de"), ("gulogulo", "nl")]
)
def test_the_watched_game_ends_with_why_not_with_points(game: str, lang: str) -> None:
    run = cli("simulate", "--game", game, "--watch", "--delay", "0", "--players", "3", "--lang", lang)
    assert run.returncode == 0, run.stderr
    final = run.stdout.rsplit("───", 1)[1]  # after the final rule: why it ended, the standings
    assert not POINTS.search(final), final
    reached = {"en": "reached the", "de": "erreicht", "nl": "bereikt"}[lang]
    assert reached in final.splitlines()[1], final
    assert "/" in final.splitlines()[2]  # each player's progress


def test_the_terminal_mirror_of_a_race_has_no_points() -> None:
    state = replayed("gulogulo-race-default-board.jsonl").state
    board = Presenter("en").scoreboard(_Referee(state))  # type: ignore[arg-type]
    rows = [[name, *values] for name, values in board.rows.items()]
    frame = Image.new("1", (128, 64))
    view = View.of(frame, "caption", board.columns, rows, [], "table PIN 1234", "", board.heading)
    text = layout(view, 120, 40).plain
    assert "Standings" in text and "space" in text and "burial chamber" in text
    assert not POINTS.search(text)


def test_the_list_of_stored_games_shows_no_zeros_for_a_race(tmp_path: Path) -> None:
    import random

    from engines import game_class
    from engines.playout import play_random
    from firmware.appliance.store import Store
    from firmware.referees.referee import Referee

    store = Store(tmp_path / "scarab.db")
    for game in ("gulogulo", "ankh"):
        header = game_class(game).simulation_header(["Ann", "Ben"], 3, None)
        referee = Referee.start(store, header)
        for action in play_random(header, random.Random(3)).actions:
            referee.act(action)
    run = cli("games", "--db", str(store.path))
    assert run.returncode == 0, run.stderr
    results = {line.split("│")[3].strip(): line for line in run.stdout.splitlines() if "won by" in line}
    assert set(results) == {"gulogulo", "ankh"}
    assert " 0" not in results["gulogulo"].split("won by", 1)[1]  # the winner, no zeros
    assert re.search(r"Ann -?\d+, Ben -?\d+", results["ankh"])
