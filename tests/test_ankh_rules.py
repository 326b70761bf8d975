"""Every worked example of the Ankh rulebook, every digest rule and every house decision.

Sources: ``shared/rules/ankh.de-en-fr-nl.txt`` (HUCH! & friends 2016: German, English,
French, Dutch), the digest ``shared/rules/README.md`` section 2, and
``docs/rules-decisions-ankh.md`` (decisions K1–K20; K21, trusting an undeclared box, is in
``tests/test_ankh_trust.py``). Every expected number was worked out by hand from the rules;
the comments show the arithmetic.

Table-mode scenes are driven the way a game log drives the engine: a header naming the
face-up papyrus, then one line per turn revealing what was played. Full-mode scenes that
need a particular draw pile are built with ``Ankh.from_json`` from a hand-made state.

Papyrus ranks read from ×2 to ×−1; the default deck's papyri used here are
Y>G>B>R 5, G>B>R>Y 5, B>R>Y>G 3, R>B>G>Y 3, G>Y>B>R 4 and Y>B>R>G 4.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import engines
from engines.ankh.cards import COLOURS, MUMMY, factors, papyrus_id, parse_papyrus, row_breakdown
from engines.ankh.game import Ankh
from engines.core import BadHeader, Event, IllegalAction
from engines.playout import play_random
from engines.replay import replay
from engines.wording import render_event, render_prompt

YGBR5 = {"rank": ["yellow", "green", "blue", "red"], "threshold": 5}
GBRY5 = {"rank": ["green", "blue", "red", "yellow"], "threshold": 5}
BRYG3 = {"rank": ["blue", "red", "yellow", "green"], "threshold": 3}
RBGY3 = {"rank": ["red", "blue", "green", "yellow"], "threshold": 3}
GYBR4 = {"rank": ["green", "yellow", "blue", "red"], "threshold": 4}
YBRG4 = {"rank": ["yellow", "blue", "red", "green"], "threshold": 4}
# The default box (engines/ankh/data/deck.json), declared in a header: a table that counts.
BOX: dict[str, Any] = json.loads(
    (Path(engines.__file__).parent / "ankh" / "data" / "deck.json").read_text(encoding="utf-8")
)


# --------------------------------------------------------------------------- helpers


def table(players: list[str], papyrus: dict[str, Any], **extra: Any) -> Ankh:
    """A table-mode game from a log-style header."""
    state = engines.new_game({"game": "ankh", "players": players, "papyrus": papyrus, **extra})
    assert isinstance(state, Ankh)
    return state


def act(state: Ankh, player: str, move: str, **fields: Any) -> list[Event]:
    """Apply one log line, first checking that the engine is waiting for ``player``."""
    assert state.to_act == player, f"the engine waits for {state.to_act}, the scene expects {player}"
    return state.apply({"player": player, "move": move, **fields})


def play(state: Ankh, player: str, card: str) -> list[Event]:
    return act(state, player, "play", card=card)


def papyrus(state: Ankh, player: str, pap: dict[str, Any]) -> list[Event]:
    return act(state, player, "play", papyrus=pap)


def sacrifice(state: Ankh, player: str, count: int) -> list[Event]:
    return act(state, player, "sacrifice", count=count)


def scored(events: list[Event]) -> Event:
    found = [e for e in events if e["type"] == "scored"]
    assert len(found) == 1, events
    return found[0]


def pid(pap: dict[str, Any]) -> str:
    return papyrus_id(pap["rank"], pap["threshold"])


def full_state(
    *,
    players: list[str],
    hands: list[list[str]],
    draw: list[str],
    papyri: list[str],
    discard: list[str] | None = None,
    rows: list[list[str]] | None = None,
    points: list[int] | None = None,
    current: int = 0,
    target: int = 50,
) -> Ankh:
    """A hand-made full-mode state whose deck is exactly the cards placed in it."""
    n = len(players)
    rows = rows or [[] for _ in range(n)]
    discard = discard or []
    cards = Counter(c for h in hands for c in h) + Counter(draw) + Counter(discard) + Counter(papyri)
    cards += Counter(c for r in rows for c in r)
    return Ankh.from_json(
        {
            "game": "ankh",
            "players": players,
            "mode": "full",
            "target": target,
            "deck": dict(cards),
            "hands": hands,
            "draw": draw,
            "discard": discard,
            "unseen": 0,
            "rows": rows,
            "papyri": papyri,
            "points": points or [0] * n,
            "current": current,
            "starter": current,
            "phase": "play",
            "end": None,
            "winners": [],
            "shuffle_seed": 7,
            "reshuffles": 0,
            "scorings": 0,
        }
    )


# ------------------------------------------------------------- rulebook examples


def tanya_tom_julia() -> tuple[Ankh, list[Event]]:
    """The rulebook's scoring example. Papyrus yellow ×2, green ×1, blue ×0, red ×−1, 5
    mummies. Tanya lays her 5th mummy; Tom has 4, Julia 2."""
    s = table(["Tanya", "Tom", "Julia"], YGBR5)
    play(s, "Tanya", "green-1")
    play(s, "Tom", "yellow-4")
    play(s, "Julia", "yellow-3")
    play(s, "Tanya", "green-2")
    play(s, "Tom", "green-3")
    play(s, "Julia", "yellow-3")
    play(s, "Tanya", "blue-1")
    play(s, "Tom", "blue-5")
    sacrifice(s, "Julia", 1)
    play(s, "Tanya", "blue-2")
    play(s, "Tom", "red-2")
    sacrifice(s, "Julia", 2)
    events = play(s, "Tanya", "red-1")
    return s, events


def test_rulebook_tom_scores_9_points() -> None:
    # yellow 4 ×2 = 8, green 3 ×1 = 3, blue 5 ×0 = 0, red 2 ×−1 = −2: 8 + 3 + 0 − 2 = 9.
    s, events = tanya_tom_julia()
    event = scored(events)
    assert event["awards"]["Tom"] == 9
    assert event["rows"]["Tom"] == [
        {"card": "yellow-4", "factor": 2, "points": 8},
        {"card": "green-3", "factor": 1, "points": 3},
        {"card": "blue-5", "factor": 0, "points": 0},
        {"card": "red-2", "factor": -1, "points": -2},
    ]
    assert s.scores()["Tom"] == 9


def test_rulebook_julia_scores_12_points() -> None:
    # Two yellow 3s: (3 + 3) × 2 = 12, although she has only 2 of the 5 mummies.
    s, events = tanya_tom_julia()
    event = scored(events)
    assert event["awards"]["Julia"] == 12
    assert [c["points"] for c in event["rows"]["Julia"]] == [6, 6]
    assert s.scores()["Julia"] == 12


def test_rulebook_scoring_example_triggered_by_tanyas_fifth_mummy() -> None:
    # Tanya: green 1 + green 2 (×1) = 3, blue 1 + blue 2 (×0) = 0, red 1 (×−1) = −1: 2.
    # All players score, then every row is cleared; Tom (left of Tanya) starts the next round.
    s, events = tanya_tom_julia()
    event = scored(events)
    assert event["trigger"] == "mummy" and event["player"] == "Tanya"
    assert event["threshold"] == 5 and event["papyrus"] == pid(YGBR5)
    assert event["awards"] == {"Tanya": 2, "Tom": 9, "Julia": 12}
    assert event["next"] == "Tom"
    assert s.to_act == "Tom" and s.public_state()["starter"] == "Tom"
    assert all(row == [] for row in s.public_state()["rows"].values())
    assert s.public_state()["papyrus_pile"] == [pid(YGBR5)]


def test_rulebook_papyrus_example_card_values() -> None:
    # Before: green ×2, red ×0 (papyrus G>B>R>Y): the green scarab 4 scores 8, the red
    # Anubis 3 scores 0. After B>R>Y>G covers it: green ×−1 = −4, red ×1 = 3.
    row = ["green-4", "red-3"]
    assert row_breakdown(row, factors(pid(GBRY5))) == (
        8,
        [{"card": "green-4", "factor": 2, "points": 8}, {"card": "red-3", "factor": 0, "points": 0}],
    )
    assert row_breakdown(row, factors(pid(BRYG3))) == (
        -1,
        [{"card": "green-4", "factor": -1, "points": -4}, {"card": "red-3", "factor": 1, "points": 3}],
    )


def test_rulebook_trigger_by_papyrus_5_then_3() -> None:
    # "The previous papyrus demanded 5 mummies, the new one only 3": Ann already has 3,
    # so laying B>R>Y>G 3 scores at once. Ann: green 4 ×−1 = −4, red 3 ×1 = 3, yellow 1
    # ×0 = 0: −1. Ben: blue 2 ×2 = 4. Ben laid the papyrus: he triggered, Ann starts next.
    s = table(["Ann", "Ben"], GBRY5)
    play(s, "Ann", "green-4")
    play(s, "Ben", "blue-2")
    play(s, "Ann", "red-3")
    sacrifice(s, "Ben", 1)
    play(s, "Ann", "yellow-1")
    events = papyrus(s, "Ben", BRYG3)
    assert events[0] == {"type": "papyrus", "player": "Ben", "card": pid(BRYG3), "threshold": 3}
    event = scored(events)
    assert event["trigger"] == "papyrus" and event["player"] == "Ben"
    assert event["awards"] == {"Ann": -1, "Ben": 4}
    assert event["rows"]["Ann"] == [
        {"card": "green-4", "factor": -1, "points": -4},
        {"card": "red-3", "factor": 1, "points": 3},
        {"card": "yellow-1", "factor": 0, "points": 0},
    ]
    assert s.scores() == {"Ann": -1, "Ben": 4}
    assert event["next"] == "Ann" and s.to_act == "Ann"
    # The new papyrus is the one that stays; the covered one goes to the discard pile.
    assert s.public_state()["papyrus"] == BRYG3
    assert s.public_state()["papyrus_pile"] == [pid(BRYG3)]


def test_rulebook_all_players_score_even_below_the_threshold() -> None:
    # "Then, all players score immediately – even if they don't yet have 5 mummies."
    _, events = tanya_tom_julia()
    event = scored(events)
    assert set(event["awards"]) == {"Tanya", "Tom", "Julia"}
    assert [len(event["rows"][p]) for p in ("Tanya", "Tom", "Julia")] == [5, 4, 2]


# ------------------------------------------------------------------ scoring rules


def test_the_five_factors_per_position() -> None:
    # rank position 1 ×2, 2 ×1, 3 ×0, 4 ×−1
    assert factors(pid(YGBR5)) == {"yellow": 2, "green": 1, "blue": 0, "red": -1}
    # a 5 of each colour: 10 + 5 + 0 − 5 = 10
    assert row_breakdown(["yellow-5", "green-5", "blue-5", "red-5"], factors(pid(YGBR5)))[0] == 10


def test_a_mummy_below_the_threshold_does_not_score() -> None:
    s = table(["Ann", "Ben"], RBGY3)
    assert play(s, "Ann", "red-5") == [{"type": "played", "player": "Ann", "card": "red-5", "row": 1}]
    play(s, "Ben", "red-4")
    assert [e["type"] for e in play(s, "Ann", "red-3")] == ["played"]  # 2 < 3
    sacrifice(s, "Ben", 1)
    events = play(s, "Ann", "red-1")  # Ann's 3rd: 3 ≥ 3 scores
    assert scored(events)["awards"] == {"Ann": 18, "Ben": 8}  # (5 + 3 + 1) × 2; 4 × 2


def test_a_papyrus_whose_threshold_is_not_met_does_not_score() -> None:
    s = table(["Ann", "Ben"], GBRY5)
    play(s, "Ann", "green-4")
    play(s, "Ben", "blue-2")
    events = papyrus(s, "Ann", GYBR4)  # rows of 1: below 4
    assert [e["type"] for e in events] == ["papyrus"]
    assert s.public_state()["papyrus"] == GYBR4
    assert s.public_state()["papyrus_pile"] == [pid(GBRY5), pid(GYBR4)]
    assert s.scores() == {"Ann": 0, "Ben": 0}


def test_a_papyrus_triggers_on_another_players_row() -> None:
    # Cleo lays R>B>G>Y 3 while only Ann has 3 mummies: Cleo triggered, so Ann (left of
    # Cleo) starts. Ann: green 2 ×0 + yellow 1 ×−1 + red 5 ×2 = 9; Ben: blue 3 ×1 = 3.
    s = table(["Ann", "Ben", "Cleo"], GBRY5)
    play(s, "Ann", "green-2")
    play(s, "Ben", "blue-3")
    sacrifice(s, "Cleo", 4)
    play(s, "Ann", "yellow-1")
    sacrifice(s, "Ben", 3)
    sacrifice(s, "Cleo", 2)
    play(s, "Ann", "red-5")
    sacrifice(s, "Ben", 1)
    event = scored(papyrus(s, "Cleo", RBGY3))
    assert event["player"] == "Cleo" and event["trigger"] == "papyrus"
    assert event["awards"] == {"Ann": 9, "Ben": 3, "Cleo": 0}
    assert event["next"] == "Ann" and s.to_act == "Ann"


def test_the_player_after_the_last_seat_is_the_first() -> None:
    # Ben (the last seat) triggers: "the player to the left" is Ann again.
    s = table(["Ann", "Ben"], RBGY3)
    sacrifice(s, "Ann", 1)
    play(s, "Ben", "red-1")
    sacrifice(s, "Ann", 1)
    play(s, "Ben", "red-2")
    sacrifice(s, "Ann", 1)
    event = scored(play(s, "Ben", "red-3"))  # (1 + 2 + 3) × 2 = 12
    assert event["awards"] == {"Ann": 0, "Ben": 12}
    assert event["next"] == "Ann" and s.to_act == "Ann"


def test_negative_scores_and_totals() -> None:
    # Papyrus R>B>G>Y 3: yellow ×−1. Ann: 5 + 5 + 4 = −14. Ben: yellow 3 = −3.
    s = table(["Ann", "Ben"], RBGY3)
    play(s, "Ann", "yellow-5")
    play(s, "Ben", "yellow-3")
    play(s, "Ann", "yellow-5")
    sacrifice(s, "Ben", 2)
    event = scored(play(s, "Ann", "yellow-4"))
    assert event["awards"] == {"Ann": -14, "Ben": -3}
    assert s.scores() == {"Ann": -14, "Ben": -3}
    assert not s.finished


def test_scoring_clears_every_played_card_except_the_top_papyrus() -> None:
    # Three papyri on the pile and three rows: after the scoring only the top papyrus is
    # left; the rest (4 mummies + 2 papyri) is on the discard pile.
    s = table(["Ann", "Ben", "Cleo"], YGBR5)
    play(s, "Ann", "yellow-2")
    papyrus(s, "Ben", GYBR4)
    play(s, "Cleo", "red-2")
    papyrus(s, "Ann", GBRY5)
    play(s, "Ben", "blue-4")
    play(s, "Cleo", "red-3")
    events = papyrus(s, "Ann", BRYG3)  # no row of 3: no scoring yet
    assert [e["type"] for e in events] == ["papyrus"]
    play(s, "Ben", "blue-5")
    event = scored(play(s, "Cleo", "red-4"))  # Cleo's 3rd mummy under B>R>Y>G 3
    # Ann: yellow 2 ×0 = 0; Ben: blue (4 + 5) ×2 = 18; Cleo: red (2 + 3 + 4) ×1 = 9.
    assert event["awards"] == {"Ann": 0, "Ben": 18, "Cleo": 9}
    public = s.public_state()
    assert public["papyrus_pile"] == [pid(BRYG3)]
    assert public["rows"] == {"Ann": [], "Ben": [], "Cleo": []}
    assert public["discard_pile"] == 6 + 3  # 6 mummies + 3 covered papyri
    mummies = ["yellow-2", "blue-4", "blue-5", "red-2", "red-3", "red-4"]  # rows in seat order
    assert s.discard == [*mummies, pid(YGBR5), pid(GYBR4), pid(GBRY5)]  # then the papyri, bottom up


def test_a_new_round_counts_mummies_from_zero() -> None:
    # Ann's third red scores: (1 + 3 + 4) × 2 = 16; Ben red 2 ×2 + blue 1 ×1 = 5. Ben
    # starts the next round with an empty row.
    s = table(["Ann", "Ben"], RBGY3)
    play(s, "Ann", "red-1")
    play(s, "Ben", "red-2")
    play(s, "Ann", "red-3")
    play(s, "Ben", "blue-1")
    assert scored(play(s, "Ann", "red-4"))["awards"] == {"Ann": 16, "Ben": 5}
    assert s.scorings == 1 and s.to_act == "Ben"
    assert play(s, "Ben", "blue-2")[0]["row"] == 1
    assert play(s, "Ann", "blue-3")[0]["row"] == 1


# --------------------------------------------------------------------- game end


def reach(target: int | None) -> tuple[Ankh, list[list[Event]]]:
    """Ann keeps laying three red 3s under R>B>G>Y 3: (3 + 3 + 3) × 2 = 18 points a round;
    Ben only sacrifices. A box with plenty of red 3s, so that no copy runs out."""
    extra: dict[str, Any] = {"deck": {"mummies": {"red-3": 40, "blue-1": 30}, "papyri": [RBGY3, BRYG3]}}
    if target is not None:
        extra["target"] = target
    s = table(["Ann", "Ben"], RBGY3, **extra)
    rounds: list[list[Event]] = []
    while not s.finished:
        # Ann triggers every scoring, so Ben starts every round after the first.
        round_events: list[Event] = []
        for k in range(3):
            round_events += play(s, "Ann", "red-3")
            if s.finished:
                break
            if k < 2:
                round_events += sacrifice(s, "Ben", 1)
        if not s.finished:
            round_events += sacrifice(s, "Ben", 1)
        rounds.append(round_events)
    return s, rounds


@pytest.mark.parametrize(
    ("target", "rounds", "final"),
    [
        # 18 a round: 18, 36, 54 ≥ 50 after 3 rounds.
        (None, 3, 54),
        (50, 3, 54),
        # 18 × 6 = 108 ≥ 100 (90 after 5 is not enough).
        (100, 6, 108),
        # 18 × 9 = 162 ≥ 150 (144 after 8).
        (150, 9, 162),
    ],
)
def test_the_game_ends_as_soon_as_a_player_reaches_the_target(
    target: int | None, rounds: int, final: int
) -> None:
    s, played = reach(target)
    assert len(played) == rounds
    assert s.scores() == {"Ann": final, "Ben": 0}
    assert s.finished and s.to_act is None and s.winners() == ["Ann"]
    assert played[-1][-1] == {"type": "game-over", "winners": ["Ann"], "reason": "target-reached"}
    assert s.public_state()["end"] == "target-reached"
    assert s.prompt().to_json() == {
        "code": "game-over",
        "params": {"winners": ["Ann"], "reason": "target-reached"},
    }
    assert s.legal_actions() == []


def test_reaching_exactly_the_target_ends_the_game() -> None:
    # Target 18: one round of (3 + 3 + 3) × 2 = 18 is enough ("reaches or exceeds").
    s, played = reach(18)
    assert len(played) == 1 and s.finished and s.scores()["Ann"] == 18


def test_the_game_does_not_end_one_point_short() -> None:
    s, played = reach(19)  # 18 after one round: not yet; 36 after two
    assert len(played) == 2 and s.scores()["Ann"] == 36


def test_the_trigger_does_not_draw_when_the_game_ends() -> None:
    s, _ = reach(18)
    assert s.public_state()["hand_sizes"] == {"Ann": 3, "Ben": 4}


def test_no_action_is_accepted_after_the_end() -> None:
    s, _ = reach(18)
    before = s.to_json()
    with pytest.raises(IllegalAction) as info:
        s.apply({"player": "Ben", "move": "sacrifice", "count": 1})
    assert info.value.code == "game-over"
    assert s.to_json() == before


def test_most_points_wins_when_two_pass_the_target() -> None:
    # Target 10. Papyrus R>B>G>Y 3: Ann lays blue 5, blue 4 (×1), Ben red 5 + red 4 (×2),
    # then Ann's third blue 3 triggers: Ann 5 + 4 + 3 = 12, Ben (5 + 4) × 2 = 18.
    s = table(["Ann", "Ben"], RBGY3, target=10)
    play(s, "Ann", "blue-5")
    play(s, "Ben", "red-5")
    play(s, "Ann", "blue-4")
    play(s, "Ben", "red-4")
    events = play(s, "Ann", "blue-3")
    assert scored(events)["awards"] == {"Ann": 12, "Ben": 18}
    assert s.finished and s.winners() == ["Ben"]


def test_equal_totals_share_the_win() -> None:
    # Target 10. Papyrus R>B>G>Y 3: Ann blue 5 + blue 3 + blue 2 = 10; Ben red 5 × 2 = 10.
    s = table(["Ann", "Ben", "Cleo"], RBGY3, target=10)
    play(s, "Ann", "blue-5")
    play(s, "Ben", "red-5")
    sacrifice(s, "Cleo", 1)
    play(s, "Ann", "blue-3")
    sacrifice(s, "Ben", 1)
    play(s, "Cleo", "yellow-2")  # ×−1
    events = play(s, "Ann", "blue-2")
    assert scored(events)["awards"] == {"Ann": 10, "Ben": 10, "Cleo": -2}
    assert s.finished and s.winners() == ["Ann", "Ben"]
    assert events[-1] == {"type": "game-over", "winners": ["Ann", "Ben"], "reason": "target-reached"}
    assert render_prompt(s.prompt(), "ankh") == "Game over — Ann and Ben share the win"


def test_a_negative_score_never_ends_the_game() -> None:
    s = table(["Ann", "Ben"], RBGY3, target=10)
    play(s, "Ann", "yellow-5")
    play(s, "Ben", "yellow-5")
    play(s, "Ann", "yellow-4")
    play(s, "Ben", "yellow-4")
    scored(play(s, "Ann", "yellow-3"))
    assert s.scores() == {"Ann": -12, "Ben": -9} and not s.finished


# --------------------------------------------------------------------- sacrifice


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_table_mode_sacrifice_of_1_to_4_cards(count: int) -> None:
    # Discard count unseen cards, draw as many: the hand stays at 4, the draw pile
    # (90 − 1 papyrus − 8 dealt = 81) shrinks by count, the discard pile grows by count.
    s = table(["Ann", "Ben"], YGBR5)
    events = sacrifice(s, "Ann", count)
    assert events == [{"type": "sacrificed", "player": "Ann", "count": count}]
    public = s.public_state()
    assert public["hand_sizes"] == {"Ann": 4, "Ben": 4}
    assert public["draw_pile"] == 81 - count
    assert public["discard_pile"] == count
    assert s.to_act == "Ben"


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_full_mode_sacrifice_discards_the_cards_held_longest(count: int) -> None:
    hand = ["red-1", "blue-2", "green-3", "yellow-4"]
    draw = ["blue-5", "blue-4", "blue-3", "blue-2", "blue-1"]  # the top is the end
    s = full_state(
        players=["Ann", "Ben"], hands=[list(hand), ["red-5"] * 4], draw=list(draw), papyri=[pid(YGBR5)]
    )
    events = s.apply({"player": "Ann", "move": "sacrifice", "count": count})
    assert events == [{"type": "sacrificed", "player": "Ann", "count": count, "cards": hand[:count]}]
    # Drawn one by one from the top: blue-1 first, then blue-2, ...
    assert s.hands[0] == hand[count:] + ["blue-1", "blue-2", "blue-3", "blue-4"][:count]
    assert s.discard == hand[:count]
    assert len(s.draw) == 5 - count


@pytest.mark.parametrize("count", [0, -1, 5, 99])
@pytest.mark.parametrize("mode", ["table", "full"])
def test_a_sacrifice_beyond_the_hand_is_refused(mode: str, count: int) -> None:
    header = {"game": "ankh", "players": ["Ann", "Ben"], "mode": mode, "papyrus": YGBR5, "seed": 3}
    s = engines.new_game(header)
    before = s.to_json()
    with pytest.raises(IllegalAction) as info:
        s.apply({"player": "Ann", "move": "sacrifice", "count": count})
    assert info.value.code == "sacrifice-count"
    assert "1 to 4" in info.value.message
    assert s.to_json() == before


@pytest.mark.parametrize("count", ["2", 2.0, True, None, [2]])
def test_a_sacrifice_count_must_be_a_whole_number(count: Any) -> None:
    s = table(["Ann", "Ben"], YGBR5)
    with pytest.raises(IllegalAction) as info:
        s.apply({"player": "Ann", "move": "sacrifice", "count": count})
    assert info.value.code == "malformed-action"


@pytest.mark.parametrize("mode", ["table", "full"])
def test_legal_sacrifices_are_1_to_the_hand_size(mode: str) -> None:
    header = {"game": "ankh", "players": ["Ann", "Ben"], "mode": mode, "papyrus": YGBR5, "seed": 3}
    s = engines.new_game(header)
    counts = [a["count"] for a in s.legal_actions() if a["move"] == "sacrifice"]
    assert counts == [1, 2, 3, 4]


# ------------------------------------------------------------------ draw pile


def test_table_mode_tracks_the_draw_pile_and_hand_sizes() -> None:
    # 90 cards − 1 face-up papyrus − 3 × 4 dealt = 77; every play draws one.
    s = table(["Ann", "Ben", "Cleo"], YGBR5)
    assert s.public_state()["draw_pile"] == 77
    play(s, "Ann", "green-1")
    papyrus(s, "Ben", GYBR4)
    assert s.public_state()["draw_pile"] == 75
    assert s.public_state()["hand_sizes"] == {"Ann": 4, "Ben": 4, "Cleo": 4}


def reshuffle_deck() -> dict[str, Any]:
    """A small box for reshuffles: 8 red 5s, 4 blue 1s and two papyri (R>B>G>Y 3 and
    B>R>Y>G 3): 14 cards, the least 2 players need with threshold 3 (2 × (4 + 2) + 1 = 13)."""
    return {"mummies": {"red-5": 8, "blue-1": 4}, "papyri": [RBGY3, BRYG3]}


def test_table_mode_reshuffle_keeps_the_top_papyrus() -> None:
    # 14 cards − 1 − 8 dealt: the draw pile holds 5.
    s = table(["Ann", "Ben"], RBGY3, deck=reshuffle_deck())
    assert s.public_state()["draw_pile"] == 5
    sacrifice(s, "Ann", 2)  # draw pile 3, discards 2 (unseen)
    papyrus(s, "Ben", BRYG3)  # draw pile 2; R>B>G>Y is covered
    play(s, "Ann", "red-5")  # 1
    play(s, "Ben", "blue-1")  # 0
    # Ann sacrifices 3: discard 3 (5 unseen), draw 3 from an empty pile: reshuffle the 5
    # discards and the covered papyrus (6 cards); the top B>R>Y>G stays. 6 − 3 = 3 left.
    events = sacrifice(s, "Ann", 3)
    assert events == [
        {"type": "sacrificed", "player": "Ann", "count": 3},
        {"type": "reshuffled", "cards": 6},
    ]
    public = s.public_state()
    assert public["draw_pile"] == 3 and public["discard_pile"] == 0 and public["reshuffles"] == 1
    assert public["papyrus_pile"] == [pid(BRYG3)]
    assert public["hand_sizes"] == {"Ann": 4, "Ben": 4}
    # R>B>G>Y went back into the draw pile: a hand may hold it again.
    assert {"player": "Ben", "move": "play", "papyrus": RBGY3} in s.legal_actions()


def test_table_mode_reshuffle_part_way_through_a_draw() -> None:
    s = table(["Ann", "Ben"], RBGY3, deck=reshuffle_deck())
    sacrifice(s, "Ann", 4)  # draw pile 1, 4 unseen discards
    # Ben sacrifices 2: 6 unseen discards; he draws the last card, then the 6 discards are
    # reshuffled (no papyrus under the top) and he draws one more: 5 left.
    events = sacrifice(s, "Ben", 2)
    assert events[-1] == {"type": "reshuffled", "cards": 6}
    assert s.public_state()["draw_pile"] == 5
    assert s.public_state()["hand_sizes"] == {"Ann": 4, "Ben": 4}


def test_table_mode_scored_cards_count_as_seen_until_reshuffled() -> None:
    # 8 red 5s (22 cards: the draw pile of 13 does not run out here). Scored cards lie
    # on the discard pile, seen: they still count until a reshuffle.
    deck = {"mummies": {"red-5": 8, "blue-1": 12}, "papyri": [RBGY3, BRYG3]}
    s = table(["Ann", "Ben"], RBGY3, deck=deck)
    for _ in range(2):
        play(s, "Ann", "red-5")
        play(s, "Ben", "red-5")
    play(s, "Ann", "red-5")  # scoring: Ann 30, Ben 20
    assert s.scores() == {"Ann": 30, "Ben": 20}
    play(s, "Ben", "red-5")
    play(s, "Ann", "red-5")
    play(s, "Ben", "red-5")
    # All 8 red 5s are seen: 5 on the discard pile, 3 in rows. No hand can hold one.
    assert s.public_state()["draw_pile"] == 13 - 8
    assert [a for a in s.legal_actions() if a.get("card") == "red-5"] == []
    with pytest.raises(IllegalAction) as info:
        play(s, "Ann", "red-5")
    assert info.value.code == "card-not-available"


def test_full_mode_reshuffle_keeps_the_top_papyrus_and_shuffles_the_rest() -> None:
    # The draw pile is empty; the discard pile holds 3 cards and 2 papyri lie under the
    # top one. Ann plays a mummy and must draw: those 5 cards become the new draw pile.
    s = full_state(
        players=["Ann", "Ben"],
        hands=[["red-1", "red-2", "red-3", "red-4"], ["blue-1", "blue-2", "blue-3", "blue-4"]],
        draw=[],
        discard=["green-1", "green-2", "green-3"],
        papyri=[pid(GYBR4), pid(YBRG4), pid(YGBR5)],
    )
    events = s.apply({"player": "Ann", "move": "play", "card": "red-1"})
    assert events[-1] == {"type": "reshuffled", "cards": 5}
    assert s.papyri == [pid(YGBR5)]
    assert s.discard == []
    new_pile = Counter(s.draw) + Counter([s.hands[0][-1]])
    assert new_pile == Counter(["green-1", "green-2", "green-3", pid(GYBR4), pid(YBRG4)])
    assert len(s.draw) == 4 and s.reshuffles == 1


def test_full_mode_reshuffle_is_reproducible() -> None:
    def after() -> list[str]:
        s = full_state(
            players=["Ann", "Ben"],
            hands=[["red-1", "red-2", "red-3", "red-4"], ["blue-1"] * 4],
            draw=[],
            discard=[f"green-{v}" for v in range(1, 6)] + [f"yellow-{v}" for v in range(1, 6)],
            papyri=[pid(YGBR5)],
        )
        s.apply({"player": "Ann", "move": "sacrifice", "count": 4})
        return list(s.draw)

    assert after() == after()


def test_full_mode_the_trigger_draws_after_the_scoring() -> None:
    # The draw pile is empty when Ann's third red scores: the scored rows are discarded
    # first, so her draw reshuffles them (3 of Ann's + 1 of Ben's = 4 cards; 3 are left).
    s = full_state(
        players=["Ann", "Ben"],
        hands=[["red-3", "blue-1", "blue-1", "blue-1"], ["blue-2"] * 4],
        draw=[],
        rows=[["red-1", "red-2"], ["red-5"]],
        papyri=[pid(RBGY3)],
    )
    events = s.apply({"player": "Ann", "move": "play", "card": "red-3"})
    assert [e["type"] for e in events] == ["played", "scored", "reshuffled"]
    assert scored(events)["awards"] == {"Ann": 12, "Ben": 10}  # (1 + 2 + 3) × 2; 5 × 2
    assert events[-1]["cards"] == 4 and len(s.draw) == 3 and len(s.hands[0]) == 4


def test_full_mode_draws_back_to_four_from_the_top() -> None:
    s = full_state(
        players=["Ann", "Ben"],
        hands=[["red-1", "red-2", "red-3", "red-4"], ["blue-1"] * 4],
        draw=["green-1", "green-2"],
        papyri=[pid(YGBR5)],
    )
    s.apply({"player": "Ann", "move": "play", "card": "red-2"})
    assert s.hands[0] == ["red-1", "red-3", "red-4", "green-2"]
    assert s.draw == ["green-1"]


# ----------------------------------------------------------- table-mode knowledge


def test_table_mode_offers_every_card_not_all_of_whose_copies_are_seen() -> None:
    s = table(["Ann", "Ben"], YGBR5, deck=BOX)
    plays = [a for a in s.legal_actions() if a["move"] == "play"]
    # 20 mummy cards and 18 papyri; the face-up Y>G>B>R 5 is the only copy of its kind.
    assert len(plays) == 20 + 17
    assert {"player": "Ann", "move": "play", "papyrus": YGBR5} not in plays
    assert {"player": "Ann", "move": "play", "card": "green-5"} in plays


def test_table_mode_refuses_a_card_whose_copies_are_all_seen() -> None:
    # The declared default box has 3 yellow 5s.
    s = table(["Ann", "Ben"], GBRY5, deck=BOX)
    play(s, "Ann", "yellow-5")
    play(s, "Ben", "yellow-5")
    play(s, "Ann", "yellow-5")
    before = s.to_json()
    with pytest.raises(IllegalAction) as info:
        play(s, "Ben", "yellow-5")
    assert info.value.code == "card-not-available"
    assert "all 3" in info.value.message
    assert s.to_json() == before
    with pytest.raises(IllegalAction) as info:
        papyrus(s, "Ben", GBRY5)  # the face-up papyrus itself
    assert info.value.code == "card-not-available"


def test_table_mode_hands_stay_at_four() -> None:
    s = table(["Ann", "Ben", "Cleo"], YGBR5)
    rng = random.Random(5)
    for _ in range(150):
        s.apply(rng.choice(s.legal_actions()))
        if s.finished:
            break
        assert set(s.public_state()["hand_sizes"].values()) == {4}


# ----------------------------------------------------------------- full mode setup


def test_full_mode_deals_four_cards_each_from_a_seeded_shuffle() -> None:
    header = {"game": "ankh", "players": ["Ann", "Ben", "Cleo"], "mode": "full", "seed": 11}
    s = engines.new_game(header)
    assert isinstance(s, Ankh)
    assert [len(h) for h in s.hands] == [4, 4, 4]
    assert len(s.draw) == 90 - 1 - 12
    everything = Counter(c for h in s.hands for c in h) + Counter(s.draw) + Counter(s.papyri)
    assert everything == s.deck
    assert parse_papyrus(s.top) is not None  # a random papyrus of the deck is face up
    assert engines.new_game(header).to_json() == s.to_json()
    assert engines.new_game({**header, "seed": 12}).to_json() != s.to_json()


def test_full_mode_header_may_name_the_starting_papyrus() -> None:
    s = engines.new_game(
        {"game": "ankh", "players": ["Ann", "Ben"], "mode": "full", "seed": 1, "papyrus": BRYG3}
    )
    assert isinstance(s, Ankh)
    assert s.papyri == [pid(BRYG3)]
    assert pid(BRYG3) not in s.draw and all(pid(BRYG3) not in h for h in s.hands)


def test_full_mode_needs_a_seed() -> None:
    with pytest.raises(BadHeader) as info:
        engines.new_game({"game": "ankh", "players": ["Ann", "Ben"], "mode": "full"})
    assert info.value.code == "missing-seed"


def test_full_mode_refuses_a_card_not_in_hand() -> None:
    s = full_state(
        players=["Ann", "Ben"],
        hands=[["red-1", "red-2", "red-3", "red-4"], ["blue-1"] * 4],
        draw=["green-1"] * 5,
        papyri=[pid(YGBR5), pid(GBRY5)],
    )
    before = s.to_json()
    for action in (
        {"player": "Ann", "move": "play", "card": "blue-1"},
        {"player": "Ann", "move": "play", "papyrus": GBRY5},
    ):
        with pytest.raises(IllegalAction) as info:
            s.apply(action)
        assert info.value.code == "card-not-in-hand"
        assert s.to_json() == before


def test_full_mode_legal_actions_offer_each_different_card_once() -> None:
    s = full_state(
        players=["Ann", "Ben"],
        hands=[["red-1", pid(GBRY5), "red-1", "blue-2"], ["blue-1"] * 4],
        draw=["green-1"] * 5,
        papyri=[pid(YGBR5)],
    )
    assert s.legal_actions() == [
        {"player": "Ann", "move": "play", "card": "red-1"},
        {"player": "Ann", "move": "play", "papyrus": GBRY5},
        {"player": "Ann", "move": "play", "card": "blue-2"},
    ] + [{"player": "Ann", "move": "sacrifice", "count": k} for k in (1, 2, 3, 4)]


def test_simulation_header_is_full_mode() -> None:
    header = Ankh.simulation_header(["Ann", "Ben"], 5)
    assert header == {"game": "ankh", "players": ["Ann", "Ben"], "mode": "full", "seed": 5}
    game = play_random(header, random.Random(1))
    assert game.state.finished


# ------------------------------------------------------------------------ headers


def test_table_mode_needs_the_starting_papyrus() -> None:
    with pytest.raises(BadHeader) as info:
        engines.new_game({"game": "ankh", "players": ["Ann", "Ben"]})
    assert info.value.code == "missing-papyrus"


@pytest.mark.parametrize(
    ("key", "value", "code"),
    [
        ("mode", "simulation", "bad-mode"),
        ("mode", None, "bad-mode"),
        ("target", 0, "bad-target"),
        ("target", "50", "bad-target"),
        ("target", True, "bad-target"),
        ("papyrus", {"rank": ["yellow", "green", "blue"], "threshold": 5}, "bad-papyrus"),
        ("papyrus", {"rank": ["yellow", "green", "blue", "blue"], "threshold": 5}, "bad-papyrus"),
        ("papyrus", {"rank": ["yellow", "green", "blue", "red"], "threshold": "5"}, "bad-papyrus"),
        ("papyrus", "papyrus-yellow-green-blue-red-5", "bad-papyrus"),
        ("papyrus", {"rank": ["yellow", "green", "blue", "red"], "threshold": 7}, "papyrus-not-in-deck"),
        ("papyrus", {"rank": ["yellow", "green", "blue", "red"], "threshold": 20}, None),
        ("deck", {"mummies": {"purple-3": 4}, "papyri": [YGBR5]}, "bad-deck"),
        ("deck", {"mummies": {"red-6": 4}, "papyri": [YGBR5]}, "bad-deck"),
        ("deck", {"mummies": {"red-5": -1}, "papyri": [YGBR5]}, "bad-deck"),
        ("deck", {"mummies": {"red-5": 10**9}, "papyri": [YGBR5]}, "bad-deck"),
        ("deck", {"mummies": {"red-5": 50}, "papyri": [YGBR5] * 101}, "bad-deck"),
        ("deck", {"mummies": {"red-5": 20}, "papyri": []}, "bad-deck"),
        ("deck", {"mummies": {"red-5": 20}}, "bad-deck"),
        ("deck", [], "bad-deck"),
        ("deck", {"mummies": {"red-5": 10}, "papyri": [YGBR5]}, "deck-too-small"),
        ("players", ["Ann"], "player-count"),
        ("players", ["A", "B", "C", "D", "E", "F"], "player-count"),
        ("players", ["Ann", "Ann"], "bad-players"),
    ],
)
def test_bad_headers_are_refused(key: str, value: Any, code: str | None) -> None:
    header = {"game": "ankh", "players": ["Ann", "Ben"], "papyrus": YGBR5, "deck": BOX, key: value}
    if code is None:  # accepted with the declared box... and without a box (decision K21)
        header["deck"] = {**BOX, "papyri": [*BOX["papyri"], value]}
        engines.new_game(header)
        del header["deck"]
        engines.new_game(header)
        return
    with pytest.raises(BadHeader) as info:
        engines.new_game(header)
    assert info.value.code == code


def test_the_deck_size_minimum_depends_on_players_and_thresholds() -> None:
    # 2 players, highest threshold 5: 2 × (4 + 5 − 1) + 1 = 17 cards.
    papyri = [YGBR5]
    ok = {"mummies": {"red-5": 16}, "papyri": papyri}
    table(["Ann", "Ben"], YGBR5, deck=ok)
    with pytest.raises(BadHeader) as info:
        table(["Ann", "Ben", "Cleo"], YGBR5, deck=ok)  # 3 × 8 + 1 = 25
    assert info.value.code == "deck-too-small"
    assert "25" in info.value.message


def test_the_default_deck() -> None:
    s = engines.new_game({"game": "ankh", "players": ["Ann", "Ben"], "mode": "full", "seed": 1})
    assert isinstance(s, Ankh)
    deck = s.deck
    assert sum(deck[c] for c in MUMMY) == 72
    for colour in COLOURS:
        assert [deck[f"{colour}-{v}"] for v in range(1, 6)] == [3, 4, 4, 4, 3]
    papyri = [c for c in deck if c not in MUMMY]
    assert sum(deck[c] for c in papyri) == 18 and len(papyri) == 18
    thresholds = Counter(parse_papyrus(c)[1] for c in papyri)  # type: ignore[index]
    assert thresholds == {3: 4, 4: 5, 5: 5, 6: 4}
    for position in range(4):
        by_colour = Counter(parse_papyrus(c)[0][position] for c in papyri)  # type: ignore[index]
        assert sorted(by_colour.values()) == [4, 4, 5, 5]
    # The rulebook's papyri are in it: Y>G>B>R 5 (Tom and Julia) and the example pair.
    for pap in (YGBR5, GBRY5, BRYG3):
        assert deck[pid(pap)] == 1


def test_a_header_deck_replaces_the_default() -> None:
    deck = {"mummies": {"green-2": 10, "red-4": 10}, "papyri": [YGBR5, BRYG3]}
    s = table(["Ann", "Ben"], BRYG3, deck=deck)
    assert s.public_state()["draw_pile"] == 22 - 1 - 8
    assert sorted({a.get("card") for a in s.legal_actions() if "card" in a}) == ["green-2", "red-4"]
    with pytest.raises(IllegalAction) as info:
        play(s, "Ann", "blue-3")
    assert info.value.code == "unknown-card"


# ------------------------------------------------------------ refused actions


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ({"player": "Ben", "move": "play", "card": "red-1"}, "out-of-turn"),
        ({"player": "Zed", "move": "play", "card": "red-1"}, "unknown-player"),
        ({"player": ["Ann"], "move": "play", "card": "red-1"}, "unknown-player"),
        ({"player": "Ann", "move": "draw"}, "wrong-move"),
        ({"player": "Ann", "move": ["play"], "card": "red-1"}, "malformed-action"),
        ({"player": "Ann", "move": "play"}, "malformed-action"),
        ({"player": "Ann", "move": "play", "card": "red-1", "papyrus": GBRY5}, "malformed-action"),
        ({"player": "Ann", "move": "play", "card": ["red-1"]}, "malformed-action"),
        ({"player": "Ann", "move": "play", "card": "red-6"}, "unknown-card"),
        ({"player": "Ann", "move": "play", "card": "purple-1"}, "unknown-card"),
        ({"player": "Ann", "move": "play", "card": "papyrus-green-blue-red-yellow-5"}, "unknown-card"),
        (
            {"player": "Ann", "move": "play", "papyrus": {"rank": ["green"], "threshold": 5}},
            "malformed-action",
        ),
        ({"player": "Ann", "move": "play", "papyrus": "papyrus-green-blue-red-yellow-5"}, "malformed-action"),
        (
            {
                "player": "Ann",
                "move": "play",
                "papyrus": {"rank": ["green", "blue", "red", "yellow"], "threshold": 9},
            },
            "unknown-card",
        ),
        ("play red-1", "malformed-action"),
    ],
)
def test_refused_actions_leave_the_state_untouched(action: Any, code: str) -> None:
    s = table(["Ann", "Ben"], YGBR5, deck=BOX)
    before = s.to_json()
    with pytest.raises(IllegalAction) as info:
        s.apply(action)
    assert info.value.code == code
    assert info.value.message
    assert s.to_json() == before


# ------------------------------------------------------------- lines and state


def test_legal_actions_are_read_only_and_copy_to_plain_dicts() -> None:
    s = table(["Ann", "Ben"], YGBR5)
    first = s.legal_actions()[0]
    with pytest.raises(TypeError):
        first["card"] = "red-5"  # type: ignore[index]
    copied = dict(first)
    copied["card"] = "red-5"
    assert type(copy.deepcopy(first)) is dict and json.loads(json.dumps(first)) == first
    paper = next(a for a in s.legal_actions() if "papyrus" in a)
    with pytest.raises(TypeError):
        paper["papyrus"]["rank"].append("red")
    # A plain copy of a line is accepted like the line itself.
    t = table(["Ann", "Ben"], YGBR5)
    assert s.apply(dict(first)) == t.apply(first)
    assert s.to_json() == t.to_json()


def test_a_line_of_another_turn_is_refused() -> None:
    s = table(["Ann", "Ben"], YGBR5)
    anns = s.legal_actions()
    play(s, "Ann", "red-1")
    with pytest.raises(IllegalAction) as info:
        s.apply(anns[0])
    assert info.value.code == "out-of-turn"


def test_state_round_trips_through_json_in_both_modes() -> None:
    s, _ = tanya_tom_julia()
    data = json.loads(json.dumps(s.to_json()))
    assert Ankh.from_json(data).to_json() == s.to_json()
    f = engines.new_game(Ankh.simulation_header(["Ann", "Ben", "Cleo"], 4))
    assert Ankh.from_json(json.loads(json.dumps(f.to_json()))).to_json() == f.to_json()


def test_public_state_keys() -> None:
    s, _ = tanya_tom_julia()
    public = s.public_state()
    assert public["prompt"] == {
        "code": "play",
        "params": {"player": "Tom", "threshold": 5, "papyrus": pid(YGBR5)},
    }
    assert public["phase"] == "play" and public["end"] is None
    assert public["mode"] == "table" and public["target"] == 50
    assert public["papyrus"] == YGBR5
    assert public["hand_sizes"] == {"Tanya": 4, "Tom": 4, "Julia": 4}
    # 90 − 1 − 12 = 77; 13 turns: 11 plays draw 1 each, sacrifices 1 and 2 draw 3: 77 − 14.
    assert public["draw_pile"] == 63
    assert public["discard_pile"] == 11 + 3  # the scored rows and the sacrificed cards
    assert "hands" not in public


def test_wording_names_cards_in_three_languages() -> None:
    event = {"type": "played", "player": "Ann", "card": "green-3", "row": 2}
    assert render_event(event, "ankh") == "Ann plays green 3 (mummy 2 in the row)"
    assert render_event(event, "ankh", "de") == "Ann spielt die grüne 3 aus (2. Mumie in der Reihe)"
    assert render_event(event, "ankh", "nl") == "Ann speelt de groene 3 (mummie 2 in de rij)"
    event = {"type": "papyrus", "player": "Ben", "card": pid(YGBR5), "threshold": 5}
    assert render_event(event, "ankh") == (
        "Ben lays a new wish list: papyrus yellow > green > blue > red (5 mummies)"
    )
    _, events = tanya_tom_julia()
    assert render_event(scored(events), "ankh") == (
        "SCORING at 5 mummies, triggered by Tanya: Tanya +2, Tom +9, Julia +12"
    )
    s = table(["Ann", "Ben"], YGBR5)
    assert render_prompt(s.prompt(), "ankh", "de") == (
        "Ann: eine Karte ausspielen oder ein Opfer bringen (Wertung bei 5 Mumien)"
    )


def test_a_replayed_log_gives_the_same_game() -> None:
    log = [json.dumps({"game": "ankh", "players": ["Ann", "Ben"], "papyrus": RBGY3})]
    log += [
        json.dumps({"player": p, "move": "play", "card": c}) for p, c in [("Ann", "red-1"), ("Ben", "red-2")]
    ]
    result = replay(log)
    assert result.state.public_state()["rows"] == {"Ann": ["red-1"], "Ben": ["red-2"]}
