"""``scarab replay LOG`` through the real command line (DESIGN.md, "Game logs").

Three parts:
- illegal input: one test per kind of rejection — exit 3, exactly one JSON document
  ``{"error": {"code", "message", "line"?}}`` on stdout under ``--json``, no traceback,
  the right line, and nothing after the bad line applied;
- golden logs in ``tests/data``: complete games whose expected results
  (``NAME.expected.json``) were worked out by hand from rules/README.md;
- round trips: random playouts written as logs replay to the same result.
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

from engines import new_game
from engines.playout import play_random
from engines.replay import LogError, apply_line, parse_line, replay

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
EXIT_REJECTED = 3
NAMES = ["Ann", "Ben", "Cleo", "Dirk", "Eva", "Finn"]

# The path of the golden OTB game; the action-level error cases reuse its opening.
OTB_PATH = [
    "horus-purple", "cat-blue", "horus-purple", "pharaoh", "goldbag", "cat-blue", "horus-purple",
    "scarab-green", "pharaoh", "horus-purple", "anubis-green", "cat-purple", "anubis-green",
    "anubis-blue", "cat-purple", "kingtut",
]  # fmt: skip


# ------------------------------------------------------------------ helpers


def header(path: list[str] | None = None, edition: str = "otb2004", players: int = 3) -> dict[str, Any]:
    return {
        "game": "tutankhamen",
        "edition": edition,
        "players": NAMES[:players],
        "path": OTB_PATH if path is None else path,
    }


def take(player: str, index: int) -> dict[str, Any]:
    return {"player": player, "move": "take", "index": index}


def steal(player: str, victim: str, tile: str) -> dict[str, Any]:
    return {"player": player, "move": "steal", "from": victim, "tile": tile}


def joker(player: str, *tiles: str) -> dict[str, Any]:
    return {"player": player, "move": "joker", "tiles": list(tiles)}


# Lines 2-8 of the golden OTB game: afterwards pawns are Ann 4, Ben 3, Cleo 6, Ann to move,
# and the path still holds indices 5, 7 and 8 onwards.
OTB_OPENING = [
    take("Ann", 0),
    take("Ben", 2),
    take("Cleo", 1),
    take("Ann", 4),
    steal("Ann", "Ben", "horus-purple"),
    take("Ben", 3),
    take("Cleo", 6),
]

# Appended after every bad action line: a line that would be legal had the bad line been
# skipped is not what stops the replay either, and a broken line further on is never read.
TRAILER = [
    '{"player": "Ann", "move": "take", "index": 8}',
    '{"player": "Ben", "move": "take", "index": 9}',
    "{broken",
]


def log_lines(head: dict[str, Any] | str, actions: list[dict[str, Any] | str]) -> list[str]:
    lines = [head if isinstance(head, str) else json.dumps(head)]
    lines += [a if isinstance(a, str) else json.dumps(a) for a in actions]
    return lines


def write_log(tmp_path: Path, lines: list[str], name: str = "game.jsonl") -> Path:
    log = tmp_path / name
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return log


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "firmware.cli", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def rejected_json(log: Path | str) -> dict[str, Any]:
    """Run ``scarab replay LOG --json`` expecting a rejection; return the error object."""
    proc = run_cli("replay", str(log), "--json")
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == EXIT_REJECTED, (proc.returncode, proc.stdout, proc.stderr)
    doc = json.loads(proc.stdout)  # exactly one JSON document: extra data would not parse
    assert isinstance(doc, dict) and set(doc) == {"error"}, doc
    error = doc["error"]
    assert set(error) <= {"code", "message", "line"}, error
    assert isinstance(error["code"], str) and error["code"]
    assert isinstance(error["message"], str) and error["message"].strip()
    return error


def assert_refused(tmp_path: Path, lines: list[str], bad: int, code: str) -> dict[str, Any]:
    """The CLI names line ``bad`` with ``code``; in the engine, the bad line leaves the state
    reached by the lines before it untouched, and the replay stops there."""
    error = rejected_json(write_log(tmp_path, lines))
    assert (error["code"], error.get("line")) == (code, bad), error
    # The same log in-process: the first bad line stops the replay (nothing after it is read).
    with pytest.raises(LogError) as info:
        replay(lines)
    assert (info.value.code, info.value.line) == (code, bad)
    # The log cut before the bad line replays, and the bad line changes nothing in it.
    before = replay(lines[: bad - 1])
    snapshot = json.dumps(before.state.to_json(), sort_keys=True)
    n_actions, n_events = len(before.actions), len(before.events)
    with pytest.raises(LogError) as info:
        apply_line(before, parse_line(lines[bad - 1], bad), bad)
    assert (info.value.code, info.value.line) == (code, bad)
    assert json.dumps(before.state.to_json(), sort_keys=True) == snapshot
    assert (len(before.actions), len(before.events)) == (n_actions, n_events)
    return error


# --------------------------------------------------------- action-level errors


def test_moving_backwards_is_refused(tmp_path: Path) -> None:
    # Ann's pawn is at 4; index 2 (Ben's horus) is already gone: a step back.
    lines = log_lines(header(), [*OTB_OPENING, take("Ann", 2), *TRAILER])
    assert_refused(tmp_path, lines, bad=9, code="move-backwards")


def test_taking_a_tile_already_gone_is_refused(tmp_path: Path) -> None:
    # Index 6 lies ahead of Ann's pawn (4) but Cleo took it on line 8.
    lines = log_lines(header(), [*OTB_OPENING, take("Ann", 6), *TRAILER])
    assert_refused(tmp_path, lines, bad=9, code="tile-gone")


def test_taking_a_tile_you_passed_is_refused(tmp_path: Path) -> None:
    # Ben jumps to 5 passing 1-4; Cleo stays at 1, so after Ann moves to 2 the tiles at 3
    # (pharaoh) and 4 (gold bag) are behind Ben but still on the path.
    opening = [take("Ann", 0), take("Ben", 5), take("Cleo", 1), take("Ann", 2)]
    lines = log_lines(header(), [*opening, take("Ben", 3), *TRAILER])
    state = replay(lines[:5]).state
    assert state.to_act == "Ben" and state.public_state()["path"][3] == "pharaoh"
    assert state.public_state()["pawns"]["Ben"] == 5
    assert_refused(tmp_path, lines, bad=6, code="tile-passed")


def test_acting_out_of_turn_is_refused(tmp_path: Path) -> None:
    lines = log_lines(header(), [take("Ann", 0), take("Cleo", 1), *TRAILER])
    assert_refused(tmp_path, lines, bad=3, code="out-of-turn")


def test_joker_for_a_set_you_hold_no_tile_of_is_refused(tmp_path: Path) -> None:
    # Cleo's move clears the last cat-green from the path; she is the active player, first
    # in the asking order, and holds a pharaoh tile but no cat-green (Ann holds one plus a
    # pharaoh). Adding her pharaoh to cat-green breaks the joker rule.
    path = [
        "cat-green",
        "pharaoh",
        "cat-green",
        "pharaoh",
        "pharaoh",
        "horus-blue",
        "horus-blue",
        "horus-blue",
    ]
    opening = [
        take("Ann", 0),
        take("Ben", 3),
        take("Cleo", 1),
        take("Ann", 4),
        take("Ben", 5),
        take("Cleo", 6),
    ]
    lines = log_lines(header(path), [*opening, joker("Cleo", "pharaoh"), *TRAILER])
    state = replay(lines[:7]).state
    public = state.public_state()
    assert public["phase"] == "declare" and public["declaring"]["set"] == "cat-green"
    assert public["active"] == "Cleo" and public["holdings"]["Cleo"].get("pharaoh") == 1
    assert_refused(tmp_path, lines, bad=8, code="joker-without-set")


STEAL_PATH = [
    "horus-blue", "horus-blue", "cat-green", "pharaoh", "pharaoh", "scarab-blue", "goldbag",
    "horus-blue", "cat-green",
]  # fmt: skip
# Afterwards Ann (horus-blue, pharaoh) must use the gold bag; Ben holds horus-blue and a
# pharaoh, Cleo holds cat-green.
STEAL_OPENING = [
    take("Ann", 0),
    take("Ben", 1),
    take("Cleo", 2),
    take("Ann", 3),
    take("Ben", 4),
    take("Cleo", 5),
    take("Ann", 6),
]


@pytest.mark.parametrize(
    ("victim", "tile"),
    [
        pytest.param("Ann", "horus-blue", id="from-yourself"),
        pytest.param("Cleo", "cat-green", id="set-you-own-none-of"),
        pytest.param("Ben", "pharaoh", id="pharaoh-tile"),
        pytest.param("Cleo", "horus-blue", id="victim-lacks-the-tile"),
        pytest.param("Zed", "horus-blue", id="no-such-player"),
    ],
)
def test_illegal_steal_is_refused(tmp_path: Path, victim: str, tile: str) -> None:
    lines = log_lines(header(STEAL_PATH), [*STEAL_OPENING, steal("Ann", victim, tile), *TRAILER])
    assert replay(lines[:8]).state.public_state()["phase"] == "steal"
    assert_refused(tmp_path, lines, bad=9, code="illegal-steal")


def test_stealing_king_tut_is_refused(tmp_path: Path) -> None:
    # Ben takes King Tut at once; Ann's gold bag could buy Cleo's horus, not King Tut.
    path = ["horus-blue", "horus-blue", "goldbag", "horus-blue", "kingtut"]
    opening = [take("Ann", 0), take("Ben", 4), take("Cleo", 1), take("Ann", 2)]
    lines = log_lines(header(path), [*opening, steal("Ann", "Ben", "kingtut"), *TRAILER])
    assert replay(lines[:5]).state.public_state()["phase"] == "steal"
    assert_refused(tmp_path, lines, bad=6, code="illegal-steal")


def test_beyond_in_the_otb_edition_is_refused(tmp_path: Path) -> None:
    lines = log_lines(header(), [take("Ann", 0), {"player": "Ben", "move": "beyond"}, *TRAILER])
    assert_refused(tmp_path, lines, bad=3, code="wrong-move")


# ------------------------------------------------------------ format errors


@pytest.mark.parametrize(
    ("bad_line", "bad"),
    [
        pytest.param('{"player": "Cleo", "move": "take", "index": 1', 4, id="unclosed-object"),
        pytest.param("[1, 2, 3]", 4, id="not-an-object"),
        pytest.param("take 1", 4, id="not-json"),
    ],
)
def test_malformed_json_line_is_refused(tmp_path: Path, bad_line: str, bad: int) -> None:
    lines = log_lines(header(), [take("Ann", 0), take("Ben", 2), bad_line, *TRAILER])
    assert_refused(tmp_path, lines, bad=bad, code="malformed-json")


@pytest.mark.parametrize(
    "bad_line",
    [
        pytest.param(
            '{"player": "Ben", "move": "take", "index": ' + "1" * 5000 + "}", id="5000-digit-integer"
        ),
        pytest.param("[" * 100_000 + "]" * 100_000, id="nested-100000-deep"),
    ],
)
def test_pathological_json_line_is_refused_without_traceback(tmp_path: Path, bad_line: str) -> None:
    # json.loads raises ValueError / RecursionError here, not JSONDecodeError.
    lines = log_lines(header(), [take("Ann", 0), bad_line, *TRAILER])
    error = rejected_json(write_log(tmp_path, lines))
    assert error["code"] in {"malformed-json", "malformed-action"}, error
    assert error.get("line") == 3


def test_action_without_move_is_refused(tmp_path: Path) -> None:
    lines = log_lines(header(), [take("Ann", 0), {"player": "Ben", "index": 2}, *TRAILER])
    assert_refused(tmp_path, lines, bad=3, code="malformed-action")


def test_unknown_player_is_refused(tmp_path: Path) -> None:
    lines = log_lines(header(), [take("Ann", 0), take("Zed", 2), *TRAILER])
    assert_refused(tmp_path, lines, bad=3, code="unknown-player")


def test_action_after_the_game_is_over_is_refused(tmp_path: Path) -> None:
    # The golden 2-player OTB game ends on its last line (Ben pays his last coin).
    lines = (DATA / "otb2004-2p-out-of-coins.jsonl").read_text(encoding="utf-8").splitlines()
    lines += [json.dumps(take("Ann", 15)), *TRAILER]
    assert_refused(tmp_path, lines, bad=18, code="game-over")


def test_malformed_json_line_number_counts_blank_lines(tmp_path: Path) -> None:
    lines = log_lines(header(), [take("Ann", 0), "", take("Ben", 2), "{oops", take("Cleo", 1)])
    error = rejected_json(write_log(tmp_path, lines))
    assert (error["code"], error.get("line")) == ("malformed-json", 5)


def test_malformed_json_header_is_refused(tmp_path: Path) -> None:
    lines = ['{"game": "tutankhamen", "edition": "otb2004",', json.dumps(take("Ann", 0))]
    error = rejected_json(write_log(tmp_path, lines))
    assert (error["code"], error.get("line")) == ("malformed-json", 1)


@pytest.mark.parametrize(
    ("edition", "path"),
    [
        pytest.param("otb2004", ["cat-green", "scarab-red", "cat-green"], id="no-such-colour"),
        pytest.param("otb2004", ["cat-green", "falcon", "kingtut"], id="no-such-kind"),
        pytest.param("otb2004", ["cat-green", "nugget", "cat-green"], id="amigo-tile-in-otb"),
        pytest.param("amigo", ["cat-green", "pharaoh", "cat-green"], id="otb-tile-in-amigo"),
        pytest.param("amigo", ["cat-green", "goldmask"], id="gold-mask-on-the-path"),
    ],
)
def test_unknown_tile_in_header_path_is_refused(tmp_path: Path, edition: str, path: list[str]) -> None:
    lines = log_lines(header(path, edition), [take("Ann", 0), *TRAILER])
    error = rejected_json(write_log(tmp_path, lines))
    assert (error["code"], error.get("line")) == ("unknown-tile", 1)


@pytest.mark.parametrize(
    ("edition", "path"),
    [
        pytest.param("otb2004", ["scarab-green", "cat-blue", "scarab-green"], id="two-scarabs"),
        pytest.param("otb2004", ["cat-blue"] * 3, id="three-cats"),
        pytest.param("otb2004", ["goldbag"] * 4 + ["kingtut"], id="four-gold-bags"),
        pytest.param("otb2004", ["kingtut", "cat-blue", "kingtut"], id="two-king-tuts"),
        pytest.param("amigo", ["canopic"] * 4, id="four-canopic-lids"),
        pytest.param("amigo", ["mask-purple"] * 9, id="nine-death-masks"),
    ],
)
def test_too_many_tiles_of_a_kind_in_the_path_is_refused(
    tmp_path: Path, edition: str, path: list[str]
) -> None:
    lines = log_lines(header(path, edition), [take("Ann", 0), *TRAILER])
    error = rejected_json(write_log(tmp_path, lines))
    assert (error["code"], error.get("line")) == ("too-many-tiles", 1)


@pytest.mark.parametrize(
    "path",
    [
        pytest.param(["kingtut", "cat-blue", "cat-blue"], id="first"),
        pytest.param(["cat-blue", "kingtut", "cat-blue"], id="middle"),
    ],
)
def test_king_tut_not_last_is_refused(tmp_path: Path, path: list[str]) -> None:
    lines = log_lines(header(path), [take("Ann", 0), *TRAILER])
    error = rejected_json(write_log(tmp_path, lines))
    assert (error["code"], error.get("line")) == ("kingtut-not-last", 1)


@pytest.mark.parametrize("edition", ["deluxe", "OTB2004", None, 2004])
def test_unknown_edition_is_refused(tmp_path: Path, edition: Any) -> None:
    head = {**header(), "edition": edition}
    lines = log_lines(head, [take("Ann", 0), *TRAILER])
    error = rejected_json(write_log(tmp_path, lines))
    assert (error["code"], error.get("line")) == ("unknown-edition", 1)


@pytest.mark.parametrize("text", ["", "\n", "\n   \n\t\n"], ids=["no-bytes", "one-newline", "blank-lines"])
def test_empty_log_is_refused(tmp_path: Path, text: str) -> None:
    log = tmp_path / "empty.jsonl"
    log.write_text(text, encoding="utf-8")
    error = rejected_json(log)
    assert error["code"] == "empty-log"
    assert "line" not in error


def test_missing_file_is_refused(tmp_path: Path) -> None:
    error = rejected_json(tmp_path / "no-such-game.jsonl")
    assert error["code"] == "unreadable-file"
    assert "line" not in error


def test_folder_instead_of_file_is_refused(tmp_path: Path) -> None:
    error = rejected_json(tmp_path)
    assert error["code"] == "unreadable-file"
    assert "line" not in error


def test_file_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    log = tmp_path / "latin1.jsonl"
    log.write_bytes(json.dumps(header()).encode() + b"\n\xff\xfe caf\xe9\n")
    error = rejected_json(log)
    assert error["code"] == "unreadable-file"
    assert "line" not in error


# --------------------------------------------------------------- human mode


@pytest.mark.parametrize(
    ("lines", "code", "line"),
    [
        pytest.param(
            log_lines(header(), [*OTB_OPENING, take("Ann", 2)]), "move-backwards", 9, id="backwards"
        ),
        pytest.param(log_lines(header(), [take("Ann", 0), "{broken"]), "malformed-json", 3, id="malformed"),
        pytest.param(log_lines(header(["cat-green", "scarab-red"]), []), "unknown-tile", 1, id="header"),
        pytest.param(None, "unreadable-file", None, id="missing-file"),
    ],
)
def test_human_mode_explains_the_rejection_on_stderr(
    tmp_path: Path, lines: list[str] | None, code: str, line: int | None
) -> None:
    log = tmp_path / "missing.jsonl" if lines is None else write_log(tmp_path, lines)
    proc = run_cli("replay", str(log))
    assert proc.returncode == EXIT_REJECTED, (proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.stdout.strip() == ""
    message = proc.stderr.strip()
    assert message and len(message.splitlines()) <= 3, message
    assert code in message
    if line is not None:
        assert f"line {line}" in message
    else:
        assert str(log) in message


# -------------------------------------------------------------- golden logs

EXPECTED = sorted(p.name.removesuffix(".expected.json") for p in DATA.glob("*.expected.json"))
GOLDEN = [name for name in EXPECTED if name.startswith(("otb2004-", "amigo-"))]  # this file's game


def test_every_golden_log_has_an_expected_file() -> None:
    logs = sorted(p.stem for p in DATA.glob("*.jsonl"))
    assert logs == EXPECTED
    assert len(GOLDEN) >= 4


def _normalised_state(key: str, value: Any) -> Any:
    if key == "holdings":  # a used-up tile may linger as a zero count
        return {p: {t: n for t, n in h.items() if n} for p, h in value.items()}
    if key == "out":
        return {t: n for t, n in value.items() if n}
    if key == "prompt" and "winners" in value.get("params", {}):
        return {**value, "params": {**value["params"], "winners": sorted(value["params"]["winners"])}}
    return value


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

    for key in ("game", "edition", "players", "scores", "finished", "to_act"):
        check(key, doc[key], expected[key])
    check("winners", sorted(doc["winners"]), sorted(expected["winners"]))
    scored = [[e["set"], e["awards"]] for e in doc["events"] if e["type"] == "scored"]
    check("scored", scored, expected["scored"])
    others = [[e["type"], e["awards"]] for e in doc["events"] if e["type"] in {"stole", "kingtut-bonus"}]
    check("other_awards", others, expected["other_awards"])
    for key, wanted in expected["state"].items():
        check(f"state.{key}", _normalised_state(key, doc["state"].get(key)), _normalised_state(key, wanted))
    assert diffs == {}

    # The scores are exactly what the events awarded.
    totals: Counter[str] = Counter()
    for event in doc["events"]:
        totals.update(event.get("awards", {}))
    assert {p: totals[p] for p in doc["players"]} == doc["scores"]


def test_golden_log_human_mode() -> None:
    proc = run_cli("replay", str(DATA / "otb2004-goldbag-pharaoh.jsonl"))
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Cleo" in proc.stdout + proc.stderr


# ---------------------------------------------------------------- round trip


@pytest.mark.parametrize(
    ("edition", "players", "seed", "explicit_path"),
    [
        ("otb2004", 2, 11, False),
        ("otb2004", 3, 12, True),
        ("otb2004", 5, 13, False),
        ("otb2004", 6, 14, True),
        ("amigo", 2, 21, True),
        ("amigo", 3, 22, False),
        ("amigo", 4, 23, True),
        ("amigo", 6, 24, False),
    ],
)
def test_random_playout_round_trips_through_the_cli(
    tmp_path: Path, edition: str, players: int, seed: int, explicit_path: bool
) -> None:
    head: dict[str, Any] = {"game": "tutankhamen", "edition": edition, "players": NAMES[:players]}
    if explicit_path:
        shuffled = new_game({**head, "seed": seed})
        head["path"] = list(shuffled.public_state()["path"])
    game = play_random(head, random.Random(seed))
    assert game.state.finished
    log = write_log(tmp_path, log_lines(game.header, game.actions))
    proc = run_cli("replay", str(log), "--json")
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 0, proc.stdout + proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["scores"] == game.state.scores()
    assert doc["winners"] == game.state.winners()
    assert doc["finished"] is True and doc["to_act"] is None
    assert doc["events"] == json.loads(json.dumps(game.events))
    assert doc["state"] == json.loads(json.dumps(game.state.public_state()))


# ------------------------------------------------- wrong JSON types and headers


@pytest.mark.parametrize(
    ("bad_line", "code"),
    [
        ({"player": ["Ann"], "move": "take", "index": 8}, "unknown-player"),
        ({"player": {"name": "Ann"}, "move": "take", "index": 8}, "unknown-player"),
        ({"player": "Ann", "move": ["take"], "index": 8}, "malformed-action"),
        ({"player": "Ann", "move": {"verb": "take"}, "index": 8}, "malformed-action"),
        ({"player": "Ann", "move": "take", "index": "8"}, "malformed-action"),
        ({"player": "Ann", "move": "take", "index": True}, "malformed-action"),
        ({"player": "Ann", "move": "take", "index": 8.0}, "malformed-action"),
    ],
    ids=[
        "player-list",
        "player-object",
        "move-list",
        "move-object",
        "index-string",
        "index-bool",
        "index-float",
    ],
)
def test_values_of_the_wrong_json_type_are_refused(
    tmp_path: Path, bad_line: dict[str, Any], code: str
) -> None:
    lines = log_lines(header(), [*OTB_OPENING, bad_line, *TRAILER])
    assert_refused(tmp_path, lines, bad=9, code=code)


@pytest.mark.parametrize(
    "bad_steal",
    [
        {"player": "Ann", "move": "steal", "from": ["Ben"], "tile": "horus-purple"},
        {"player": "Ann", "move": "steal", "from": "Ben", "tile": {"t": "horus-purple"}},
    ],
    ids=["from-list", "tile-object"],
)
def test_a_steal_with_values_of_the_wrong_type_is_refused(tmp_path: Path, bad_steal: dict[str, Any]) -> None:
    lines = log_lines(header(), [*OTB_OPENING[:4], bad_steal])
    assert_refused(tmp_path, lines, bad=6, code="malformed-action")


@pytest.mark.parametrize(
    ("field", "value", "code"),
    [
        ("game", ["tutankhamen"], "unknown-game"),
        ("edition", {"name": "amigo"}, "unknown-edition"),
        ("players", "Ann,Ben", "bad-players"),
        ("path", "cat-blue", "bad-path"),
        ("seed", "7", "bad-seed"),
    ],
)
def test_header_values_of_the_wrong_type_are_refused(
    tmp_path: Path, field: str, value: Any, code: str
) -> None:
    head = {**header(), field: value}
    error = rejected_json(write_log(tmp_path, [json.dumps(head)]))
    assert (error["code"], error["line"]) == (code, 1)


def test_a_header_without_path_or_seed_is_refused(tmp_path: Path) -> None:
    """Without either, every replay would lay a different path."""
    head = {"game": "tutankhamen", "edition": "amigo", "players": ["Ann", "Ben"]}
    error = rejected_json(write_log(tmp_path, [json.dumps(head)]))
    assert (error["code"], error["line"]) == ("missing-seed", 1)


def test_a_byte_order_mark_is_tolerated(tmp_path: Path) -> None:
    log = tmp_path / "bom.jsonl"
    log.write_text("\ufeff" + "\n".join(log_lines(header(), OTB_OPENING[:2])) + "\n", encoding="utf-8")
    proc = run_cli("replay", str(log), "--json")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert json.loads(proc.stdout)["to_act"] == "Cleo"


def test_holdings_never_list_tiles_a_player_no_longer_has(tmp_path: Path) -> None:
    """After the gold bag is used (line 6), neither buyer nor seller shows a 0 count."""
    proc = run_cli("replay", str(write_log(tmp_path, log_lines(header(), OTB_OPENING[:5]))), "--json")
    holdings = json.loads(proc.stdout)["state"]["holdings"]
    assert all(n > 0 for tiles in holdings.values() for n in tiles.values()), holdings
    assert "goldbag" not in holdings["Ann"]
