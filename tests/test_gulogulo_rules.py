"""Pharaoh's Gulo Gulo: every worked example of the rulebook, every digest rule
(``shared/rules/README.md`` section 4) and every decision of
``docs/rules-decisions-gulogulo.md`` (G1–G22), as engine tests.

Most scenes use small boards written out below, in table mode, so that each marker's
colour is whatever the scene says (a ``reveal`` line reports it). Positions are space
indices: 0 is the start. A scene that needs adventurers, scarabs or the mummy somewhere
particular arrives there through the JSON round trip, the way a resumed game would. All
expected values were worked out by hand from the rules; the comments show the reasoning.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import engines
from engines.core import BadHeader, Event, IllegalAction
from engines.gulogulo import board as boards
from engines.gulogulo.game import GuloGulo

TWO = ["Ann", "Ben"]
THREE = ["Ann", "Ben", "Cleo"]
COLOURS = {"red": 5, "blue": 5, "yellow": 5}


def small_board(boulders: dict[str, int] | None = None) -> dict[str, Any]:
    """9 spaces: 0 start; 1, 2 desert (2 is a scarab space); 3 entrance; 4 pyramid
    (scarab), 5 pyramid (1 mummy symbol), 6 pyramid; 7 the space before the chamber
    (the mummy starts there, facing the entrance); 8 the chamber. Every desert, pyramid
    and front space holds a marker, so its colour is the marker's."""
    return {
        "boulders": dict(boulders or COLOURS),
        "markers": {
            "desert": {"red": 2, "blue": 2, "yellow": 2},
            "pyramid": {"red": 3, "blue": 3, "yellow": 3},
            "chamber": {"red": 2, "blue": 2, "yellow": 2},
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


def mummy_board() -> dict[str, Any]:
    """For the mummy's walks: 0 start; 1 desert (scarab); 2 entrance; 3 pyramid; 4 pyramid
    (2 mummy symbols); 5 pyramid; 6 pyramid (1 symbol); 7 pyramid; 8 front; 9 chamber.
    The mummy walks spaces 3 to 8."""
    return {
        "boulders": dict(COLOURS),
        "markers": {
            "desert": {"red": 2, "blue": 2, "yellow": 2},
            "pyramid": {"red": 3, "blue": 3, "yellow": 3},
            "chamber": {"red": 2, "blue": 2, "yellow": 2},
        },
        "spaces": [
            {"area": "start"},
            {"area": "desert", "marker": True, "scarab": True},
            {"area": "entrance"},
            {"area": "pyramid", "marker": True},
            {"area": "pyramid", "marker": True, "mummy": 2},
            {"area": "pyramid", "marker": True},
            {"area": "pyramid", "marker": True, "mummy": 1},
            {"area": "pyramid", "marker": True},
            {"area": "front", "marker": True},
            {"area": "chamber"},
        ],
    }


def game(players: list[str] = TWO, board: dict[str, Any] | None = None, **header: Any) -> GuloGulo:
    head: dict[str, Any] = {"game": "gulogulo", "players": players, **header}
    if board is not None:
        head["board"] = board
    state = engines.new_game(head)
    assert isinstance(state, GuloGulo)
    return state


def arranged(state: GuloGulo, **fields: Any) -> GuloGulo:
    """The same game with some state fields replaced, through the JSON round trip.
    ``positions`` and ``scarabs`` may be given by name; ``faces`` lists the colours of
    the first markers along the path (the rest stay face down)."""
    data = state.to_json()
    names = data["players"]
    for key in ("positions", "scarabs"):
        if key in fields:
            for name, value in fields.pop(key).items():
                data[key][names.index(name)] = value
    if "faces" in fields:
        faces = fields.pop("faces")
        data["faces"] = faces + [None] * (len(data["faces"]) - len(faces))
    if "current" in fields:
        fields["current"] = names.index(fields["current"])
    data.update(fields)
    return GuloGulo.from_json(data)


def act(state: GuloGulo, player: str, move: str, **fields: Any) -> list[Event]:
    assert state.to_act == player, f"the engine waits for {state.to_act}, the scene expects {player}"
    return state.apply({"player": player, "move": move, **fields})


def reveal(s: GuloGulo, player: str, colour: str) -> list[Event]:
    return act(s, player, "reveal", colour=colour)


def choose(s: GuloGulo, player: str, colour: str) -> list[Event]:
    return act(s, player, "choose", colour=colour)


def clean(s: GuloGulo, player: str) -> list[Event]:
    return act(s, player, "pull", result="clean")


def landslide(s: GuloGulo, player: str, *fell: str) -> list[Event]:
    return act(s, player, "pull", result="landslide", fell=list(fell or ["staff"]))


def move(s: GuloGulo, player: str, direction: str) -> list[Event]:
    return act(s, player, "move", direction=direction)


def kinds(events: list[Event]) -> list[str]:
    return [e["type"] for e in events]


def of(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e["type"] == kind]


def refused(state: GuloGulo, action: dict[str, Any], code: str) -> IllegalAction:
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.code == code, info.value.message
    assert state.to_json() == before, "a refused action must leave the state as it was"
    return info.value


# Small board, all markers face up: desert 1 red, 2 blue; pyramid 4 yellow, 5 red, 6 blue;
# front 7 yellow.
ALL_UP = ["red", "blue", "yellow", "red", "blue", "yellow"]
# Mummy board, markers face up: 1 red; 3 blue, 4 yellow, 5 red, 6 blue, 7 red; front 8 yellow.
MUMMY_UP = ["red", "blue", "yellow", "red", "blue", "red", "yellow"]


# ===================================================================== the rulebook


def test_rulebook_starting_example_tim_and_ida() -> None:
    """Tim turns over the first desert marker: red. He pulls a red boulder without a
    landslide and moves to the next red space — at the start of the game the first red
    space. Ida may then pull red too, or turn over the next desert marker."""
    s = game(["Tim", "Ida"])  # the default board, table mode
    assert s.prompt().code == "reveal"  # nothing is face up yet: revealing is the only way
    assert {a["move"] for a in s.legal_actions()} == {"reveal"}
    events = reveal(s, "Tim", "red")
    assert events == [
        {
            "type": "revealed",
            "player": "Tim",
            "colour": "red",
            "space": 1,
            "place": "desert-1",
            "pile": "desert",
        }
    ]
    assert s.prompt().code == "pull" and s.prompt().params == {"player": "Tim", "colour": "red"}
    events = clean(s, "Tim")
    # The only red space is the one just revealed, desert space 1 (index 1): forwards only.
    assert of(events, "moved") == [
        {"type": "moved", "player": "Tim", "colour": "red", "direction": "forwards", "from": 0, "to": 1,
         "place": "desert-1"}
    ]  # fmt: skip
    assert s.to_act == "Ida" and s.prompt().code == "explore"
    assert s.prompt().params["colours"] == ["red"]
    legal = s.legal_actions()
    assert {"player": "Ida", "move": "choose", "colour": "red"} in legal
    # The next desert marker may show any colour: of each colour two desert markers exist
    # and only one red is face up.
    assert sorted(a["colour"] for a in legal if a["move"] == "reveal") == ["blue", "green", "red", "yellow"]
    choose(s, "Ida", "red")
    clean(s, "Ida")
    assert s.positions == [1, 1]  # several adventurers may share a space


def test_rulebook_moving_goes_to_the_next_space_of_the_colour_forwards_or_backwards() -> None:
    s = arranged(game(board=small_board()), faces=ALL_UP, positions={"Ann": 4})
    # From pyramid space 4: red lies ahead at 5 and behind at 1 — the player picks.
    choose(s, "Ann", "red")
    clean(s, "Ann")
    assert s.prompt().code == "move" and s.to_act == "Ann"
    assert s.legal_actions() == [
        {"player": "Ann", "move": "move", "direction": "forwards"},
        {"player": "Ann", "move": "move", "direction": "backwards"},
    ]
    events = move(s, "Ann", "backwards")
    assert of(events, "moved")[0]["to"] == 1 and s.positions[0] == 1  # back into the desert
    assert s.to_act == "Ben"


def test_rulebook_landslide_outside_the_pyramid_sends_back_to_the_start() -> None:
    s = game(board=small_board())
    reveal(s, "Ann", "red")
    clean(s, "Ann")  # Ann to desert space 1; the bowl holds 4 red
    reveal(s, "Ben", "blue")
    clean(s, "Ben")  # Ben to desert space 2 (a scarab space: 1 scarab); 4 blue left
    assert s.bowl == {"red": 4, "blue": 4, "yellow": 5} and s.bag == {"red": 1, "blue": 1, "yellow": 0}
    choose(s, "Ann", "blue")
    events = landslide(s, "Ann", "blue")  # a blue boulder fell out
    assert kinds(events) == ["landslide", "back-to-start", "trap-rebuilt"]
    assert events[0] == {"type": "landslide", "player": "Ann", "colour": "blue", "fell": ["blue"]}
    assert s.positions == [0, 2]
    # The trap is rebuilt: every boulder back in the bowl, the bag empty; Ben's turn.
    assert s.bowl == COLOURS and s.bag == {"red": 0, "blue": 0, "yellow": 0}
    assert s.to_act == "Ben" and s.phase == "explore"


def test_rulebook_landslide_inside_the_pyramid_sends_back_to_the_entrance() -> None:
    s = arranged(game(board=small_board()), faces=ALL_UP, positions={"Ann": 5})
    choose(s, "Ann", "blue")
    events = landslide(s, "Ann")
    assert of(events, "back-to-entrance") == [
        {"type": "back-to-entrance", "player": "Ann", "from": 5, "to": 3, "reason": "landslide"}
    ]
    assert s.positions[0] == 3 and s.to_act == "Ben"


def test_rulebook_the_last_boulder_of_a_colour_rebuilds_the_trap_and_the_player_goes_again() -> None:
    s = game(board=small_board({"red": 2, "blue": 5, "yellow": 5}))
    reveal(s, "Ann", "red")
    clean(s, "Ann")  # 1 red left
    choose(s, "Ben", "red")
    events = clean(s, "Ben")  # the last red boulder, pulled without a landslide
    assert kinds(events) == ["pulled", "last-boulder", "trap-rebuilt", "moved", "extra-turn"]
    assert s.bowl == {"red": 2, "blue": 5, "yellow": 5} and s.bag == {"red": 0, "blue": 0, "yellow": 0}
    assert s.positions == [1, 1]
    assert s.to_act == "Ben" and s.phase == "explore"  # Ben explores and moves again
    reveal(s, "Ben", "blue")
    clean(s, "Ben")
    assert s.positions == [1, 2] and s.to_act == "Ann"


def test_rulebook_a_scarab_space_gives_a_scarab_but_never_more_than_four() -> None:
    s = arranged(game(board=small_board()), faces=ALL_UP[:2], positions={"Ann": 1, "Ben": 1})
    choose(s, "Ann", "blue")
    events = clean(s, "Ann")  # desert space 2 shows a scarab
    assert of(events, "scarab") == [{"type": "scarab", "player": "Ann", "scarabs": 1}]
    assert s.scarabs == [1, 0] and s.supply == 23
    s = arranged(s, scarabs={"Ben": 4}, supply=20)
    choose(s, "Ben", "blue")
    events = clean(s, "Ben")
    assert of(events, "scarab-full") == [{"type": "scarab-full", "player": "Ben", "scarabs": 4}]
    assert s.scarabs == [1, 4] and s.supply == 20


def test_rulebook_mummy_symbols_move_the_mummy_in_its_facing_direction() -> None:
    s = arranged(game(board=small_board()), faces=ALL_UP, positions={"Ann": 4})
    assert s.mummy == [7, -1]  # before the chamber, facing the entrance
    choose(s, "Ann", "red")
    clean(s, "Ann")
    events = move(s, "Ann", "forwards")  # onto pyramid space 5: one mummy symbol
    assert of(events, "mummy-moved") == [
        {"type": "mummy-moved", "from": 7, "to": 6, "place": "pyramid-3", "steps": 1, "facing": "entrance"}
    ]
    assert s.mummy == [6, -1]


def test_rulebook_the_mummy_walks_on_while_it_lands_on_mummy_symbols() -> None:
    # Mummy board: 4 has 2 symbols, 6 has 1. The mummy stands on 8 facing the entrance.
    s = arranged(game(board=mummy_board()), faces=MUMMY_UP, positions={"Ann": 2})
    choose(s, "Ann", "yellow")  # from the entrance the next yellow is 4
    events = clean(s, "Ann")
    # Ann lands on 4 (2 symbols): the mummy walks 8 -> 7 -> 6; 6 has 1 symbol: on to 5.
    assert of(events, "mummy-moved") == [
        {"type": "mummy-moved", "from": 8, "to": 6, "place": "pyramid-4", "steps": 2, "facing": "entrance"},
        {"type": "mummy-moved", "from": 6, "to": 5, "place": "pyramid-3", "steps": 1, "facing": "entrance"},
    ]
    assert s.mummy == [5, -1]


def test_rulebook_the_mummy_turns_round_at_the_entrance_and_at_the_chamber() -> None:
    s = arranged(game(board=mummy_board()), faces=MUMMY_UP, positions={"Ann": 2, "Ben": 5}, mummy=[4, -1])
    choose(s, "Ann", "blue")  # from the entrance the next blue is 3 (none behind)
    clean(s, "Ann")
    assert s.positions[0] == 3
    choose(s, "Ben", "blue")  # from 5: blue ahead 6, behind 3
    clean(s, "Ben")
    events = move(s, "Ben", "forwards")  # onto 6, one mummy symbol
    # The mummy on 4 facing the entrance steps to 3, the first space inside the entrance,
    # and turns round at once: it now faces the chamber. It landed on Ann (no scarab).
    assert of(events, "mummy-moved") == [
        {"type": "mummy-moved", "from": 4, "to": 3, "place": "pyramid-1", "steps": 1, "facing": "chamber"}
    ]
    assert of(events, "curse-no-scarab") == [{"type": "curse-no-scarab", "player": "Ann", "cause": "mummy"}]
    assert s.positions[0] == 2 and s.mummy == [3, 1]  # it never leaves the pyramid
    # The chamber side: the mummy on 7 facing the chamber walks 2 (Ann lands on 4): to 8,
    # where it turns round, then back to 7. It never enters the chamber (9).
    s = arranged(game(board=mummy_board()), faces=MUMMY_UP, positions={"Ann": 3}, mummy=[7, 1])
    choose(s, "Ann", "yellow")  # from 3 the next yellow is 4 (2 symbols)
    events = clean(s, "Ann")
    assert of(events, "mummy-moved") == [
        {"type": "mummy-moved", "from": 7, "to": 7, "place": "pyramid-5", "steps": 2, "facing": "entrance"}
    ]


def test_rulebook_the_mummy_curse_landing_on_it_on_the_way_in_costs_a_scarab() -> None:
    s = arranged(game(board=small_board()), faces=ALL_UP, positions={"Ann": 5}, scarabs={"Ann": 2}, supply=22)
    choose(s, "Ann", "yellow")  # from 5: yellow ahead 7 (the mummy's space), behind 4
    clean(s, "Ann")
    events = move(s, "Ann", "forwards")
    assert of(events, "curse") == [{"type": "curse", "player": "Ann", "cause": "landing", "scarabs": 1}]
    assert s.scarabs[0] == 1 and s.supply == 23  # the scarab goes back to the supply


def test_rulebook_moving_past_the_mummy_or_onto_it_backwards_is_safe() -> None:
    # Passing: Ann from 4 to 6 (blue) passes the mummy on 5.
    s = arranged(
        game(board=small_board()), faces=ALL_UP, positions={"Ann": 4}, scarabs={"Ann": 1}, mummy=[5, -1]
    )
    choose(s, "Ann", "blue")  # blue ahead 6, behind 2
    clean(s, "Ann")
    events = move(s, "Ann", "forwards")
    assert of(events, "moved")[0]["to"] == 6 and not of(events, "curse") and s.scarabs[0] == 1
    # Backwards onto the mummy: Ben from 7 to 5 (red, nothing ahead) lands on it: no curse
    # (only "on the way to the chamber"). 5 has a mummy symbol, so the mummy walks: 5 -> 4,
    # where it turns round.
    s = arranged(s, positions={"Ben": 7}, scarabs={"Ben": 1})
    choose(s, "Ben", "red")
    events = clean(s, "Ben")
    assert of(events, "moved")[0]["direction"] == "backwards" and not of(events, "curse")
    assert of(events, "mummy-moved")[0]["from"] == 5 and s.mummy == [4, 1] and s.scarabs == [1, 1]


def test_rulebook_a_scarab_found_on_the_mummys_space_is_given_straight_back() -> None:
    """ "If you land on a scarab space, then you will receive a scarab but you have to
    give it away immediately to appease the mummy.\""""
    s = arranged(game(board=small_board()), faces=ALL_UP, positions={"Ann": 3}, mummy=[4, 1])
    choose(s, "Ann", "yellow")
    events = clean(s, "Ann")  # from the entrance, yellow ahead is 4: scarab space + mummy
    assert of(events, "curse-found") == [{"type": "curse-found", "player": "Ann", "scarabs": 0}]
    assert s.scarabs[0] == 0 and s.positions[0] == 4  # not sent back: she had the scarab to give
    assert s.supply == 24


def test_rulebook_the_walking_mummy_takes_a_scarab_from_each_adventurer_it_passes() -> None:
    # Mummy board, mummy on 8 facing the entrance. Ann lands on 4 (2 symbols): the mummy
    # walks 7, 6 (1 symbol) then 5. Ben on 7 (1 scarab) and Cleo on 5 (none) are hit.
    s = arranged(game(THREE, board=mummy_board()), faces=MUMMY_UP, positions={"Ann": 2, "Ben": 7, "Cleo": 5},
                 scarabs={"Ben": 1})  # fmt: skip
    choose(s, "Ann", "yellow")
    events = clean(s, "Ann")
    assert [(e["type"], e.get("player")) for e in events] == [
        ("pulled", "Ann"),
        ("moved", "Ann"),
        ("mummy-moved", None),
        ("curse", "Ben"),
        ("mummy-moved", None),
        ("curse-no-scarab", "Cleo"),
        ("back-to-entrance", "Cleo"),
    ]
    assert s.scarabs == [0, 0, 0] and s.positions == [4, 7, 2]


def test_rulebook_the_burial_chamber_needs_two_scarabs() -> None:
    s = arranged(game(board=small_board()), faces=ALL_UP, positions={"Ann": 7}, scarabs={"Ann": 1})
    assert s.prompt().code == "choose"
    assert {"player": "Ann", "move": "enter"} not in s.legal_actions()
    err = refused(s, {"player": "Ann", "move": "enter"}, "too-few-scarabs")
    assert "2 scarabs" in err.message
    s = arranged(s, scarabs={"Ann": 2})
    assert s.prompt().code == "choose-or-enter"
    assert {"player": "Ann", "move": "enter"} in s.legal_actions()


def test_rulebook_two_clean_chamber_pulls_win() -> None:
    s = arranged(game(board=small_board()), faces=ALL_UP, positions={"Ann": 7}, scarabs={"Ann": 2})
    events = act(s, "Ann", "enter")
    assert events == [{"type": "entered", "player": "Ann", "scarabs": 2}]
    assert s.prompt().code == "reveal-chamber" and s.prompt().params == {"player": "Ann", "step": 1, "of": 2}
    reveal(s, "Ann", "blue")
    assert s.prompt().code == "pull-chamber" and s.prompt().params["colour"] == "blue"
    assert of(clean(s, "Ann"), "pulled") == [{"type": "pulled", "player": "Ann", "colour": "blue", "step": 1}]
    reveal(s, "Ann", "blue")  # the chamber pile holds two blue markers
    events = clean(s, "Ann")
    assert events[-1] == {"type": "game-over", "winners": ["Ann"], "reason": "chamber"}
    assert s.finished and s.winners() == ["Ann"] and s.to_act is None and s.legal_actions() == []
    assert s.scarabs[0] == 2  # entering costs no scarab
    refused(s, {"player": "Ben", "move": "reveal", "colour": "red"}, "game-over")


@pytest.mark.parametrize("failing_pull", [1, 2])
def test_rulebook_a_landslide_in_the_chamber_ends_the_turn_back_at_the_entrance(failing_pull: int) -> None:
    s = arranged(game(board=small_board()), faces=ALL_UP, positions={"Ann": 7}, scarabs={"Ann": 3})
    act(s, "Ann", "enter")
    reveal(s, "Ann", "red")
    if failing_pull == 2:
        clean(s, "Ann")
        reveal(s, "Ann", "yellow")
    events = landslide(s, "Ann")
    assert kinds(events) == ["landslide", "back-to-entrance", "trap-rebuilt"]
    assert s.positions[0] == 3 and s.scarabs[0] == 3 and s.to_act == "Ben" and not s.finished


# ===================================================================== the variants


def test_adventurous_variant_holds_at_most_three_scarabs() -> None:
    s = arranged(game(board=small_board(), variant="adventurous"), faces=ALL_UP[:2], positions={"Ann": 1},
                 scarabs={"Ann": 3})  # fmt: skip
    choose(s, "Ann", "blue")
    assert of(clean(s, "Ann"), "scarab-full") == [{"type": "scarab-full", "player": "Ann", "scarabs": 3}]
    assert s.scarabs[0] == 3


def test_adventurous_variant_staff_falls_back_to_the_space_of_the_announced_colour() -> None:
    # Ann on 6 (blue) announces red — the colour of her choose line. Red behind her: 5.
    s = arranged(game(board=small_board(), variant="adventurous"), faces=ALL_UP, positions={"Ann": 6})
    choose(s, "Ann", "red")
    events = landslide(s, "Ann", "staff")
    assert of(events, "back-to-space") == [
        {"type": "back-to-space", "player": "Ann", "from": 6, "to": 5, "place": "pyramid-2", "colour": "red",
         "reason": "landslide"}
    ]  # fmt: skip
    # Pyramid space 5 has a mummy symbol, but the space one is sent back to triggers nothing.
    assert not of(events, "mummy-moved") and s.mummy == [7, -1]


def test_adventurous_variant_a_fallen_boulder_sends_back_to_a_space_of_its_colour() -> None:
    # Ann on 7 announces blue; a yellow boulder falls: the nearest yellow behind is 4, a
    # scarab space — and no scarab is taken there.
    s = arranged(game(board=small_board(), variant="adventurous"), faces=ALL_UP, positions={"Ann": 7})
    choose(s, "Ann", "blue")
    events = landslide(s, "Ann", "yellow")
    assert of(events, "back-to-space")[0]["to"] == 4
    assert not of(events, "scarab") and s.scarabs[0] == 0


def test_adventurous_variant_announced_colour_of_a_reveal_is_the_markers() -> None:
    # Ann on desert 2 (blue) reveals pyramid 4: yellow; the staff falls: the nearest yellow
    # behind her — none (4 is ahead): the basic rule applies, back to the start.
    s = arranged(game(board=small_board(), variant="adventurous"), faces=ALL_UP[:2], positions={"Ann": 2})
    reveal(s, "Ann", "yellow")
    events = landslide(s, "Ann", "staff")
    assert kinds(events) == ["landslide", "back-to-start", "trap-rebuilt"]


def test_adventurous_variant_legal_landslides_one_per_destination() -> None:
    # Ann on 6 pulling red: staff -> 5 (red), a red boulder -> 5 too, blue -> 2,
    # yellow -> 4. One option per destination: staff, blue, yellow.
    s = arranged(game(board=small_board(), variant="adventurous"), faces=ALL_UP, positions={"Ann": 6})
    choose(s, "Ann", "red")
    fells = [a.get("fell") for a in s.legal_actions()]
    assert fells == [None, ["staff"], ["blue"], ["yellow"]]


def test_race_variant_no_mummy_no_scarabs_forwards_only_and_the_chamber_without_scarabs() -> None:
    s = arranged(game(board=small_board(), variant="race"), faces=ALL_UP, positions={"Ann": 4})
    assert s.mummy is None and s.public_state()["mummy"] is None
    # From 4, red lies ahead (5) and behind (1): the race goes forwards, with no move line.
    choose(s, "Ann", "red")
    events = clean(s, "Ann")
    assert of(events, "moved")[0]["to"] == 5 and s.to_act == "Ben"
    assert not of(events, "mummy-moved")  # space 5's mummy symbol does nothing
    # Ben on 1 pulls blue: desert space 2 is a scarab space, and gives nothing.
    s = arranged(s, positions={"Ben": 1})
    choose(s, "Ben", "blue")
    events = clean(s, "Ben")
    assert of(events, "moved")[0]["to"] == 2 and not of(events, "scarab") and s.scarabs == [0, 0]
    # Ann on 6: only yellow (7) lies ahead; red and blue lie only behind.
    s = arranged(s, positions={"Ann": 6})
    assert [a["colour"] for a in s.legal_actions() if a["move"] == "choose"] == ["yellow"]
    refused(s, {"player": "Ann", "move": "choose", "colour": "red"}, "no-space-of-colour")
    s = arranged(s, positions={"Ann": 7})
    assert {"player": "Ann", "move": "enter"} in s.legal_actions()  # no scarabs needed
    act(s, "Ann", "enter")
    reveal(s, "Ann", "red")
    clean(s, "Ann")
    reveal(s, "Ann", "red")
    clean(s, "Ann")
    assert s.winners() == ["Ann"]


# ===================================================================== decisions


def test_g1_a_marker_space_takes_its_markers_colour_when_revealed() -> None:
    s = game(board=small_board())
    assert s.public_state()["spaces"] == [None] * 9
    reveal(s, "Ann", "blue")
    clean(s, "Ann")
    reveal(s, "Ben", "red")  # desert space 2 is red now; Ben at 0: the next red is 2
    clean(s, "Ben")
    assert s.public_state()["spaces"][:3] == [None, "blue", "red"] and s.positions == [1, 2]


def test_g1_printed_colours_and_face_down_spaces_are_skipped() -> None:
    """A space may show a printed colour instead of a marker; face-down marker spaces
    have no colour yet and are passed over."""
    board = small_board()
    board["spaces"][2] = {"area": "desert", "colour": "red", "scarab": True}
    s = game(board=board)
    reveal(s, "Ann", "red")  # desert space 1 red; red also printed on 2
    clean(s, "Ann")  # from the start the next red is 1
    choose(s, "Ben", "red")
    clean(s, "Ben")
    assert s.positions == [1, 1]
    choose(s, "Ann", "red")  # from 1 the next red ahead is the printed 2
    clean(s, "Ann")
    assert s.positions[0] == 2 and s.scarabs[0] == 1
    # A face-down marker on pyramid 4 is skipped: yellow revealed on 5 only.
    s = arranged(s, faces=["red", "yellow"])  # markers: 1 red, 4 yellow
    assert s.public_state()["spaces"][4] == "yellow" and s.public_state()["spaces"][5] is None


def test_g2_the_default_board() -> None:
    b = boards.default()
    assert b.boulders == {"red": 5, "yellow": 5, "green": 5, "blue": 5}  # 20 boulders
    assert b.scarabs == 24 and b.chamber_markers == 2
    assert {p: sum(c.values()) for p, c in b.piles.items()} == {"desert": 8, "pyramid": 16, "chamber": 8}
    assert b.areas.count("desert") == 6 and b.areas.count("pyramid") == 11
    assert (b.entrance, b.front, b.chamber) == (7, 19, 20)
    assert b.marker_pile.count("desert") == 6 and b.marker_pile.count("pyramid") == 12  # incl. the front
    assert [i for i, has in enumerate(b.scarab) if has] == [3, 6, 9, 12, 16]
    assert {i: n for i, n in enumerate(b.mummy) if n} == {10: 1, 13: 2, 15: 1, 18: 3}


def test_g21_the_board_example_in_the_docs_is_a_valid_board() -> None:
    page = (Path(__file__).resolve().parents[1] / "docs" / "game-logs-gulogulo.md").read_text("utf-8")
    example = page.split("## 4. The board")[1].split("```json")[1].split("```")[0]
    board = boards.parse(json.loads(example))
    assert board.places[3:] == ("entrance", "pyramid-1", "pyramid-2", "pyramid-3", "front", "chamber")
    assert board.printed[6] == "red" and board.marker_spaces == (1, 2, 4, 5, 7)


def test_g3_markers_are_revealed_in_path_order_desert_first() -> None:
    s = arranged(game(board=small_board()), faces=["red"])
    events = reveal(s, "Ann", "yellow")
    assert events[0]["space"] == 2 and events[0]["pile"] == "desert"
    clean(s, "Ann")
    events = reveal(s, "Ben", "yellow")
    assert events[0]["space"] == 4 and events[0]["pile"] == "pyramid"
    s = arranged(s, faces=ALL_UP, phase="explore", pending=None)
    refused(s, {"player": "Ben", "move": "reveal", "colour": "red"}, "no-marker-left")


def test_g4_only_face_up_path_marker_colours_with_a_space_to_go_to_may_be_chosen() -> None:
    s = arranged(game(board=small_board()), faces=["red"], chamber=["blue", None])
    refused(s, {"player": "Ann", "move": "choose", "colour": "blue"}, "colour-not-revealed")
    refused(s, {"player": "Ann", "move": "choose", "colour": "purple"}, "unknown-colour")
    s = arranged(s, positions={"Ann": 1})  # Ann stands on the only red space
    assert s.prompt().code == "reveal"
    refused(s, {"player": "Ann", "move": "choose", "colour": "red"}, "no-space-of-colour")


def test_g5_no_space_to_move_to_after_a_reveal_means_staying() -> None:
    """Only with printed colours: both desert spaces printed blue, so the first marker lies
    on pyramid 4 — where Ann stands. She reveals yellow: no other yellow space exists."""
    board = small_board()
    board["spaces"][1] = {"area": "desert", "colour": "blue"}
    board["spaces"][2] = {"area": "desert", "colour": "blue", "scarab": True}
    s = arranged(game(board=board), positions={"Ann": 4})
    reveal(s, "Ann", "yellow")
    events = clean(s, "Ann")
    assert of(events, "no-move") == [{"type": "no-move", "player": "Ann", "colour": "yellow"}]
    assert s.positions[0] == 4 and s.to_act == "Ben"


def test_g6_a_landslide_at_the_entrance_leaves_the_adventurer_there() -> None:
    s = arranged(game(board=small_board()), faces=ALL_UP, positions={"Ann": 3})
    choose(s, "Ann", "red")
    events = landslide(s, "Ann")
    assert kinds(events) == ["landslide", "trap-rebuilt"] and s.positions[0] == 3


def test_g7_landing_order_scarab_curse_then_mummy_symbols_even_when_sent_back() -> None:
    # Ann (no scarab) lands forwards on 5, where the mummy stands; 5 has a mummy symbol.
    s = arranged(game(board=small_board()), faces=ALL_UP, positions={"Ann": 4}, mummy=[5, -1])
    choose(s, "Ann", "red")
    clean(s, "Ann")
    events = move(s, "Ann", "forwards")
    assert kinds(events) == ["moved", "curse-no-scarab", "back-to-entrance", "mummy-moved"]
    assert s.positions[0] == 3 and s.mummy == [4, 1]  # 5 -> 4, turned round at once


def test_g8_the_scarab_under_the_mummy_nets_zero_even_at_the_cap() -> None:
    s = arranged(game(board=small_board()), faces=ALL_UP, positions={"Ann": 3}, mummy=[4, 1],
                 scarabs={"Ann": 4}, supply=20)  # fmt: skip
    choose(s, "Ann", "yellow")
    events = clean(s, "Ann")
    assert of(events, "curse-found") == [{"type": "curse-found", "player": "Ann", "scarabs": 4}]
    assert s.scarabs[0] == 4 and s.supply == 20


def test_g9_boards_whose_mummy_never_comes_to_rest_are_refused() -> None:
    board = mummy_board()
    for i in range(3, 9):
        board["spaces"][i]["mummy"] = 1  # every pyramid space: the walk never ends
    with pytest.raises(BadHeader) as info:
        game(board=board)
    assert info.value.code == "mummy-loop"


def test_g10_each_adventurer_pays_once_per_walk_including_the_one_who_set_it_off() -> None:
    # The mummy on 5 faces the entrance. Ann (2 scarabs) moves from 3 to 4 (2 symbols):
    # the mummy walks 4 (Ann) and 3, where it turns round. Ann set it off, and pays.
    s = arranged(game(board=mummy_board()), faces=MUMMY_UP, positions={"Ann": 3}, scarabs={"Ann": 2},
                 mummy=[5, -1])  # fmt: skip
    choose(s, "Ann", "yellow")  # yellow ahead of 3 is 4, none behind
    events = clean(s, "Ann")
    assert of(events, "mummy-moved") == [
        {"type": "mummy-moved", "from": 5, "to": 3, "place": "pyramid-1", "steps": 2, "facing": "chamber"}
    ]
    assert [e["player"] for e in of(events, "curse")] == ["Ann"] and s.scarabs[0] == 1


def test_g10_an_adventurer_passed_twice_in_one_walk_pays_once() -> None:
    # The mummy on 6 faces the entrance; Ann on 3 and Ben on the entrance, 1 scarab each.
    # Ben moves to 4 (2 symbols). The mummy walks 5, 4 (Ben) and lands on 4: 2 symbols,
    # walks 3 (Ann; turns round) and 4 (Ben again), lands on 4 facing the chamber: walks
    # 5, 6 (1 symbol), then 7, and stops. Ben was passed three times: one scarab.
    s = arranged(game(board=mummy_board()), faces=MUMMY_UP, positions={"Ann": 3, "Ben": 2},
                 scarabs={"Ann": 1, "Ben": 1}, mummy=[6, -1], current="Ben")  # fmt: skip
    choose(s, "Ben", "yellow")
    events = clean(s, "Ben")
    walks = [(e["from"], e["to"], e["facing"]) for e in of(events, "mummy-moved")]
    assert walks == [(6, 4, "entrance"), (4, 4, "chamber"), (4, 6, "chamber"), (6, 7, "chamber")]
    assert [e["player"] for e in of(events, "curse")] == ["Ben", "Ann"]
    assert s.scarabs == [0, 0] and s.positions == [3, 4]


def test_g11_entering_is_optional_in_table_mode_and_chamber_markers_stay_face_up() -> None:
    s = arranged(game(board=small_board()), faces=ALL_UP, positions={"Ann": 7, "Ben": 7},
                 scarabs={"Ann": 2, "Ben": 2})  # fmt: skip
    choose(s, "Ann", "blue")  # Ann may explore instead of entering
    clean(s, "Ann")
    assert s.positions[0] == 6
    act(s, "Ben", "enter")
    reveal(s, "Ben", "yellow")
    landslide(s, "Ben")
    assert s.chamber == ["yellow", None] and s.positions[1] == 3
    # Ann later enters: the first chamber marker is face up: she pulls yellow at once.
    s = arranged(s, positions={"Ann": 7})
    act(s, "Ann", "enter")
    assert s.phase == "pull" and s.prompt().code == "pull-chamber" and s.prompt().params["colour"] == "yellow"


def test_g12_the_last_boulder_in_the_chamber_rebuilds_and_the_second_pull_follows() -> None:
    s = arranged(game(board=small_board({"red": 1, "blue": 5, "yellow": 5})), faces=ALL_UP,
                 positions={"Ann": 7}, scarabs={"Ann": 2})  # fmt: skip
    act(s, "Ann", "enter")
    reveal(s, "Ann", "red")
    events = clean(s, "Ann")
    assert kinds(events) == ["pulled", "last-boulder", "trap-rebuilt"]
    assert s.phase == "chamber" and s.bowl["red"] == 1 and s.to_act == "Ann"


def test_g13_the_last_boulder_rebuilds_before_the_move_and_the_extra_turn_comes_after() -> None:
    s = arranged(game(board=small_board({"red": 1, "blue": 5, "yellow": 5})), faces=ALL_UP,
                 positions={"Ann": 4})  # fmt: skip
    choose(s, "Ann", "red")
    events = clean(s, "Ann")
    assert kinds(events) == ["pulled", "last-boulder", "trap-rebuilt"] and s.phase == "move"
    events = move(s, "Ann", "forwards")
    assert kinds(events)[-1] == "extra-turn" and s.to_act == "Ann" and s.phase == "explore"


def test_g14_several_things_fell_sends_back_to_the_nearest_of_their_colours() -> None:
    # Ann on 7 announces red; blue and the staff fall: candidates blue (6) and red (5):
    # the nearest behind her is 6.
    s = arranged(game(board=small_board(), variant="adventurous"), faces=ALL_UP, positions={"Ann": 7})
    choose(s, "Ann", "red")
    events = landslide(s, "Ann", "staff", "blue")
    assert of(events, "back-to-space")[0]["to"] == 6
    # With no space of those colours behind, the basic rule: Ann on 1 (red), a blue falls.
    s = arranged(s, positions={"Ann": 1}, current="Ann", phase="explore", pending=None)
    choose(s, "Ann", "blue")
    assert kinds(landslide(s, "Ann", "blue")) == ["landslide", "back-to-start", "trap-rebuilt"]


@pytest.mark.parametrize(
    "fell",
    [[], "staff", ["staff", "staff"], ["purple"], ["red"] * 6, [1]],
    ids=["nothing", "not-a-list", "two-staffs", "unknown-colour", "more-than-the-trap-holds", "not-strings"],
)
def test_g15_what_fell_must_be_possible(fell: Any) -> None:
    s = game(board=small_board())
    reveal(s, "Ann", "red")
    refused(s, {"player": "Ann", "move": "pull", "result": "landslide", "fell": fell}, "bad-fell")


def test_g15_a_clean_pull_has_nothing_that_fell_and_results_are_named() -> None:
    s = game(board=small_board())
    reveal(s, "Ann", "red")
    refused(s, {"player": "Ann", "move": "pull", "result": "clean", "fell": ["red"]}, "bad-fell")
    refused(s, {"player": "Ann", "move": "pull", "result": "oops"}, "bad-result")
    assert s.legal_actions() == [
        {"player": "Ann", "move": "pull", "result": "clean"},
        {"player": "Ann", "move": "pull", "result": "landslide", "fell": ["staff"]},
    ]


def test_g16_no_points_scores_stay_zero() -> None:
    s = arranged(game(board=small_board()), faces=ALL_UP, positions={"Ann": 7}, scarabs={"Ann": 2})
    act(s, "Ann", "enter")
    reveal(s, "Ann", "red")
    clean(s, "Ann")
    reveal(s, "Ann", "yellow")
    events = clean(s, "Ann")
    assert s.scores() == {"Ann": 0, "Ben": 0} and not any("awards" in e for e in events)
    assert s.public_state()["end"] == "chamber"


def test_g17_table_mode_reveals_any_colour_still_face_down() -> None:
    s = game(board=small_board())
    reveal(s, "Ann", "red")
    clean(s, "Ann")
    # Two red desert markers exist and one is face up: the next may still be red.
    assert [a["colour"] for a in s.legal_actions() if a["move"] == "reveal"] == ["red", "blue", "yellow"]
    # A pile with one red and one blue: once the red is face up, the next is not red.
    small = small_board()
    small["markers"]["desert"] = {"red": 1, "blue": 1}
    s = game(board=small)
    reveal(s, "Ann", "red")
    clean(s, "Ann")
    assert [a["colour"] for a in s.legal_actions() if a["move"] == "reveal"] == ["blue"]
    err = refused(s, {"player": "Ben", "move": "reveal", "colour": "red"}, "marker-colour")
    assert "face up already" in err.message


def test_g18_full_mode_lays_the_markers_from_the_seed() -> None:
    with pytest.raises(BadHeader) as info:
        game(mode="full")
    assert info.value.code == "missing-seed"
    a, b = game(mode="full", seed=7), game(mode="full", seed=7)
    assert a.hidden == b.hidden and a.hidden_chamber == b.hidden_chamber
    assert (
        a.hidden != game(mode="full", seed=8).hidden
        or a.hidden_chamber != game(mode="full", seed=8).hidden_chamber
    )
    # The laid markers are drawn from the piles: per colour at most the pile's count.
    assert a.hidden is not None and len(a.hidden) == 18
    assert all(a.hidden[:6].count(c) <= 2 for c in ["red", "yellow", "green", "blue"])
    assert all(a.hidden[6:].count(c) <= 4 for c in ["red", "yellow", "green", "blue"])
    first = a.hidden[0]
    assert a.legal_actions() == [{"player": "Ann", "move": "reveal", "colour": first}]
    wrong = next(c for c in a.board.colours if c != first)
    refused(a, {"player": "Ann", "move": "reveal", "colour": wrong}, "marker-colour")
    assert "hidden" not in a.public_state()


def test_g19_the_simulation_menu() -> None:
    s = arranged(game(board=small_board(), mode="full", seed=1), faces=ALL_UP, positions={"Ann": 4},
                 hidden=ALL_UP)  # fmt: skip
    # Ann (no scarab, wanting 3 while the mummy guards the front) on 4: the only scarab
    # within reach is behind her on 2 (blue) — the menu goes for it.
    assert s.legal_actions() == [{"player": "Ann", "move": "choose", "colour": "blue"}]
    choose(s, "Ann", "blue")
    assert s.legal_actions() == [
        {"player": "Ann", "move": "pull", "result": "clean"},
        {"player": "Ann", "move": "pull", "result": "landslide", "fell": ["staff"]},
    ]
    clean(s, "Ann")
    assert s.legal_actions() == [{"player": "Ann", "move": "move", "direction": "backwards"}]
    # With 3 scarabs: the colour that leads farthest forwards. From 4: red 5, blue 6,
    # yellow 7 — yellow.
    s = arranged(s, positions={"Ann": 4}, scarabs={"Ann": 3}, current="Ann", phase="explore", pending=None)
    assert s.legal_actions() == [{"player": "Ann", "move": "choose", "colour": "yellow"}]
    # ... and enters whenever allowed.
    s = arranged(s, positions={"Ann": 7})
    assert s.legal_actions() == [{"player": "Ann", "move": "enter"}]


def test_g20_the_scarab_supply() -> None:
    s = arranged(game(board=small_board()), faces=ALL_UP[:2], positions={"Ann": 1}, supply=0)
    choose(s, "Ann", "blue")
    events = clean(s, "Ann")
    assert of(events, "scarab-none-left") == [{"type": "scarab-none-left", "player": "Ann", "scarabs": 0}]
    assert s.scarabs[0] == 0


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda b: b.update(spaces="no"), "bad-board"),
        (lambda b: b.update(extra=1), "bad-board"),
        (lambda b: b.pop("boulders"), "bad-board"),
        (lambda b: b.update(boulders={"red": -1}), "bad-boulders"),
        (lambda b: b.update(boulders={}), "bad-boulders"),
        (lambda b: b["markers"].update(desert={"purple": 2}), "bad-markers"),
        (lambda b: b["markers"].update(pyramid={"red": 1}), "bad-markers"),
        (lambda b: b.update(chamber_markers=9), "bad-markers"),
        (lambda b: b["spaces"].pop(0), "bad-board"),
        (lambda b: b["spaces"].insert(1, {"area": "pyramid", "marker": True}), "bad-board"),
        (lambda b: b["spaces"][1].update(colour="red"), "bad-space"),
        (lambda b: b["spaces"][1].update(mumy=1), "bad-space"),
        (lambda b: b["spaces"][7].update(marker=False, colour="red"), "bad-space"),
        (lambda b: b["spaces"][3].update(scarab=True), "bad-space"),
        (lambda b: [s.pop("scarab", None) for s in b["spaces"]], "bad-board"),
    ],
    ids=[
        "spaces-not-a-list", "unknown-key", "no-boulders", "negative-boulders", "empty-boulders",
        "marker-colour-without-boulders", "too-few-pyramid-markers", "too-many-chamber-markers",
        "no-start", "pyramid-before-entrance", "marker-and-colour", "misspelt-key", "front-without-marker",
        "scarab-on-the-entrance", "no-scarab-space",
    ],
)  # fmt: skip
def test_g21_a_custom_board_is_checked(change: Any, code: str) -> None:
    board = small_board()
    change(board)
    with pytest.raises(BadHeader) as info:
        game(board=board)
    assert info.value.code == code, info.value.message


@pytest.mark.parametrize(
    ("field", "value", "code"),
    [
        ("variant", "turbo", "unknown-variant"),
        ("variant", ["race"], "unknown-variant"),
        ("mode", "simulation", "unknown-mode"),
        ("board", [], "bad-board"),
        ("players", ["Ann"], "player-count"),
        ("players", ["Ann", "Ann"], "bad-players"),
    ],
)
def test_header_is_checked(field: str, value: Any, code: str) -> None:
    head = {"game": "gulogulo", "players": ["Ann", "Ben"], field: value}
    with pytest.raises(BadHeader) as info:
        engines.new_game(head)
    assert info.value.code == code


def test_g22_race_mummy_symbols_and_scarab_spaces_are_inert() -> None:
    s = arranged(game(board=small_board(), variant="race"), faces=ALL_UP, positions={"Ann": 3})
    choose(s, "Ann", "yellow")
    events = clean(s, "Ann")  # onto pyramid 4, a scarab space
    assert kinds(events) == ["pulled", "moved"] and s.scarabs == [0, 0]


def test_g23_the_first_player_in_the_header_starts_and_play_follows_the_list() -> None:
    s = game(THREE, board=small_board())
    order = []
    for colour in ("red", "blue", "yellow", "red"):
        order.append(s.to_act)
        reveal(s, s.to_act, colour)
        landslide(s, s.to_act)
    assert order == ["Ann", "Ben", "Cleo", "Ann"]


def test_wrong_moves_are_named() -> None:
    s = game(board=small_board())
    refused(s, {"player": "Ann", "move": "pull", "result": "clean"}, "wrong-move")
    refused(s, {"player": "Ann", "move": "dance"}, "wrong-move")
    refused(s, {"player": "Ben", "move": "reveal", "colour": "red"}, "out-of-turn")
    refused(s, {"player": ["Ann"], "move": "reveal", "colour": "red"}, "unknown-player")
    refused(s, {"player": "Ann", "move": ["reveal"], "colour": "red"}, "malformed-action")
    refused(s, {"player": "Ann", "move": "reveal", "colour": ["red"]}, "malformed-action")
    refused(s, {"player": "Ann", "move": "enter"}, "not-before-chamber")
    s = arranged(s, faces=ALL_UP, positions={"Ann": 4})
    choose(s, "Ann", "red")
    clean(s, "Ann")
    refused(s, {"player": "Ann", "move": "move", "direction": "up"}, "bad-direction")
    refused(s, {"player": "Ann", "move": "choose", "colour": "red"}, "wrong-move")


def test_every_prompt_and_event_has_words_in_three_languages() -> None:
    from engines.gulogulo.wording import EVENTS, PROMPTS
    from engines.wording import render_event, render_prompt

    for table in (EVENTS, PROMPTS):
        for code, texts in table.items():
            assert set(texts) == {"en", "de", "nl"}, code
    rng = random.Random(3)
    for variant in ("basic", "adventurous", "race"):
        s = game(THREE, mode="full", seed=5, variant=variant)
        for _ in range(400):
            if s.finished:
                break
            for lang in ("en", "de", "nl"):
                text = render_prompt(s.prompt(), "gulogulo", lang)
                assert ":" in text and "=" not in text, text
            for event in s.apply(rng.choice(s.legal_actions())):
                for lang in ("en", "de", "nl"):
                    text = render_event(event, "gulogulo", lang)
                    assert not text.startswith(event["type"] + ":"), text
