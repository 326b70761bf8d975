"""``scarab replay LOG`` for Im Bann der Pyramide, through the real command line.

- illegal input: one test per kind of rejection (each rule's code) — exit 3, exactly one
  JSON document ``{"error": {"code", "message", "line"}}`` on stdout, no traceback, the
  right line; in-process, the refused line leaves the state reached before it untouched;
- golden logs ``tests/data/bann-*.jsonl``, whose ``.expected.json`` were worked out by hand
  from the rules (every event and the final state), replayed and compared;
- random playouts written as logs replay to the same result.
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

from engines.bann.game import Bann
from engines.playout import play_random
from engines.replay import LogError, apply_line, parse_line, replay

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
EXIT_REJECTED = 3
ABC = ["Ann", "Ben", "Cleo"]
FIVE = ["Ann", "Ben", "Cleo", "Dirk", "Eva"]


def head(**fields: Any) -> dict[str, Any]:
    return {"game": "bann", "players": ABC, "adventures": [5, 6], "chamber": 7, **fields}


def line(player: str, move: str, **fields: Any) -> dict[str, Any]:
    return {"player": player, "move": move, **fields}


def draw(player: str, count: int = 1) -> dict[str, Any]:
    return line(player, "draw", count=count)


def play(player: str, card: str, **fields: Any) -> dict[str, Any]:
    return line(player, "play", card=card, **fields)


def log_lines(header: dict[str, Any] | str, actions: list[dict[str, Any] | str]) -> list[str]:
    lines = [header if isinstance(header, str) else json.dumps(header)]
    lines += [a if isinstance(a, str) else json.dumps(a) for a in actions]
    return lines


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "firmware.cli", *args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def rejected_json(path: Path) -> dict[str, Any]:
    proc = run_cli("replay", str(path), "--json")
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == EXIT_REJECTED, (proc.returncode, proc.stdout, proc.stderr)
    doc = json.loads(proc.stdout)  # exactly one JSON document
    assert isinstance(doc, dict) and set(doc) == {"error"}, doc
    error = doc["error"]
    assert set(error) == {"code", "message", "line"}, error
    assert isinstance(error["message"], str) and error["message"].strip()
    return error


def assert_refused(tmp_path: Path, lines: list[str], code: str) -> None:
    """The last line is refused with ``code``: by the CLI (exit 3, that line named) and in
    the engine, where it leaves the state reached by the lines before it untouched."""
    bad = len(lines)
    log = tmp_path / "game.jsonl"
    log.write_text("\n".join([*lines, '{"player": "Ann", "move": "draw", "count": 1}']) + "\n", "utf-8")
    error = rejected_json(log)
    assert (error["code"], error["line"]) == (code, bad), error
    before = replay(lines[:-1])
    snapshot = json.dumps(before.state.to_json(), sort_keys=True)
    with pytest.raises(LogError) as info:
        apply_line(before, parse_line(lines[-1], bad), bad)
    assert (info.value.code, info.value.line) == (code, bad)
    assert json.dumps(before.state.to_json(), sort_keys=True) == snapshot


# Ben stands at the king's chamber (adventures [1], chamber 9); Cleo put the mummy on Ann.
MUMMY_AT_ANN = [
    draw("Ann"),
    play("Ben", "ladder-1"),
    line("Ben", "complete"),
    line("Ben", "arrow", kind="ladder"),
    draw("Ben"),
    play("Cleo", "mummy", to="Ann"),
    line("Cleo", "end"),
]
# Five players draw until every hand holds 10 cards: the pile holds 29 - 25 = 4.
FULL_HANDS = [draw(p, 2) for p in FIVE] * 2 + [draw(p, 1) for p in FIVE]
# Ann enters the chamber 1 at once (minus-points variant: the round goes on).
ANN_IN_THE_CHAMBER = [
    play("Ann", "ladder-1"),
    line("Ann", "complete"),
    line("Ann", "arrow", kind="ladder"),
    play("Ann", "ladder-1"),
    line("Ann", "complete"),
]

CASES: list[tuple[str, dict[str, Any], list[dict[str, Any] | str]]] = [
    ("out-of-turn", head(), [draw("Ben")]),
    ("unknown-player", head(), [draw("Zed")]),
    ("malformed-action", head(), [line("Ann", "draw", count="2")]),
    ("wrong-move", head(), [line("Ann", "complete")]),
    ("bad-count", head(), [draw("Ann", 3)]),
    ("hand-limit", head(), [draw("Ann", 2), draw("Ben"), draw("Cleo")] * 2 + [draw("Ann", 2)]),
    ("not-enough-cards", head(players=FIVE), [*FULL_HANDS, line("Ann", "swap", count=5)]),
    ("not-in-hand", head(), [play("Ann", "ladder-5"), line("Ann", "end"), play("Ben", "ladder-5")]),
    ("unknown-card", head(), [play("Ann", "ladder-6")]),
    ("wrong-kind", head(), [play("Ann", "rope-1")]),
    ("one-special", head(), [play("Ann", "protection"), play("Ann", "scarab")]),
    ("special-after-equipment", head(), [play("Ann", "ladder-5"), play("Ann", "magic", kind="rope")]),
    ("one-equipment", head(), [play("Ann", "ladder-5"), play("Ann", "ladder-1")]),
    ("unknown-kind", head(), [play("Ann", "magic", kind="shovel")]),
    ("mummy-to-self", head(), [play("Ann", "mummy", to="Ann")]),
    (
        "player-finished",
        head(adventures=[1], chamber=1, variant="minus-points"),
        [*ANN_IN_THE_CHAMBER, play("Ben", "mummy", to="Ann")],
    ),
    (
        "advanced-only",
        head(),
        [play("Ann", "ladder-3"), draw("Ben"), draw("Cleo"), play("Ann", "curse", remove="ladder-3")],
    ),
    (
        "not-in-display",
        head(),
        [
            play("Ann", "protection"),
            play("Ann", "ladder-2"),
            play("Ben", "curse"),
            line("Ann", "discard", card="ladder-4"),
        ],
    ),
    (
        "mummy-stays",
        head(),
        [
            play("Ann", "mummy", to="Ben"),
            line("Ann", "end"),
            play("Ben", "protection"),
            play("Ben", "ladder-1"),
            play("Cleo", "curse"),
            line("Ben", "discard", card="mummy"),
        ],
    ),
    (
        "adventure-not-reached",
        head(),
        [play("Ann", "scarab"), play("Ann", "ladder-2"), line("Ann", "complete")],
    ),
    (
        "chamber-not-exact",
        head(adventures=[1], chamber=7),
        [
            play("Ann", "ladder-1"),
            line("Ann", "complete"),
            line("Ann", "arrow", kind="ladder"),
            play("Ann", "scarab"),
            play("Ann", "ladder-4"),
            play("Ann", "ladder-4"),
            line("Ann", "complete"),
        ],
    ),
    (
        "no-mummy",
        head(),
        [play("Ann", "magic", kind="rope"), line("Ann", "give-mummy", to="Ben", cards=["rope-3"])],
    ),
    (
        "nobody-at-chamber",
        head(),
        [
            play("Ann", "mummy", to="Ben"),
            line("Ann", "end"),
            play("Ben", "magic", kind="ladder"),
            line("Ben", "give-mummy", to="Ann", cards=["ladder-3"]),
        ],
    ),
    (
        "not-at-chamber",
        head(adventures=[1], chamber=9),
        [
            *MUMMY_AT_ANN,
            play("Ann", "magic", kind="ladder"),
            line("Ann", "give-mummy", to="Cleo", cards=["ladder-3"]),
        ],
    ),
    (
        "not-equipment",
        head(adventures=[1], chamber=9),
        [
            *MUMMY_AT_ANN,
            play("Ann", "magic", kind="ladder"),
            line("Ann", "give-mummy", to="Ben", cards=["protection"]),
        ],
    ),
    (
        "mummy-discard-too-low",
        head(adventures=[1], chamber=9),
        [
            *MUMMY_AT_ANN,
            play("Ann", "magic", kind="ladder"),
            play("Ann", "ladder-2"),  # 2: too little to pass the mummy, the turn ends
            draw("Ben"),
            draw("Cleo"),
            play("Ann", "scarab"),
            line("Ann", "give-mummy", to="Ben", cards=["ladder-2"]),
        ],
    ),
]


@pytest.mark.parametrize(("code", "header", "actions"), CASES, ids=[c[0] for c in CASES])
def test_an_illegal_line_is_refused_with_its_rule(
    tmp_path: Path, code: str, header: dict[str, Any], actions: list[dict[str, Any] | str]
) -> None:
    assert_refused(tmp_path, log_lines(header, actions), code)


def test_a_line_after_the_end_is_refused(tmp_path: Path) -> None:
    lines = (DATA / "bann-table-basic.jsonl").read_text("utf-8").splitlines()
    assert_refused(tmp_path, [*lines, json.dumps(draw("Ann"))], "game-over")


def test_a_line_that_is_not_json_is_refused(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    log.write_text("\n".join(log_lines(head(), [draw("Ann"), "{oops", draw("Cleo")])) + "\n", "utf-8")
    error = rejected_json(log)
    assert (error["code"], error["line"]) == ("malformed-json", 3)


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"players": ["Ann"]}, "player-count"),
        ({"players": "Ann,Ben"}, "bad-players"),
        ({"mode": "camera"}, "bad-mode"),
        ({"variant": "expert"}, "bad-variant"),
        ({"side": 2}, "bad-side"),
        ({"adventures": [5, "6"]}, "bad-adventures"),
        ({"chamber": 100}, "bad-chamber"),
        ({"mode": "full", "seed": 3, "deck": ["magic"]}, "bad-deck"),
        ({"mode": "full"}, "missing-seed"),
        ({"seed": "7"}, "bad-seed"),
        ({"game": "bann-der-pyramide"}, "unknown-game"),
    ],
    ids=lambda v: v if isinstance(v, str) else None,
)
def test_a_header_that_cannot_start_a_game_is_refused(
    tmp_path: Path, fields: dict[str, Any], code: str
) -> None:
    log = tmp_path / "game.jsonl"
    log.write_text(json.dumps({**head(), **fields}) + "\n", "utf-8")
    error = rejected_json(log)
    assert (error["code"], error["line"]) == (code, 1)
    assert error["message"].startswith("bad header: ")


# -------------------------------------------------------------------- golden logs

GOLDEN = sorted(p.name.removesuffix(".expected.json") for p in DATA.glob("bann-*.expected.json"))


def test_the_golden_logs_cover_table_mode_full_mode_and_both_variants() -> None:
    assert sorted(p.stem for p in DATA.glob("bann-*.jsonl")) == GOLDEN
    headers = [json.loads((DATA / f"{n}.jsonl").read_text("utf-8").splitlines()[0]) for n in GOLDEN]
    assert {h.get("mode", "table") for h in headers} == {"table", "full"}
    variants = {v for h in headers for v in ([h["variant"]] if isinstance(h.get("variant"), str) else [])}
    assert variants == {"advanced", "minus-points"}


@pytest.mark.parametrize("name", GOLDEN)
def test_golden_log(name: str) -> None:
    expected = json.loads((DATA / f"{name}.expected.json").read_text(encoding="utf-8"))
    proc = run_cli("replay", str(DATA / f"{name}.jsonl"), "--json")
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 0, proc.stdout + proc.stderr
    doc = json.loads(proc.stdout)
    diffs: dict[str, Any] = {}
    for key in ("game", "edition", "players", "scores", "finished", "to_act", "winners", "events"):
        if doc[key] != expected[key]:
            diffs[key] = {"engine": doc[key], "by hand": expected[key]}
    for key, wanted in expected["state"].items():
        if doc["state"].get(key) != wanted:
            diffs[f"state.{key}"] = {"engine": doc["state"].get(key), "by hand": wanted}
    assert diffs == {}
    totals: Counter[str] = Counter()
    for event in doc["events"]:
        totals.update(event.get("awards", {}))
    assert {p: totals[p] for p in doc["players"]} == doc["scores"]


def test_golden_log_in_words(tmp_path: Path) -> None:
    """The human summary and the prompt in German and Dutch."""
    log = tmp_path / "open.jsonl"
    lines = (DATA / "bann-table-basic.jsonl").read_text("utf-8").splitlines()[:17]
    log.write_text("\n".join(lines) + "\n", "utf-8")
    proc = run_cli("replay", str(log))
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    for lang, word in (("en", "curse"), ("de", "Fluch"), ("nl", "vloek")):
        proc = run_cli("replay", str(log), "--json", "--lang", lang)
        doc = json.loads(proc.stdout)
        assert doc["to_act"] == "Ben" and word in doc["prompt"], doc["prompt"]


@pytest.mark.parametrize(
    ("players", "seed", "variant"), [(2, 1, "advanced"), (4, 2, None), (5, 3, "minus-points")]
)
def test_random_playout_round_trips_through_the_cli(
    tmp_path: Path, players: int, seed: int, variant: str | None
) -> None:
    header = Bann.simulation_header(FIVE[:players], seed)
    if variant:
        header["variant"] = variant
    game = play_random(header, random.Random(seed))
    log = tmp_path / "game.jsonl"
    log.write_text("\n".join(log_lines(game.header, list(game.actions))) + "\n", "utf-8")
    proc = run_cli("replay", str(log), "--json")
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stdout + proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["finished"] is True and doc["to_act"] is None
    assert doc["scores"] == game.state.scores() and doc["winners"] == game.state.winners()
    assert doc["events"] == json.loads(json.dumps(game.events))
    assert doc["state"] == json.loads(json.dumps(game.state.public_state()))
