"""``scarab replay LOG`` for Ankh logs, through the real command line.

- Refused input: one test per kind of rejection (each rule's code) — exit 3, exactly one
  JSON document ``{"error": {"code", "message", "line"}}`` on stdout under ``--json``, no
  traceback, the right line, and nothing after the bad line applied.
- Golden logs ``tests/data/ankh-*.jsonl``: games whose results (``*.expected.json``) were
  worked out by hand (the table-mode 50-point game is also the example of
  docs/game-logs-ankh.md, where its lines are explained).
- A random full-mode playout written as a log replays to the same result.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engines.ankh.game import Ankh
from engines.playout import play_random
from engines.replay import LogError, apply_line, parse_line, replay

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
EXIT_REJECTED = 3

YGBR5 = {"rank": ["yellow", "green", "blue", "red"], "threshold": 5}
RBGY3 = {"rank": ["red", "blue", "green", "yellow"], "threshold": 3}
HEADER: dict[str, Any] = {"game": "ankh", "players": ["Ann", "Ben", "Cleo"], "papyrus": YGBR5}
# The same table with the default box declared: a table that counts cards (decision K21).
BOXED: dict[str, Any] = {
    **HEADER,
    "deck": json.loads((ROOT / "engines" / "ankh" / "data" / "deck.json").read_text(encoding="utf-8")),
}


def play(player: str, card: str) -> dict[str, Any]:
    return {"player": player, "move": "play", "card": card}


def papyrus(player: str, pap: dict[str, Any]) -> dict[str, Any]:
    return {"player": player, "move": "play", "papyrus": pap}


def sacrifice(player: str, count: Any) -> dict[str, Any]:
    return {"player": player, "move": "sacrifice", "count": count}


OPENING = [play("Ann", "green-1"), play("Ben", "yellow-4"), sacrifice("Cleo", 2)]  # lines 2-4; Ann next
# Lines that would be legal after the opening, then a broken line: neither is ever read.
TRAILER = [json.dumps(play("Ann", "green-2")), json.dumps(play("Ben", "blue-3")), "{broken"]


def log_lines(head: dict[str, Any], actions: list[dict[str, Any] | str]) -> list[str]:
    return [json.dumps(head)] + [a if isinstance(a, str) else json.dumps(a) for a in actions]


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "firmware.cli", *args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def rejected(tmp_path: Path, lines: list[str]) -> dict[str, Any]:
    """Run ``scarab replay LOG --json`` expecting a rejection; return the error object."""
    log = tmp_path / "game.jsonl"
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    proc = run_cli("replay", str(log), "--json")
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == EXIT_REJECTED, (proc.returncode, proc.stdout, proc.stderr)
    doc = json.loads(proc.stdout)  # exactly one JSON document
    assert isinstance(doc, dict) and set(doc) == {"error"}, doc
    error = doc["error"]
    assert set(error) == {"code", "message", "line"}, error
    assert isinstance(error["message"], str) and error["message"].strip()
    return error


def assert_refused(tmp_path: Path, lines: list[str], bad: int, code: str) -> None:
    """The CLI names line ``bad`` with ``code``; in the engine, the bad line leaves the state
    reached by the lines before it untouched."""
    error = rejected(tmp_path, lines)
    assert (error["code"], error["line"]) == (code, bad), error
    with pytest.raises(LogError) as info:
        replay(lines)
    assert (info.value.code, info.value.line) == (code, bad)
    if bad > 1:
        before = replay(lines[: bad - 1])
        snapshot = json.dumps(before.state.to_json(), sort_keys=True)
        with pytest.raises(LogError):
            apply_line(before, parse_line(lines[bad - 1], bad), bad)
        assert json.dumps(before.state.to_json(), sort_keys=True) == snapshot


# --------------------------------------------------------------- refused actions


def test_out_of_turn(tmp_path: Path) -> None:
    lines = log_lines(HEADER, [*OPENING, play("Ben", "green-2"), *TRAILER])
    assert_refused(tmp_path, lines, bad=5, code="out-of-turn")


def test_unknown_player(tmp_path: Path) -> None:
    lines = log_lines(HEADER, [*OPENING, play("Zed", "green-2"), *TRAILER])
    assert_refused(tmp_path, lines, bad=5, code="unknown-player")


def test_unknown_move(tmp_path: Path) -> None:
    lines = log_lines(HEADER, [*OPENING, {"player": "Ann", "move": "draw"}, *TRAILER])
    assert_refused(tmp_path, lines, bad=5, code="wrong-move")


@pytest.mark.parametrize(
    "bad_line",
    [
        pytest.param({"player": "Ann", "move": "play"}, id="neither-card-nor-papyrus"),
        pytest.param({**play("Ann", "green-2"), "papyrus": RBGY3}, id="card-and-papyrus"),
        pytest.param({"player": "Ann", "move": "play", "card": 7}, id="card-not-a-string"),
        pytest.param(papyrus("Ann", {"rank": ["red", "blue"], "threshold": 3}), id="short-rank"),
        pytest.param(papyrus("Ann", {"rank": ["red", "blue", "green", "yellow"]}), id="no-threshold"),
        pytest.param(papyrus("Ann", "papyrus-red-blue-green-yellow-3"), id="papyrus-as-string"),
        pytest.param(sacrifice("Ann", "2"), id="count-string"),
        pytest.param(sacrifice("Ann", True), id="count-bool"),
        pytest.param({"player": "Ann", "move": ["play"], "card": "green-2"}, id="move-list"),
        pytest.param({"player": "Ann", "card": "green-2"}, id="no-move"),
    ],
)
def test_malformed_action(tmp_path: Path, bad_line: dict[str, Any]) -> None:
    lines = log_lines(HEADER, [*OPENING, bad_line, *TRAILER])
    assert_refused(tmp_path, lines, bad=5, code="malformed-action")


@pytest.mark.parametrize("card", ["green-6", "purple-2", "green", "papyrus-red-blue-green-yellow-3"])
def test_unknown_card(tmp_path: Path, card: str) -> None:
    lines = log_lines(HEADER, [*OPENING, play("Ann", card), *TRAILER])
    assert_refused(tmp_path, lines, bad=5, code="unknown-card")


def test_papyrus_not_in_the_deck(tmp_path: Path) -> None:
    bad = papyrus("Ann", {"rank": ["red", "blue", "green", "yellow"], "threshold": 9})
    lines = log_lines(BOXED, [*OPENING, bad, *TRAILER])
    assert_refused(tmp_path, lines, bad=5, code="unknown-card")


def test_table_mode_card_whose_copies_are_all_seen(tmp_path: Path) -> None:
    # The default box holds 3 green 5s; the 4th is refused.
    actions = [
        play("Ann", "green-5"),
        play("Ben", "green-5"),
        play("Cleo", "green-5"),
        play("Ann", "green-5"),
    ]
    lines = log_lines(BOXED, [*actions, *TRAILER])
    assert_refused(tmp_path, lines, bad=5, code="card-not-available")


def test_table_mode_face_up_papyrus_played_again(tmp_path: Path) -> None:
    lines = log_lines(BOXED, [*OPENING, papyrus("Ann", YGBR5), *TRAILER])
    assert_refused(tmp_path, lines, bad=5, code="card-not-available")


def test_full_mode_card_not_in_hand(tmp_path: Path) -> None:
    # Every card of this box is a yellow 5 or the one papyrus: a red 3 is in nobody's hand.
    head = {
        "game": "ankh",
        "players": ["Ann", "Ben"],
        "mode": "full",
        "seed": 1,
        "deck": {"mummies": {"yellow-5": 14, "red-3": 0}, "papyri": [RBGY3]},
    }
    lines = log_lines(head, [play("Ann", "yellow-5"), play("Ben", "red-3"), *TRAILER])
    assert_refused(tmp_path, lines, bad=3, code="unknown-card")
    head["deck"]["mummies"]["red-3"] = 1
    lines = log_lines(head, [play("Ann", "yellow-5"), sacrifice("Ben", 1), papyrus("Ann", RBGY3), *TRAILER])
    # The papyrus is face up, so it is in no hand; the lone red 3 is in the draw pile or a hand.
    assert_refused(tmp_path, lines, bad=4, code="card-not-in-hand")


@pytest.mark.parametrize(("count", "bad"), [(0, 5), (5, 5), (-1, 5)])
def test_sacrifice_count_outside_the_hand(tmp_path: Path, count: int, bad: int) -> None:
    lines = log_lines(HEADER, [*OPENING, sacrifice("Ann", count), *TRAILER])
    assert_refused(tmp_path, lines, bad=bad, code="sacrifice-count")


def test_action_after_the_game_is_over(tmp_path: Path) -> None:
    lines = (DATA / "ankh-table-50-three-players.jsonl").read_text(encoding="utf-8").splitlines()
    lines += [json.dumps(sacrifice("Ben", 1)), *TRAILER]
    assert_refused(tmp_path, lines, bad=33, code="game-over")


def test_malformed_json_line(tmp_path: Path) -> None:
    lines = log_lines(HEADER, [*OPENING, '{"player": "Ann", "move": "play"', *TRAILER])
    assert_refused(tmp_path, lines, bad=5, code="malformed-json")


# ---------------------------------------------------------------- refused headers


@pytest.mark.parametrize(
    ("change", "code"),
    [
        pytest.param({"papyrus": None}, "missing-papyrus", id="table-mode-without-papyrus"),
        pytest.param({"mode": "sim"}, "bad-mode", id="bad-mode"),
        pytest.param({"target": "fifty"}, "bad-target", id="bad-target"),
        pytest.param({"papyrus": {"rank": ["red"], "threshold": 3}}, "bad-papyrus", id="bad-papyrus"),
        pytest.param(
            {"papyrus": {"rank": ["red", "blue", "green", "yellow"], "threshold": 6}},
            "papyrus-not-in-deck",
            id="papyrus-not-in-deck",
        ),
        pytest.param({"deck": {"mummies": {}, "papyri": "none"}}, "bad-deck", id="bad-deck"),
        pytest.param(
            {"deck": {"mummies": {"red-1": 5}, "papyri": [YGBR5]}}, "deck-too-small", id="small-deck"
        ),
        pytest.param({"mode": "full", "papyrus": None}, "missing-seed", id="full-mode-without-seed"),
        pytest.param({"players": ["Ann"]}, "player-count", id="one-player"),
        pytest.param({"players": ["Ann", "Ann"]}, "bad-players", id="same-name-twice"),
    ],
)
def test_bad_header(tmp_path: Path, change: dict[str, Any], code: str) -> None:
    head = {**BOXED, **change}
    head = {k: v for k, v in head.items() if v is not None}
    error = rejected(tmp_path, log_lines(head, [play("Ann", "green-1"), *TRAILER]))
    assert (error["code"], error["line"]) == (code, 1)


# -------------------------------------------------------------------- golden logs

GOLDEN = sorted(p.name.removesuffix(".expected.json") for p in DATA.glob("ankh-*.expected.json"))


def test_every_golden_log_has_an_expected_file() -> None:
    assert sorted(p.stem for p in DATA.glob("ankh-*.jsonl")) == GOLDEN
    assert len(GOLDEN) >= 3
    heads = [json.loads((DATA / f"{n}.jsonl").read_text("utf-8").splitlines()[0]) for n in GOLDEN]
    assert {h.get("target", 50) for h in heads} >= {50, 100, 150}, "every target variant"
    assert {h.get("mode", "table") for h in heads} == {"table", "full"}, "both modes"


@pytest.mark.parametrize("name", GOLDEN)
def test_golden_log(name: str) -> None:
    expected = json.loads((DATA / f"{name}.expected.json").read_text(encoding="utf-8"))
    proc = run_cli("replay", str(DATA / f"{name}.jsonl"), "--json")
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 0, proc.stdout + proc.stderr
    doc = json.loads(proc.stdout)
    diffs: dict[str, Any] = {}

    def check(key: str, actual: Any, wanted: Any) -> None:
        if actual != wanted:
            diffs[key] = {"engine": actual, "by hand": wanted}

    for key in ("game", "players", "scores", "finished", "winners", "to_act", "prompt"):
        check(key, doc[key], expected[key])
    scored = [[e["player"], e["trigger"], e["awards"]] for e in doc["events"] if e["type"] == "scored"]
    check("scored", scored, expected["scored"])
    reshuffled = [e["cards"] for e in doc["events"] if e["type"] == "reshuffled"]
    check("reshuffled", reshuffled, expected["reshuffled"])
    for key, wanted in expected["state"].items():
        check(f"state.{key}", doc["state"].get(key), wanted)
    assert diffs == {}
    totals: Counter[str] = Counter()
    for event in doc["events"]:
        totals.update(event.get("awards", {}))
    assert {p: totals[p] for p in doc["players"]} == doc["scores"]


def test_golden_log_human_mode() -> None:
    proc = run_cli("replay", str(DATA / "ankh-table-100-reshuffles.jsonl"))
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 0
    assert "SCORING at 3 mummies" in proc.stdout and "105" in proc.stdout


def test_random_full_mode_playout_round_trips_through_the_cli(tmp_path: Path) -> None:
    game = play_random(Ankh.simulation_header(["Ann", "Ben", "Cleo", "Dirk"], 77), random.Random(77))
    assert game.state.finished
    log = tmp_path / "random.jsonl"
    log.write_text("\n".join(log_lines(game.header, list(game.actions))) + "\n", encoding="utf-8")
    proc = run_cli("replay", str(log), "--json")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["scores"] == game.state.scores() and doc["winners"] == game.state.winners()
    assert doc["events"] == json.loads(json.dumps(game.events))
    assert doc["state"] == json.loads(json.dumps(game.state.public_state()))
