"""`scarab simulate`: statistics, determinism, the watched game, and bad options."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def scarab(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "firmware.cli", *args], capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize("edition", ["otb2004", "amigo"])
def test_statistics_count_every_game(edition: str) -> None:
    run = scarab("simulate", "--edition", edition, "--players", "3", "--games", "40", "--seed", "3", "--json")
    assert run.returncode == 0, run.stderr
    stats = json.loads(run.stdout)
    assert stats["games"] == 40
    assert sum(stats["endings"].values()) == 40
    wins = sum(stats["wins_by_seat"].values())
    assert 40 <= wins <= 40 + 2 * stats["shared_wins"]
    assert list(stats["wins_by_seat"]) == ["0:Ann", "1:Ben", "2:Cleo"]
    assert stats["turns"]["min"] <= stats["turns"]["mean"] <= stats["turns"]["max"]
    assert stats["scorings_per_game"] > 0
    expected_endings = {"otb2004": {"out-of-coins", "path-exhausted"}, "amigo": {"goal", "all-beyond"}}
    assert set(stats["endings"]) <= expected_endings[edition]


def test_same_seed_same_statistics_other_seed_differs() -> None:
    a = scarab("simulate", "--games", "25", "--seed", "9", "--json")
    b = scarab("simulate", "--games", "25", "--seed", "9", "--json")
    c = scarab("simulate", "--games", "25", "--seed", "10", "--json")
    assert a.stdout == b.stdout
    assert a.stdout != c.stdout


def test_human_statistics_show_a_table_of_wins() -> None:
    run = scarab("simulate", "--games", "10", "--players", "4")
    assert run.returncode == 0, run.stderr
    assert "wins by seat" in run.stdout
    for name in ("Ann", "Ben", "Cleo", "Dirk"):
        assert name in run.stdout


def test_watch_prints_every_prompt_and_scoring_until_the_end() -> None:
    run = scarab("simulate", "--watch", "--delay", "0", "--seed", "7", "--players", "4")
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "Ann: move forward and take a tile" in out
    assert "SCORING" in out
    assert "GAME OVER" in out
    prompts = [line for line in out.splitlines() if line.startswith("»")]
    takes = [line for line in out.splitlines() if " takes " in line]
    assert len(prompts) >= len(takes) > 3


def test_watch_speaks_german() -> None:
    run = scarab("simulate", "--watch", "--delay", "0", "--edition", "amigo", "--lang", "de", "--seed", "2")
    assert run.returncode == 0, run.stderr
    assert "vorwärts ziehen" in run.stdout
    assert "WERTUNG" in run.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["--players", "7"],
        ["--players", "1"],
        ["--games", "0"],
        ["--edition", "deluxe"],
        ["--game", "chess"],
        ["--watch", "--delay", "-1"],
        ["--set", "bogus=1"],
        ["--game", "bann", "--set", "target=abc"],
    ],
)
def test_bad_options_are_usage_errors(args: list[str]) -> None:
    run = scarab("simulate", *args)
    assert run.returncode == 2
    assert "Traceback" not in run.stderr
    assert run.stderr.strip()


def test_a_bad_option_under_json_is_the_json_error_document() -> None:
    run = scarab("simulate", "--players", "9", "--json")
    assert run.returncode == 2 and run.stderr == ""
    error = json.loads(run.stdout)["error"]
    assert error["code"] == "usage" and "--players" in error["message"]
