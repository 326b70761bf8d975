"""``scarab replay LOG`` for Pharaoh's Gulo Gulo through the real command line.

- One test per kind of refused line or header: exit 3, exactly one JSON document
  ``{"error": {"code", "message", "line"}}`` on stdout, the rule's code and the line, no
  traceback — and, in-process, the refused line leaves the state as the lines before it
  made it.
- Golden logs ``tests/data/gulogulo-*.jsonl`` (every variant, table mode, one unfinished
  game) against ``*.expected.json`` worked out by hand: every event and the ``state``.
- Random full-mode playouts written as logs replay through the CLI to the same result.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engines.gulogulo.game import GuloGulo
from engines.playout import play_random
from engines.replay import LogError, apply_line, parse_line, replay

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
EXIT_REJECTED = 3

# The board of docs/game-logs-gulogulo.md: 0 start; 1, 2 desert (2: scarab); 3 entrance;
# 4 pyramid (scarab), 5 pyramid (1 mummy symbol), 6 pyramid; 7 front; 8 chamber.
BOARD: dict[str, Any] = {
    "boulders": {"red": 2, "blue": 3, "yellow": 3},
    "markers": {
        "desert": {"red": 1, "blue": 1, "yellow": 1},
        "pyramid": {"red": 2, "blue": 2, "yellow": 2},
        "chamber": {"red": 1, "blue": 1, "yellow": 1},
    },
    "spaces": [
        {"area": "start"},
        {"area": "desert", "marker": True},
        {"area": "desert", "marker": True, "scarab": True},
        {"area": "entrance"},
        {"area": "pyramid", "marker": True, "scarab": True},
        {"area": "pyramid", "marker": True, "mummy": 1},
        {"area": "pyramid", "marker": True},
        {"area": "front", "marker": True},
        {"area": "chamber"},
    ],
}
HEADER: dict[str, Any] = {"game": "gulogulo", "players": ["Ann", "Ben"], "board": BOARD}


def reveal(p: str, c: str) -> dict[str, Any]:
    return {"player": p, "move": "reveal", "colour": c}


def choose(p: str, c: str) -> dict[str, Any]:
    return {"player": p, "move": "choose", "colour": c}


def clean(p: str) -> dict[str, Any]:
    return {"player": p, "move": "pull", "result": "clean"}


def slide(p: str, *fell: str) -> dict[str, Any]:
    return {"player": p, "move": "pull", "result": "landslide", "fell": list(fell)}


def move(p: str, d: str) -> dict[str, Any]:
    return {"player": p, "move": "move", "direction": d}


# Lines 2-5: Ann reveals red (desert 1) and moves there; Ben reveals blue (desert 2, a
# scarab space) and moves there. Line 6 is Ann's turn to explore.
OPENING = [reveal("Ann", "red"), clean("Ann"), reveal("Ben", "blue"), clean("Ben")]
# Lines 6-9 after it: Ann reveals yellow (pyramid 4) and moves there; Ben reveals red
# (pyramid 5) and pulls cleanly: red lies ahead (5) and behind (1), so line 10 is Ben's
# "move".
TO_MOVE = [*OPENING, reveal("Ann", "yellow"), clean("Ann"), reveal("Ben", "red"), clean("Ben")]
# Appended after every bad line: nothing after the bad line is read.
TRAILER = ['{"player": "Ann", "move": "reveal", "colour": "blue"}', "{broken"]


def log_lines(head: dict[str, Any] | str, actions: list[dict[str, Any] | str]) -> list[str]:
    lines = [head if isinstance(head, str) else json.dumps(head)]
    return lines + [a if isinstance(a, str) else json.dumps(a) for a in actions]


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "firmware.cli", *args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def rejected(tmp_path: Path, lines: list[str]) -> dict[str, Any]:
    log = tmp_path / "game.jsonl"
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    proc = run_cli("replay", str(log), "--json")
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == EXIT_REJECTED, (proc.returncode, proc.stdout, proc.stderr)
    doc = json.loads(proc.stdout)  # exactly one JSON document
    assert set(doc) == {"error"} and set(doc["error"]) == {"code", "message", "line"}, doc
    assert isinstance(doc["error"]["message"], str) and doc["error"]["message"].strip()
    return dict(doc["error"])


def assert_refused(tmp_path: Path, lines: list[str], bad: int, code: str) -> None:
    error = rejected(tmp_path, lines)
    assert (error["code"], error["line"]) == (code, bad), error
    before = replay(lines[: bad - 1])
    snapshot = json.dumps(before.state.to_json(), sort_keys=True)
    with pytest.raises(LogError) as info:
        apply_line(before, parse_line(lines[bad - 1], bad), bad)
    assert (info.value.code, info.value.line) == (code, bad)
    assert json.dumps(before.state.to_json(), sort_keys=True) == snapshot


# A three-marker board for the end of the markers: 0 start; 1 desert; 2 entrance;
# 3 pyramid (scarab); 4 front; 5 chamber.
TINY: dict[str, Any] = {
    **BOARD,
    "spaces": [
        {"area": "start"},
        {"area": "desert", "marker": True},
        {"area": "entrance"},
        {"area": "pyramid", "marker": True, "scarab": True},
        {"area": "front", "marker": True},
        {"area": "chamber"},
    ],
}
# Ben reaches the space before the chamber with one scarab (the walkthrough is in
# test_the_walk_to_the_chamber_of_the_too_few_scarabs_case).
TO_FRONT = [
    *OPENING,
    reveal("Ann", "yellow"), clean("Ann"),
    reveal("Ben", "blue"), clean("Ben"),
    reveal("Ann", "yellow"), clean("Ann"),
    reveal("Ben", "red"), clean("Ben"), move("Ben", "forwards"),
]  # fmt: skip

# On TINY, every marker face up after Ann's line 7 (she meets the mummy on the front,
# without a scarab, and goes back to the entrance).
ALL_REVEALED = [
    reveal("Ann", "red"), clean("Ann"),
    reveal("Ben", "blue"), clean("Ben"),
    reveal("Ann", "yellow"), clean("Ann"),
]  # fmt: skip
TO_PULL = [*OPENING, choose("Ann", "blue")]

CASES = {
    # kind: (header, actions before the bad line, bad line, expected code)
    "out-of-turn": (HEADER, OPENING, reveal("Ben", "yellow"), "out-of-turn"),
    "verb-not-possible-now": (HEADER, OPENING, clean("Ann"), "wrong-move"),
    "unknown-verb": (HEADER, OPENING, {"player": "Ann", "move": "dance"}, "wrong-move"),
    "unknown-player": (HEADER, OPENING, reveal("Zed", "yellow"), "unknown-player"),
    "no-move-field": (HEADER, OPENING, {"player": "Ann", "colour": "yellow"}, "malformed-action"),
    "colour-not-a-string": (HEADER, OPENING, {"player": "Ann", "move": "reveal", "colour": ["yellow"]},
                            "malformed-action"),
    "unknown-colour": (HEADER, OPENING, choose("Ann", "purple"), "unknown-colour"),
    "colour-not-revealed": (HEADER, OPENING, choose("Ann", "yellow"), "colour-not-revealed"),
    # Ann stands on desert 1, the only red space.
    "no-space-of-colour": (HEADER, OPENING, choose("Ann", "red"), "no-space-of-colour"),
    # The pyramid pile holds two yellow markers; pyramid 4 and 5 show them.
    "marker-colour": (HEADER, [*OPENING, reveal("Ann", "yellow"), clean("Ann"), reveal("Ben", "yellow"),
                      clean("Ben")], reveal("Ann", "yellow"), "marker-colour"),
    "no-marker-left": ({**HEADER, "board": TINY}, ALL_REVEALED, reveal("Ben", "red"), "no-marker-left"),
    "not-before-chamber": (HEADER, OPENING, {"player": "Ann", "move": "enter"}, "not-before-chamber"),
    "too-few-scarabs": (HEADER, TO_FRONT, {"player": "Ben", "move": "enter"}, "too-few-scarabs"),
    "bad-result": (HEADER, TO_PULL, {"player": "Ann", "move": "pull", "result": "maybe"}, "bad-result"),
    "nothing-fell": (HEADER, TO_PULL, slide("Ann"), "bad-fell"),
    # One red boulder is left in the trap (the other went on line 3).
    "too-many-fell": (HEADER, TO_PULL, slide("Ann", "red", "red"), "bad-fell"),
    "bad-direction": (HEADER, TO_MOVE, move("Ben", "sideways"), "bad-direction"),
}  # fmt: skip


@pytest.mark.parametrize("kind", list(CASES))
def test_a_refused_line_stops_the_replay(tmp_path: Path, kind: str) -> None:
    head, before, bad_line, code = CASES[kind]
    lines = log_lines(head, [*before, bad_line, *TRAILER])
    assert_refused(tmp_path, lines, bad=len(before) + 2, code=code)


def test_the_walk_to_the_chamber_of_the_too_few_scarabs_case() -> None:
    """By hand: Ann moves to 4 (a scarab: 1). Ben to 5 (one mummy symbol: the mummy
    steps 7 -> 6). Ann to 6, onto the mummy: her scarab goes. Ben reveals red for the
    front and pulls the last red boulder (the first went on line 3): the trap is rebuilt,
    he moves forwards to 7 with his one scarab, and explores again."""
    state = replay(log_lines(HEADER, TO_FRONT)).state
    assert isinstance(state, GuloGulo)
    assert state.positions == [6, 7] and state.scarabs == [0, 1] and state.mummy == [6, -1]
    assert state.to_act == "Ben" and state.phase == "explore"


def test_an_action_after_the_end_is_refused(tmp_path: Path) -> None:
    lines = (DATA / "gulogulo-adventurous.jsonl").read_text(encoding="utf-8").splitlines()
    lines += [json.dumps(reveal("Ann", "red")), *TRAILER]
    assert_refused(tmp_path, lines, bad=32, code="game-over")


HEADER_CASES = {
    "unknown-variant": {**HEADER, "variant": "turbo"},
    "unknown-mode": {**HEADER, "mode": "simulation"},
    "missing-seed": {**HEADER, "mode": "full"},
    "bad-board": {**HEADER, "board": {**BOARD, "spaces": BOARD["spaces"][1:]}},
    "bad-boulders": {**HEADER, "board": {**BOARD, "boulders": {"red": "two"}}},
    "bad-markers": {**HEADER, "board": {**BOARD, "markers": {**BOARD["markers"], "pyramid": {"red": 1}}}},
    "bad-space": {**HEADER, "board": {**BOARD, "spaces": [*BOARD["spaces"][:1], {"area": "desert"},
                                                          *BOARD["spaces"][2:]]}},
    "mummy-loop": {**HEADER, "board": {**BOARD, "spaces": [
        *BOARD["spaces"][:4], *({**s, "mummy": 1} for s in BOARD["spaces"][4:8]), BOARD["spaces"][8]]}},
    "player-count": {**HEADER, "players": ["Ann"]},
    "bad-players": {**HEADER, "players": ["Ann", "Ann"]},
}  # fmt: skip


@pytest.mark.parametrize("code", list(HEADER_CASES))
def test_a_refused_header_names_line_1(tmp_path: Path, code: str) -> None:
    error = rejected(tmp_path, log_lines(HEADER_CASES[code], [reveal("Ann", "red"), *TRAILER]))
    assert (error["code"], error["line"]) == (code, 1), error


# -------------------------------------------------------------------- golden logs

GOLDEN = sorted(p.name.removesuffix(".expected.json") for p in DATA.glob("gulogulo-*.expected.json"))


def test_every_golden_log_has_an_expected_file() -> None:
    assert sorted(p.stem for p in DATA.glob("gulogulo-*.jsonl")) == GOLDEN
    assert len(GOLDEN) >= 3
    variants = {json.loads((DATA / f"{n}.jsonl").read_text().splitlines()[0]).get("variant") for n in GOLDEN}
    assert variants == {None, "adventurous", "race"}


@pytest.mark.parametrize("name", GOLDEN)
def test_golden_log(name: str) -> None:
    expected = json.loads((DATA / f"{name}.expected.json").read_text(encoding="utf-8"))
    proc = run_cli("replay", str(DATA / f"{name}.jsonl"), "--json")
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 0, proc.stdout + proc.stderr
    doc = json.loads(proc.stdout)
    diffs = {}
    for key in ("game", "edition", "players", "scores", "finished", "winners", "to_act", "prompt", "events"):
        if doc[key] != expected[key]:
            diffs[key] = {"engine": doc[key], "by hand": expected[key]}
    for key, wanted in expected["state"].items():
        if doc["state"].get(key) != wanted:
            diffs[f"state.{key}"] = {"engine": doc["state"].get(key), "by hand": wanted}
    assert diffs == {}


def test_golden_log_human_mode() -> None:
    proc = run_cli("replay", str(DATA / "gulogulo-basic-mummy-and-chamber.jsonl"), "--lang", "de")
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 0
    assert "SPIELENDE" in proc.stdout and "Ann hat die Grabkammer erreicht" in proc.stdout  # why it ended
    assert "Punkte" not in proc.stdout  # a race: the standings show spaces, not points


# --------------------------------------------------------------------- round trip


@pytest.mark.parametrize(
    ("variant", "players", "seed"), [("basic", 2, 1), ("adventurous", 4, 2), ("race", 6, 3)]
)
def test_random_playout_round_trips_through_the_cli(
    tmp_path: Path, variant: str, players: int, seed: int
) -> None:
    names = ["Ann", "Ben", "Cleo", "Dirk", "Eva", "Finn"][:players]
    header = {**GuloGulo.simulation_header(names, seed), "variant": variant}
    game = play_random(header, random.Random(seed))
    log = tmp_path / "game.jsonl"
    log.write_text("\n".join(log_lines(game.header, list(game.actions))) + "\n", encoding="utf-8")
    proc = run_cli("replay", str(log), "--json")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["finished"] is True and doc["winners"] == game.state.winners()
    assert doc["events"] == json.loads(json.dumps(game.events))
    assert doc["state"] == json.loads(json.dumps(game.state.public_state()))
