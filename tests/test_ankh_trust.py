"""Ankh's table mode trusts the table when no box is declared (decision K21).

The default deck (engines/ankh/data/deck.json) is a guess at the real box, so a table-mode
game whose header declares no ``deck`` accepts any well-formed card — papyri the guess
does not hold, more copies of a mummy card than it holds — while it still counts hands and
piles from the rulebook's 90 cards. A declared box keeps every count; full mode deals from
its deck and keeps it too.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import engines
from engines.ankh.cards import BOX_CARDS, MUMMY, default_deck, open_threshold, papyrus_id
from engines.ankh.game import Ankh
from engines.core import BadHeader, IllegalAction
from engines.replay import LogError, replay

ROOT = Path(__file__).resolve().parent.parent
BOX: dict[str, Any] = json.loads((ROOT / "engines" / "ankh" / "data" / "deck.json").read_text("utf-8"))
# A plausible real card that the default deck does not hold (it has G>Y>B>R with 4).
GYBR5 = {"rank": ["green", "yellow", "blue", "red"], "threshold": 5}
# More plausible cards outside the default deck.
RYGB4 = {"rank": ["red", "yellow", "green", "blue"], "threshold": 4}
BGRY2 = {"rank": ["blue", "green", "red", "yellow"], "threshold": 2}


def play(player: str, card: str) -> dict[str, Any]:
    return {"player": player, "move": "play", "card": card}


def papyrus(player: str, pap: dict[str, Any]) -> dict[str, Any]:
    return {"player": player, "move": "play", "papyrus": pap}


def header(**extra: Any) -> dict[str, Any]:
    return {"game": "ankh", "players": ["Ann", "Ben", "Cleo"], "papyrus": GYBR5, **extra}


def lines(head: dict[str, Any], actions: list[dict[str, Any]]) -> list[str]:
    return [json.dumps(head)] + [json.dumps(a) for a in actions]


# A game on a table whose box is not the default guess: its starting papyrus and two
# later papyri are outside the default deck, and four green 5s are laid (the guess has 3).
ACTIONS = [
    play("Ann", "green-5"),  # G ×2
    play("Ben", "green-5"),
    play("Cleo", "green-5"),
    play("Ann", "green-5"),  # the 4th green 5
    papyrus("Ben", RYGB4),  # rows of 2, 1, 1: no scoring
    play("Cleo", "red-5"),  # Cleo: green 5, red 5
    papyrus("Ann", BGRY2),  # Ann's row holds 2: scoring under B>G>R>Y
]


def assert_outside_default(*papyri: dict[str, Any]) -> None:
    guess = default_deck()
    for pap in papyri:
        assert not guess[papyrus_id(pap["rank"], pap["threshold"])], pap


def test_plausible_papyri_outside_the_default_deck_replay() -> None:
    assert_outside_default(GYBR5, RYGB4, BGRY2)
    assert default_deck()["green-5"] == 3
    result = replay(lines(header(), ACTIONS))
    state = result.state
    assert isinstance(state, Ankh)
    scoring = [e for e in result.events if e["type"] == "scored"]
    assert len(scoring) == 1
    # Under blue ×2, green ×1, red ×0, yellow ×−1: Ann 5 + 5, Ben 5, Cleo 5 + red 5 × 0.
    assert scoring[0]["trigger"] == "papyrus" and scoring[0]["player"] == "Ann"
    assert scoring[0]["awards"] == {"Ann": 10, "Ben": 5, "Cleo": 5}
    assert state.scores() == {"Ann": 10, "Ben": 5, "Cleo": 5}
    public = state.public_state()
    assert public["papyrus"] == BGRY2
    assert public["papyrus_pile"] == [papyrus_id(BGRY2["rank"], 2)]


def test_an_open_table_still_counts_hands_and_piles() -> None:
    state = engines.new_game(header())
    assert isinstance(state, Ankh)
    public = state.public_state()
    assert public["draw_pile"] == BOX_CARDS - 1 - 4 * 3
    assert public["hand_sizes"] == {"Ann": 4, "Ben": 4, "Cleo": 4}
    for action in ACTIONS:
        state.apply(action)
    public = state.public_state()
    # 7 cards played, 7 drawn back; the scoring put 5 mummies and 2 covered papyri on the
    # discard pile; the top papyrus stays.
    assert public["draw_pile"] == BOX_CARDS - 1 - 12 - 7
    assert public["discard_pile"] == 5 + 2
    assert set(public["hand_sizes"].values()) == {4}
    state.apply({"player": "Ben", "move": "sacrifice", "count": 3})
    assert state.public_state()["discard_pile"] == 7 + 3
    assert state.public_state()["draw_pile"] == BOX_CARDS - 1 - 12 - 7 - 3


def test_the_cli_replays_an_open_table(tmp_path: Path) -> None:
    log = tmp_path / "real-box.jsonl"
    log.write_text("\n".join(lines(header(), ACTIONS)) + "\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "firmware.cli", "replay", str(log), "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert json.loads(done.stdout)["scores"] == {"Ann": 10, "Ben": 5, "Cleo": 5}


def test_a_declared_deck_still_refuses() -> None:
    # The same default box, declared: the starting papyrus is not in it...
    with pytest.raises(BadHeader) as head:
        engines.new_game(header(deck=BOX))
    assert head.value.code == "papyrus-not-in-deck"
    # ...nor are later papyri, and its 3 green 5s are all that can be laid.
    boxed = {**header(deck=BOX), "papyrus": {"rank": ["yellow", "green", "blue", "red"], "threshold": 5}}
    with pytest.raises(LogError) as later:
        replay(lines(boxed, [play("Ann", "green-1"), papyrus("Ben", RYGB4)]))
    assert (later.value.code, later.value.line) == ("unknown-card", 3)
    with pytest.raises(LogError) as fourth:
        replay(lines(boxed, ACTIONS[:4]))
    assert (fourth.value.code, fourth.value.line) == ("card-not-available", 5)


def test_full_mode_keeps_its_deck() -> None:
    with pytest.raises(BadHeader) as info:
        engines.new_game({**header(), "mode": "full", "seed": 3})
    assert info.value.code == "papyrus-not-in-deck"
    state = engines.new_game({"game": "ankh", "players": ["Ann", "Ben"], "mode": "full", "seed": 3})
    assert isinstance(state, Ankh) and state.deck == default_deck()


def test_an_open_table_offers_every_well_formed_card() -> None:
    state = engines.new_game(header())
    assert isinstance(state, Ankh)
    plays = [a for a in state.legal_actions() if a["move"] == "play"]
    cards = {a["card"] for a in plays if "card" in a}
    papyri = {papyrus_id(a["papyrus"]["rank"], a["papyrus"]["threshold"]) for a in plays if "papyrus" in a}
    assert cards == set(MUMMY)
    limit = open_threshold(3)
    assert len(papyri) == 24 * limit  # every order of the four colours, thresholds 1..limit
    assert papyrus_id(GYBR5["rank"], 5) in papyri  # the face-up card: another copy may exist
    # Each offered line is accepted, and a question about an unsure reading may be
    # answered with any of them.
    rng = random.Random(7)
    for action in rng.sample(plays, 40):
        Ankh.from_json(state.to_json()).apply(dict(action))
    assert state.faces(True) == sorted(papyri)
    assert state.faces(False) == list(MUMMY)


def test_an_open_table_round_trips_through_json() -> None:
    state = engines.new_game(header())
    assert isinstance(state, Ankh)
    for action in ACTIONS:
        state.apply(action)
    data = json.loads(json.dumps(state.to_json()))
    assert data["deck"] == {}
    restored = Ankh.from_json(data)
    assert restored.to_json() == state.to_json()
    assert restored.legal_actions() == state.legal_actions()


def test_a_threshold_no_box_can_serve_is_refused_with_its_rule() -> None:
    five = ["Ann", "Ben", "Cleo", "Dirk", "Eva"]
    limit = open_threshold(5)
    # 5 × (4 + limit − 1) + 1 cards fit in the 90; one more threshold does not.
    assert 5 * (4 + limit - 1) + 1 <= BOX_CARDS < 5 * (4 + limit) + 1
    too_high = {"rank": ["green", "yellow", "blue", "red"], "threshold": limit + 1}
    with pytest.raises(BadHeader) as head:
        engines.new_game({"game": "ankh", "players": five, "papyrus": too_high})
    assert head.value.code == "threshold-too-high"
    state = engines.new_game({"game": "ankh", "players": five, "papyrus": GYBR5})
    assert isinstance(state, Ankh)
    before = state.to_json()
    with pytest.raises(IllegalAction) as act:
        state.apply(papyrus("Ann", too_high))
    assert act.value.code == "threshold-too-high" and str(limit) in act.value.message
    assert state.to_json() == before
    # The same card with two players fits the box.
    engines.new_game({"game": "ankh", "players": five[:2], "papyrus": too_high})
