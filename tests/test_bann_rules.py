"""Im Bann der Pyramide: every worked example of the rulebook, every digest rule and every
rules decision of docs/rules-decisions-bann.md, as engine tests.

Sources: ``shared/rules/im-bann-der-pyramide.nl.txt`` (the Dutch rulebook), the digest
``shared/rules/README.md`` section 3, and docs/rules-decisions-bann.md (B1, B2, ...).

Most scenes run in table mode, as a companion at a real table would: the header states the
adventures laid out, hands are hidden (the engine counts them), a ``play`` line reveals the
card. Table mode accepts any card of which a copy is still unseen, so a scene can play the
cards its story needs. Full mode scenes deal a chosen ``deck`` (the top card first; 5 cards
each in seat order, the rest is the draw pile). Every expected number was worked out by
hand; the comments show the arithmetic.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import engines
from engines.bann.cards import BOX, KIND_OF, VALUE_OF
from engines.bann.game import Bann
from engines.core import BadHeader, Event, IllegalAction
from engines.replay import replay

DATA = Path(__file__).resolve().parent / "data"
AB = ["Ann", "Ben"]
ABC = ["Ann", "Ben", "Cleo"]


# --------------------------------------------------------------------------- helpers


def new(players: list[str] | None = None, **header: Any) -> Bann:
    """A table-mode game unless the header says otherwise (adventures 5, 6 and chamber 7
    unless given)."""
    head: dict[str, Any] = {"game": "bann", "players": players or ABC, "adventures": [5, 6], "chamber": 7}
    head.update(header)
    state = engines.new_game(head)
    assert isinstance(state, Bann)
    return state


def act(state: Bann, player: str, move: str, **fields: Any) -> list[Event]:
    """Apply one log line, first checking that the engine is waiting for ``player``."""
    assert state.to_act == player, f"the engine waits for {state.to_act}, the scene expects {player}"
    return state.apply({"player": player, "move": move, **fields})


def play(state: Bann, player: str, card: str, **fields: Any) -> list[Event]:
    return act(state, player, "play", card=card, **fields)


def refused(state: Bann, code: str, player: str, move: str, **fields: Any) -> IllegalAction:
    """The action is refused with ``code`` and leaves the state exactly as it was."""
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as info:
        state.apply({"player": player, "move": move, **fields})
    assert info.value.code == code, (info.value.code, info.value.message)
    assert json.dumps(state.to_json(), sort_keys=True) == before
    return info.value


def types(events: list[Event]) -> list[str]:
    return [e["type"] for e in events]


def deck_with(top: list[str]) -> list[str]:
    """A full box in deal order: ``top`` first, then the rest of the box sorted by id."""
    rest = Counter(BOX.counts)
    rest.subtract(top)
    assert all(n >= 0 for n in rest.values())
    return top + sorted(rest.elements())


def full(players: list[str], top: list[str], **header: Any) -> Bann:
    return new(players, mode="full", seed=1, deck=deck_with(top), **header)


def public(state: Bann) -> dict[str, Any]:
    return state.public_state()


# ------------------------------------------------------------ the rulebook's examples


def test_anne_completes_the_adventure_of_9_with_pickaxe_5_rope_3_rope_2_and_protection() -> None:
    """ "Avonturenkaart met de waarde 9. Anne heeft in haar etalage pikhouweel 5, touw 3,
    touw 2 en de bijzondere kaart 'Bescherming'. Daarmee heeft zij het avontuur voltooid,
    verzet haar archeoloog ... en legt alle kaarten uit haar etalage op de aflegstapel."
    5 + 3 + 2 = 10 >= 9: completed (10 is not exactly 9, so no extra turn)."""
    state = new(["Anne", "Ben"], adventures=[9, 10, 11, 12], chamber=12)
    act(state, "Anne", "draw", count=2)  # six cards are laid below: Anne needs them
    act(state, "Ben", "draw", count=1)
    play(state, "Anne", "magic", kind="pickaxe")
    play(state, "Anne", "pickaxe-5")  # 5 < 9: the turn ends by itself
    act(state, "Ben", "draw", count=1)
    play(state, "Anne", "magic", kind="rope")
    play(state, "Anne", "rope-3")  # 8
    act(state, "Ben", "draw", count=1)
    play(state, "Anne", "protection")
    play(state, "Anne", "rope-2")  # 10
    assert public(state)["displays"]["Anne"] == ["pickaxe-5", "rope-3", "protection", "rope-2"]
    assert public(state)["totals"]["Anne"] == 10
    events = act(state, "Anne", "complete")
    assert events == [
        {
            "type": "completed",
            "player": "Anne",
            "adventure": 0,
            "value": 9,
            "needed": 9,
            "total": 10,
            "exact": False,
        }
    ]
    view = public(state)
    assert view["positions"]["Anne"] == 1 and view["needs"]["Anne"] == 10
    assert view["displays"]["Anne"] == []
    # every card of her display, the protection too, went onto the discard pile
    assert view["discard"][-4:] == ["pickaxe-5", "rope-3", "protection", "rope-2"]
    assert state.to_act == "Ben"


def test_minus_points_example_chamber_12_minus_3_is_9_and_12_plus_10_plus_3_is_25() -> None:
    """ "Een speler staat naast de koningskamer 12 en heeft ... een gezamenlijke waarde van 3
    liggen. Voor hem worden 9 minpunten genoteerd: 12 - 3 = 9. Een andere speler staat naast
    de voorlaatste avonturenkaart die bijv. de 10 toont, hij heeft geen uitrustingskaarten
    liggen en bezit ook de mummie. Voor hem worden 25 minpunten genoteerd: 12 + 10 + 3 = 25."
    The golden log tests/data/bann-minus-points.jsonl plays exactly that ending: Ann enters
    the chamber 12 (0 minus points); Ben stands at the chamber with pickaxe 3; Cleo stands at
    the last adventure, 10, with nothing but the mummy."""
    result = replay((DATA / "bann-minus-points.jsonl").read_text("utf-8").splitlines())
    state = result.state
    view = public(state)
    assert view["adventures"] == [2, 10] and view["chamber"] == 12
    assert view["positions"] == {"Ann": 3, "Ben": 2, "Cleo": 1}
    assert view["totals"] == {"Ann": 0, "Ben": 3, "Cleo": 0}
    assert view["mummy"] == "Cleo"
    assert view["minus_points"] == {"Ann": 0, "Ben": 12 - 3, "Cleo": 12 + 10 + 3}
    assert state.scores() == {"Ann": 0, "Ben": -9, "Cleo": -25}
    assert state.winners() == ["Ann"]
    assert result.events[-1] == {
        "type": "game-over",
        "winners": ["Ann"],
        "reason": "round-over",
        "minus_points": {"Ann": 0, "Ben": 9, "Cleo": 25},
    }


# ---------------------------------------------------------------------------- setup


def test_setup_five_cards_each_the_rest_face_down_and_the_arrow_on_ladders() -> None:
    for n in (2, 3, 4, 5):
        state = new(["A", "B", "C", "D", "E"][:n])
        view = public(state)
        assert view["hands"] == {p: 5 for p in state.players}
        assert view["pile"] == 54 - 5 * n
        assert view["arrow"] == "ladder"
        assert view["positions"] == {p: 0 for p in state.players}
        assert view["discard"] == [] and view["mummy"] is None
        assert state.to_act == state.players[0]  # B5: the first name starts (the youngest)


def test_the_box_holds_54_cards_36_equipment_valued_1_to_5_and_18_specials() -> None:
    assert BOX.size == 54
    equipment = {c: n for c, n in BOX.counts.items() if KIND_OF[c] is not None}
    assert sum(equipment.values()) == 36
    assert {KIND_OF[c] for c in equipment} == {"ladder", "pickaxe", "rope", "torch"}
    assert {VALUE_OF[c] for c in equipment} == {1, 2, 3, 4, 5}
    assert {c: n for c, n in BOX.counts.items() if KIND_OF[c] is None} == {
        "magic": 8,
        "protection": 3,
        "curse": 3,
        "scarab": 3,
        "mummy": 1,
    }
    # B1: the default value distribution, per kind: two each of 1-4 and one 5
    assert all(
        BOX.counts[f"{k}-{v}"] == (1 if v == 5 else 2) for k in ("ladder", "rope") for v in range(1, 6)
    )


def test_a_seeded_setup_lays_four_adventures_of_one_side_and_a_chamber_side() -> None:
    """B3: the five adventure cards are shuffled, the top one goes back to the box, the
    other four are laid in order; the chamber lies with a random side up."""
    fronts = {front for front, _ in BOX.adventure_cards}
    backs = {back for _, back in BOX.adventure_cards}
    for seed in range(20):
        state = new(ABC, adventures=None, chamber=None, seed=seed)
        view = public(state)
        assert len(view["adventures"]) == 4 and len(set(view["adventures"])) == 4
        assert set(view["adventures"]) <= fronts
        assert view["chamber"] in BOX.chamber_sides
        back = new(ABC, adventures=None, chamber=None, seed=seed, side="back")
        assert set(public(back)["adventures"]) <= backs
    same = new(ABC, adventures=None, chamber=None, seed=3)
    assert public(same)["adventures"] == public(new(ABC, adventures=None, chamber=None, seed=3))["adventures"]


def test_full_mode_deals_five_cards_each_from_the_top_of_the_deck() -> None:
    """B4: seat order, five at a time; the sixth card after the deal is the pile's top."""
    top = ["ladder-1", "ladder-2", "ladder-3", "ladder-4", "ladder-5"]
    top += ["rope-1", "rope-2", "rope-3", "rope-4", "rope-5", "mummy"]
    state = full(AB, top)
    assert public(state)["hand_cards"] == {"Ann": top[:5], "Ben": top[5:10]}
    events = act(state, "Ann", "draw", count=1)
    assert events == [{"type": "drew", "player": "Ann", "count": 1, "cards": ["mummy"]}]


def test_a_header_that_cannot_start_a_game_is_refused() -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({"players": ["Ann"]}, "player-count"),
        ({"players": ["A", "B", "C", "D", "E", "F"]}, "player-count"),
        ({"players": ["Ann", "Ann"]}, "bad-players"),
        ({"mode": "camera"}, "bad-mode"),
        ({"mode": ["full"]}, "bad-mode"),
        ({"variant": "expert"}, "bad-variant"),
        ({"variant": {"advanced": True}}, "bad-variant"),
        ({"side": "left"}, "bad-side"),
        ({"adventures": []}, "bad-adventures"),
        ({"adventures": [5, 6, 7, 8, 9, 10]}, "bad-adventures"),
        ({"adventures": [5, "6"]}, "bad-adventures"),
        ({"adventures": [5, True]}, "bad-adventures"),
        ({"adventures": [0, 6]}, "bad-adventures"),
        ({"chamber": 0}, "bad-chamber"),
        ({"chamber": "12"}, "bad-chamber"),
        ({"deck": ["magic"]}, "bad-deck"),  # a deck in table mode
        ({"mode": "full", "seed": 1, "deck": ["magic"] * 54}, "bad-deck"),
        ({"mode": "full"}, "missing-seed"),
        ({"adventures": None}, "missing-seed"),
        ({"chamber": None}, "missing-seed"),
    ]
    for fields, code in cases:
        head: dict[str, Any] = {"game": "bann", "players": ABC, "adventures": [5, 6], "chamber": 7, **fields}
        head = {k: v for k, v in head.items() if v is not None}
        with pytest.raises(BadHeader) as info:
            engines.new_game(head)
        assert info.value.code == code, (fields, info.value.code)


def test_header_values_are_any_laid_out_numbers() -> None:
    """B2: the header's adventures and chamber are taken as laid out (1-5 adventures, each
    1-99), not checked against the box file, whose numbers are defaults."""
    state = new(AB, adventures=[13, 2, 99], chamber=1)
    assert public(state)["adventures"] == [13, 2, 99] and public(state)["chamber"] == 1
    assert public(state)["needs"] == {"Ann": 13, "Ben": 13}


def test_the_variant_may_be_one_name_or_a_list() -> None:
    assert public(new(AB, variant="advanced"))["variants"] == ["advanced"]
    both = new(AB, variant=["minus-points", "advanced"])
    assert public(both)["variants"] == ["advanced", "minus-points"]


# --------------------------------------------------------------- A: drawing, swapping


def test_a_player_draws_one_or_two_cards() -> None:
    state = new()
    assert act(state, "Ann", "draw", count=2) == [{"type": "drew", "player": "Ann", "count": 2}]
    assert act(state, "Ben", "draw", count=1) == [{"type": "drew", "player": "Ben", "count": 1}]
    assert public(state)["hands"] == {"Ann": 7, "Ben": 6, "Cleo": 5}
    assert public(state)["pile"] == 39 - 3
    refused(state, "bad-count", "Cleo", "draw", count=3)
    refused(state, "bad-count", "Cleo", "draw", count=0)
    refused(state, "malformed-action", "Cleo", "draw", count="2")
    refused(state, "malformed-action", "Cleo", "draw")


def test_no_one_holds_more_than_ten_cards() -> None:
    """ "De spelers mogen echter niet meer dan 10 piramidekaarten in de hand houden."
    Ann: 5 + 2 + 2 = 9 cards; then only a single card may be drawn, and at 10 none."""
    state = new(AB)
    for _ in range(2):
        act(state, "Ann", "draw", count=2)
        act(state, "Ben", "draw", count=1)
    assert public(state)["hands"]["Ann"] == 9
    refused(state, "hand-limit", "Ann", "draw", count=2)
    act(state, "Ann", "draw", count=1)
    act(state, "Ben", "draw", count=1)
    refused(state, "hand-limit", "Ann", "draw", count=1)
    # with 10 cards a swap (or a play) is still possible
    act(state, "Ann", "swap", count=5)
    assert public(state)["hands"]["Ann"] == 10


def test_a_swap_lays_down_up_to_five_cards_face_up_and_draws_as_many() -> None:
    state = new()
    events = act(state, "Ann", "swap", cards=["torch-1", "torch-1", "rope-2"])
    assert events == [
        {"type": "swapped", "player": "Ann", "count": 3, "cards": ["torch-1", "torch-1", "rope-2"]}
    ]
    view = public(state)
    assert view["hands"]["Ann"] == 5 and view["pile"] == 39 - 3
    assert view["discard"] == ["torch-1", "torch-1", "rope-2"]
    refused(state, "bad-count", "Ben", "swap", count=6)
    refused(state, "bad-count", "Ben", "swap", cards=[])
    # both copies of torch-1 lie face up: nobody can hold one (table mode)
    refused(state, "not-in-hand", "Ben", "swap", cards=["torch-1"])
    refused(state, "unknown-card", "Ben", "swap", cards=["torch-9"])
    refused(state, "malformed-action", "Ben", "swap", count=2, cards=["rope-1"])
    refused(state, "malformed-action", "Ben", "swap")
    # a swap named by count only (B21): the cards went face up unnamed
    act(state, "Ben", "swap", count=2)
    assert public(state)["discard_unknown"] == 2


def test_a_swap_needs_as_many_hand_cards() -> None:
    state = new(AB)
    play(state, "Ann", "ladder-1")
    act(state, "Ben", "draw", count=1)
    refused(state, "not-in-hand", "Ann", "swap", count=5)  # Ann holds 4


def test_a_full_mode_swap_names_cards_from_the_hand() -> None:
    state = full(AB, ["ladder-1", "ladder-2", "magic", "rope-1", "rope-2", "torch-1"])
    refused(state, "not-in-hand", "Ann", "swap", cards=["torch-1"])  # Ben holds it
    refused(state, "not-in-hand", "Ann", "swap", cards=["rope-1", "rope-1"])  # only one
    refused(state, "malformed-action", "Ann", "swap", count=1)
    events = act(state, "Ann", "swap", cards=["rope-1", "ladder-1"])
    assert events[0]["cards"] == ["rope-1", "ladder-1"] and len(events[0]["drawn"]) == 2
    assert public(state)["hand_cards"]["Ann"] == ["ladder-2", "magic", "rope-2", *events[0]["drawn"]]


FIVE = ["Ann", "Ben", "Cleo", "Dirk", "Eva"]


def _drain(state: Bann, keep: int) -> None:
    """Draw until the pile holds ``keep`` cards: each player draws 1 or 2, or, with 10 cards,
    lays a card of the arrow's kind (into the display: nothing reaches the discard pile).
    The adventures are out of reach, so nobody completes."""
    while public(state)["pile"] > keep:
        player = state.to_act
        assert player is not None
        left = public(state)["pile"] - keep
        count = min(2, left, 10 - public(state)["hands"][player])
        if count:
            act(state, player, "draw", count=count)
        else:
            card = next(a["card"] for a in state.legal_actions() if a["move"] == "play" and "-" in a["card"])
            act(state, player, "play", card=card)
    assert public(state)["pile"] == keep


def _five_with_magic_discarded(magic: int) -> Bann:
    """Five players (pile 54 - 25 = 29), adventures out of reach; the first ``magic``
    players each play a magic card (turning the arrow to torch) and end their turn."""
    state = new(FIVE, adventures=[50], chamber=50)
    for player in FIVE[:magic]:
        play(state, player, "magic", kind="torch")
        act(state, player, "end")
    assert public(state)["discard"] == ["magic"] * magic
    return state


def test_a_swap_with_fewer_than_five_in_the_pile_shuffles_the_discards_in_first() -> None:
    """ "Wanneer de voorraadstapel uit minder dan 5 kaarten bestaat, wordt deze met de
    aflegstapel geschud en de speler mag ... ruilen." B7: the discards join the pile before
    the swapped cards go down. Pile 3 + discard 2 = 5; a swap of 4 leaves 1 in the pile and
    the 4 swapped cards alone on the discard pile."""
    state = _five_with_magic_discarded(2)
    _drain(state, keep=3)
    player = state.to_act
    assert player is not None
    events = act(state, player, "swap", count=4)
    assert events == [{"type": "reshuffled", "count": 5}, {"type": "swapped", "player": player, "count": 4}]
    view = public(state)
    assert view["pile"] == 1 and view["discard"] == [] and view["discard_unknown"] == 4


def test_without_discards_a_swap_takes_at_most_what_the_pile_holds() -> None:
    """ "Wanneer de voorraadstapel uit minder dan 5 kaarten bestaat en er is geen aflegstapel,
    mag een speler niet meer kaarten ruilen dan het aantal dat maximaal voorhanden is."
    Pile 3, no discards: 4 is refused, 3 is allowed; the pile then runs out and the 3 swapped
    cards become the new pile at once (B6)."""
    state = _five_with_magic_discarded(0)
    _drain(state, keep=3)
    player = state.to_act
    assert player is not None
    refused(state, "not-enough-cards", player, "swap", count=4)
    events = act(state, player, "swap", count=3)
    assert events == [{"type": "swapped", "player": player, "count": 3}, {"type": "reshuffled", "count": 3}]
    assert public(state)["pile"] == 3 and public(state)["discard_unknown"] == 0


def test_an_empty_pile_is_refilled_from_the_discards_at_once() -> None:
    """ "Wanneer de voorraadstapel opgebruikt is, wordt de aflegstapel geschud en als nieuwe
    voorraadstapel klaargelegd." B6: the last card is drawn and the two magic cards on the
    discard pile become the new pile at once."""
    state = _five_with_magic_discarded(2)
    _drain(state, keep=1)
    player = state.to_act
    assert player is not None
    events = act(state, player, "draw", count=1)
    assert events == [{"type": "drew", "player": player, "count": 1}, {"type": "reshuffled", "count": 2}]
    assert public(state)["pile"] == 2 and public(state)["discard"] == []


def _nearly_empty_pile(discard: list[str]) -> Bann:
    """Five players, table mode: Ann to Dirk hold the most cards the rules allow less what
    the discard pile holds, Eva (to act) holds 8, one card lies in the pile, five in the
    displays: 10 * 4 - len(discard) + 8 + 1 + 5 + len(discard) = 54."""
    state = new(FIVE, adventures=[50], chamber=50)
    data = state.to_json()
    data["hand_sizes"] = [10, 10, 10, 10 - len(discard), 8]
    data["pile_size"] = 1
    data["discard"] = list(discard)
    data["displays"] = [["ladder-1"], ["ladder-1"], ["ladder-2"], ["ladder-2"], ["ladder-3"]]
    data["current"] = 4
    assert sum(data["hand_sizes"]) + 1 + 5 + len(discard) == 54
    return Bann.from_json(data)


def test_a_draw_of_two_takes_the_last_card_and_one_from_the_reshuffled_discards() -> None:
    state = _nearly_empty_pile(["magic"])
    events = act(state, "Eva", "draw", count=2)
    assert events == [{"type": "reshuffled", "count": 1}, {"type": "drew", "player": "Eva", "count": 2}]
    assert public(state)["pile"] == 0 and public(state)["discard"] == []
    assert public(state)["hands"]["Eva"] == 10


def test_drawing_more_than_pile_and_discards_hold_is_refused() -> None:
    state = _nearly_empty_pile([])
    refused(state, "not-enough-cards", "Eva", "draw", count=2)
    assert act(state, "Eva", "draw", count=1) == [{"type": "drew", "player": "Eva", "count": 1}]
    assert public(state)["pile"] == 0


def test_full_mode_reshuffles_are_seeded_and_replayable() -> None:
    """B6: in full mode a reshuffle shuffles the discards with a seed drawn from the
    header's seed, so a replay gives the same new pile."""
    header = {"game": "bann", "players": AB, "mode": "full", "seed": 4, "adventures": [50], "chamber": 50}
    lines = [json.dumps(header)]
    state = engines.new_game(header)
    assert isinstance(state, Bann)
    while state.reshuffles == 0:
        action = state.legal_actions()[-1]
        state.apply(action)
        lines.append(json.dumps(action))
    assert replay(lines).state.to_json() == state.to_json()


# ------------------------------------------------------------- B: playing cards


def test_only_equipment_of_the_arrows_kind_may_be_played() -> None:
    state = new()
    refused(state, "wrong-kind", "Ann", "play", card="rope-3")
    events = play(state, "Ann", "ladder-3")
    assert events == [{"type": "played", "player": "Ann", "card": "ladder-3"}]
    assert public(state)["displays"]["Ann"] == ["ladder-3"]
    assert public(state)["totals"]["Ann"] == 3
    assert state.to_act == "Ben"  # one equipment card, nothing else possible: the turn ends


def test_a_special_card_then_one_equipment_card() -> None:
    state = new()
    play(state, "Ann", "protection")  # "ook wanneer hij nog geen uitrustingskaart in zijn etalage heeft"
    assert state.to_act == "Ann" and public(state)["phase"] == "play"
    refused(state, "one-special", "Ann", "play", card="magic", kind="rope")
    play(state, "Ann", "ladder-2")
    assert public(state)["displays"]["Ann"] == ["protection", "ladder-2"]
    assert state.to_act == "Ben"


def test_equipment_then_a_special_is_refused() -> None:
    state = new()
    play(state, "Ann", "ladder-4")
    play(state, "Ben", "ladder-4")
    act(state, "Cleo", "draw", count=1)
    play(state, "Ann", "ladder-2")  # 6 >= 5: Ann may complete, so she is asked
    assert public(state)["phase"] == "play"
    refused(state, "special-after-equipment", "Ann", "play", card="magic", kind="rope")
    refused(state, "one-equipment", "Ann", "play", card="ladder-1")


def test_magic_turns_the_arrow_and_the_equipment_card_follows_the_new_kind() -> None:
    state = new()
    events = play(state, "Ann", "magic", kind="torch")
    assert events == [
        {"type": "played", "player": "Ann", "card": "magic", "kind": "torch"},
        {"type": "arrow", "player": "Ann", "kind": "torch"},
    ]
    refused(state, "wrong-kind", "Ann", "play", card="ladder-3")
    play(state, "Ann", "torch-3")
    assert public(state)["arrow"] == "torch" and public(state)["discard"] == ["magic"]
    # the arrow stays until the next change
    refused(state, "wrong-kind", "Ben", "play", card="ladder-1")


def test_magic_needs_a_known_kind_and_may_keep_the_arrow_where_it_is() -> None:
    state = new()
    refused(state, "malformed-action", "Ann", "play", card="magic")
    refused(state, "unknown-kind", "Ann", "play", card="magic", kind="shovel")
    play(state, "Ann", "magic", kind="ladder")  # B23
    assert public(state)["arrow"] == "ladder"


def test_a_scarab_lets_the_player_lay_any_number_of_cards_of_the_arrows_kind() -> None:
    state = new(adventures=[20, 6], chamber=7)
    act(state, "Ann", "draw", count=2)
    act(state, "Ben", "draw", count=1)
    act(state, "Cleo", "draw", count=1)
    play(state, "Ann", "scarab")
    for card in ("ladder-1", "ladder-2", "ladder-3", "ladder-4", "ladder-5"):
        play(state, "Ann", card)
    assert public(state)["totals"]["Ann"] == 15
    assert state.to_act == "Ann"  # table mode: more ladders could be in her hand
    refused(state, "wrong-kind", "Ann", "play", card="rope-1")
    act(state, "Ann", "end")
    assert state.to_act == "Ben" and public(state)["discard"] == ["scarab"]


def test_the_mummy_goes_into_another_players_display_and_raises_their_requirement_by_3() -> None:
    state = new()
    refused(state, "mummy-to-self", "Ann", "play", card="mummy", to="Ann")
    refused(state, "unknown-player", "Ann", "play", card="mummy", to="Zed")
    refused(state, "malformed-action", "Ann", "play", card="mummy")
    events = play(state, "Ann", "mummy", to="Ben")
    assert events == [
        {"type": "played", "player": "Ann", "card": "mummy", "to": "Ben"},
        {"type": "mummy-played", "player": "Ann", "to": "Ben"},
    ]
    view = public(state)
    assert view["displays"]["Ben"] == ["mummy"] and view["mummy"] == "Ben"
    assert view["needs"] == {"Ann": 5, "Ben": 5 + 3, "Cleo": 5}
    # only one mummy in the box: nobody can play it again
    act(state, "Ann", "end")
    refused(state, "not-in-hand", "Ben", "play", card="mummy", to="Ann")


def test_a_card_with_every_copy_face_up_cannot_be_played_in_table_mode() -> None:
    state = new(adventures=[6, 6])
    play(state, "Ann", "ladder-5")  # the only ladder-5 of the box
    refused(state, "not-in-hand", "Ben", "play", card="ladder-5")
    refused(state, "unknown-card", "Ben", "play", card="ladder-6")
    refused(state, "malformed-action", "Ben", "play", card=["ladder-1"])


def test_a_player_without_cards_cannot_play() -> None:
    state = new(AB, adventures=[30], chamber=7)
    play(state, "Ann", "scarab")
    for card in ("ladder-1", "ladder-1", "ladder-2", "ladder-2"):
        play(state, "Ann", card)
    assert public(state)["hands"]["Ann"] == 0
    assert state.to_act == "Ben"  # nothing left to play: the turn ended
    act(state, "Ben", "draw", count=1)
    refused(state, "not-in-hand", "Ann", "play", card="magic", kind="rope")
    act(state, "Ann", "draw", count=2)


def test_full_mode_plays_only_cards_in_the_hand() -> None:
    state = full(AB, ["ladder-1", "ladder-2", "magic", "rope-1", "rope-2", "ladder-3"])
    refused(state, "not-in-hand", "Ann", "play", card="ladder-3")  # Ben holds it
    play(state, "Ann", "magic", kind="rope")
    play(state, "Ann", "rope-2")
    assert public(state)["hand_cards"]["Ann"] == ["ladder-1", "ladder-2", "rope-1"]


# --------------------------------------------------------------------------- curse


def test_a_curse_makes_every_other_player_discard_one_equipment_or_protection_card() -> None:
    """Asked in turn order from the curser's left (B13): Cleo then Ann, for Ben's curse.
    Cleo holds two kinds of card and chooses; Ann has only ladder-3 copies: it goes without
    a question; the curser keeps his display."""
    state = new(adventures=[20, 6], chamber=7)
    play(state, "Ann", "scarab")
    play(state, "Ann", "ladder-3")
    play(state, "Ann", "ladder-3")
    act(state, "Ann", "end")
    play(state, "Ben", "ladder-4")
    play(state, "Cleo", "protection")
    play(state, "Cleo", "ladder-2")
    play(state, "Ann", "magic", kind="rope")
    act(state, "Ann", "end")
    events = play(state, "Ben", "curse")
    assert events == [{"type": "played", "player": "Ben", "card": "curse"}]
    assert state.to_act == "Cleo" and public(state)["phase"] == "curse"
    assert public(state)["curse"] == {"by": "Ben", "asked": ["Cleo", "Ann"]}
    assert state.prompt().code == "curse"
    refused(state, "out-of-turn", "Ann", "discard", card="ladder-3")
    refused(state, "not-in-display", "Cleo", "discard", card="ladder-4")
    events = act(state, "Cleo", "discard", card="protection")
    assert events == [
        {"type": "cursed", "player": "Cleo", "card": "protection", "chosen": True},
        {"type": "cursed", "player": "Ann", "card": "ladder-3", "chosen": False},
    ]
    view = public(state)
    assert view["displays"] == {"Ann": ["ladder-3"], "Ben": ["ladder-4"], "Cleo": ["ladder-2"]}
    assert view["discard"][-3:] == ["curse", "protection", "ladder-3"]
    # Ben may still lay one rope card after his curse
    assert state.to_act == "Ben" and public(state)["phase"] == "play"
    play(state, "Ben", "rope-1")
    assert state.to_act == "Cleo"


def test_a_cursed_player_with_nothing_to_lose_is_spared_and_the_mummy_cannot_be_taken() -> None:
    state = new()
    play(state, "Ann", "mummy", to="Ben")
    act(state, "Ann", "end")
    events = play(state, "Ben", "curse")
    assert events[1:] == [
        {"type": "curse-spared", "player": "Cleo"},
        {"type": "curse-spared", "player": "Ann"},
    ]
    act(state, "Ben", "end")
    play(state, "Cleo", "curse")  # Ben's display holds only the mummy
    assert public(state)["displays"]["Ben"] == ["mummy"]


def test_the_mummy_cannot_be_discarded_to_a_curse() -> None:
    state = new(AB)
    play(state, "Ann", "mummy", to="Ben")
    act(state, "Ann", "end")
    play(state, "Ben", "protection")
    play(state, "Ben", "ladder-1")
    play(state, "Ann", "protection")
    act(state, "Ann", "end")
    play(state, "Ben", "curse")  # Ann: one kind (protection) goes by itself
    act(state, "Ben", "end")
    play(state, "Ann", "curse")
    assert state.to_act == "Ben"
    refused(state, "mummy-stays", "Ben", "discard", card="mummy")
    refused(state, "malformed-action", "Ben", "discard")
    act(state, "Ben", "discard", card="ladder-1")
    assert public(state)["displays"]["Ben"] == ["mummy", "protection"]


# ------------------------------------------------------------------- completing


def test_an_adventure_is_completed_when_the_display_reaches_its_value() -> None:
    state = new(AB)
    play(state, "Ann", "ladder-4")
    assert state.to_act == "Ben"  # 4 < 5: nothing to decide, the turn ended
    act(state, "Ben", "draw", count=1)
    play(state, "Ann", "magic", kind="ladder")
    refused(state, "adventure-not-reached", "Ann", "complete")
    play(state, "Ann", "ladder-2")  # 6 >= 5
    events = act(state, "Ann", "complete")
    assert events[0]["total"] == 6 and events[0]["exact"] is False
    assert public(state)["positions"]["Ann"] == 1 and state.to_act == "Ben"


def test_completing_is_a_choice() -> None:
    """B9: "en kan dan een avontuur voltooien": the player may end the turn instead."""
    state = new(AB)
    play(state, "Ann", "ladder-5")
    assert state.to_act == "Ann" and "complete" in state.prompt().params["options"]
    act(state, "Ann", "end")
    assert public(state)["positions"]["Ann"] == 0 and public(state)["totals"]["Ann"] == 5


def test_a_completion_needs_a_play_first() -> None:
    state = new(AB)
    play(state, "Ann", "ladder-5")
    act(state, "Ann", "end")
    act(state, "Ben", "draw", count=1)
    refused(state, "wrong-move", "Ann", "complete")  # a turn starts with draw, swap or play
    refused(state, "wrong-move", "Ann", "end")


def test_the_mummy_adds_3_to_an_adventure() -> None:
    """Adventure 5 with the mummy: 6 is not enough, 8 completes (exactly: 5 + 3)."""
    state = new(AB)
    play(state, "Ann", "mummy", to="Ben")
    act(state, "Ann", "end")
    play(state, "Ben", "magic", kind="ladder")
    play(state, "Ben", "ladder-4")  # 4 < 8: the turn ends
    act(state, "Ann", "draw", count=1)
    play(state, "Ben", "scarab")
    play(state, "Ben", "ladder-2")  # 6
    info = refused(state, "adventure-not-reached", "Ben", "complete")
    assert "needs 8" in info.message
    play(state, "Ben", "ladder-2")  # 8 = 5 + 3
    events = act(state, "Ben", "complete")
    assert events[0] == {
        "type": "completed",
        "player": "Ben",
        "adventure": 0,
        "value": 5,
        "needed": 8,
        "total": 8,
        "exact": True,
    }


def test_completing_discards_the_display_but_the_mummy_stays_and_is_passed_on() -> None:
    """ "De mummie blijft tot het einde in het spel"; "Wanneer de bezitter van de mummie een
    avontuur voltooid heeft ..., geeft hij ze aan een medespeler naar keuze verder" (B10:
    the holder must pass it; the choice is who gets it)."""
    state = new()
    play(state, "Ann", "mummy", to="Ben")
    act(state, "Ann", "end")
    play(state, "Ben", "scarab")
    for card in ("ladder-4", "ladder-4", "ladder-1"):
        play(state, "Ben", card)
    events = act(state, "Ben", "complete")  # 9 >= 8, not exact
    assert events[0]["needed"] == 8 and events[0]["total"] == 9
    assert public(state)["phase"] == "mummy" and state.prompt().code == "give-mummy"
    assert public(state)["displays"]["Ben"] == ["mummy"]
    refused(state, "wrong-move", "Ben", "end")
    refused(state, "mummy-to-self", "Ben", "give-mummy", to="Ben")
    refused(state, "malformed-action", "Ben", "give-mummy", to="Ann", cards=["ladder-1"])
    events = act(state, "Ben", "give-mummy", to="Ann")
    assert events == [{"type": "mummy-passed", "player": "Ben", "to": "Ann"}]
    view = public(state)
    assert view["displays"] == {"Ann": ["mummy"], "Ben": [], "Cleo": []}
    assert view["discard"][-4:] == ["scarab", "ladder-4", "ladder-4", "ladder-1"]
    assert state.to_act == "Cleo"


def test_an_exact_completion_turns_the_arrow_and_gives_another_turn() -> None:
    """Exactly 5: "mag hij het depot draaien ... en is hij opnieuw aan de beurt"."""
    state = new(AB)
    play(state, "Ann", "magic", kind="rope")
    play(state, "Ann", "rope-5")
    events = act(state, "Ann", "complete")
    assert events[0]["exact"] is True
    assert public(state)["phase"] == "arrow" and state.prompt().code == "arrow"
    refused(state, "wrong-move", "Ann", "draw", count=1)
    refused(state, "unknown-kind", "Ann", "arrow", kind="shovel")
    refused(state, "malformed-action", "Ann", "arrow")
    events = act(state, "Ann", "arrow", kind="pickaxe")
    assert events == [
        {"type": "arrow", "player": "Ann", "kind": "pickaxe"},
        {"type": "extra-turn", "player": "Ann"},
    ]
    assert state.to_act == "Ann" and state.prompt().code == "extra-turn"
    # the extra turn offers both options again; here: draw
    act(state, "Ann", "draw", count=2)
    assert state.to_act == "Ben"


def test_the_arrow_may_stay_on_its_kind_after_an_exact_completion() -> None:
    state = new(AB)
    play(state, "Ann", "ladder-5")
    act(state, "Ann", "complete")
    act(state, "Ann", "arrow", kind="ladder")  # B14
    assert public(state)["arrow"] == "ladder" and state.to_act == "Ann"


def test_one_adventure_per_turn_except_through_the_extra_turn() -> None:
    """Completing ends the turn's plays; only an exact completion's extra turn can complete
    the next adventure (5 exactly, then 6 exactly: two adventures in one go)."""
    state = new(AB)
    play(state, "Ann", "scarab")
    play(state, "Ann", "ladder-5")
    act(state, "Ann", "complete")
    refused(state, "wrong-move", "Ann", "play", card="ladder-1")
    act(state, "Ann", "arrow", kind="rope")
    play(state, "Ann", "magic", kind="rope")
    play(state, "Ann", "rope-5")  # 5 < 6: the turn ends
    act(state, "Ben", "draw", count=1)
    play(state, "Ann", "rope-1")  # 6 = 6
    act(state, "Ann", "complete")
    act(state, "Ann", "arrow", kind="rope")
    assert public(state)["positions"]["Ann"] == 2 and state.to_act == "Ann"

    # a non-exact completion passes the turn
    state = new(AB)
    play(state, "Ann", "scarab")
    play(state, "Ann", "ladder-4")
    play(state, "Ann", "ladder-2")
    act(state, "Ann", "complete")  # 6 > 5
    assert state.to_act == "Ben" and public(state)["positions"]["Ann"] == 1


def test_the_kings_chamber_needs_exactly_its_value_and_completing_it_wins() -> None:
    state = new(AB, adventures=[1], chamber=7)
    play(state, "Ann", "ladder-1")
    act(state, "Ann", "complete")
    act(state, "Ann", "arrow", kind="ladder")
    play(state, "Ann", "scarab")
    play(state, "Ann", "ladder-4")
    play(state, "Ann", "ladder-4")  # 8 > 7
    refused(state, "chamber-not-exact", "Ann", "complete")
    act(state, "Ann", "end")
    play(state, "Ben", "curse")  # Ann has one kind of card, ladder-4: one goes, 4 is left
    act(state, "Ben", "end")
    play(state, "Ann", "ladder-3")  # 7 = 7
    events = act(state, "Ann", "complete")
    assert events == [
        {
            "type": "entered-chamber",
            "player": "Ann",
            "adventure": 1,
            "value": 7,
            "needed": 7,
            "total": 7,
            "exact": True,
        },
        {"type": "game-over", "winners": ["Ann"], "reason": "kings-chamber"},
    ]
    assert state.finished and state.winners() == ["Ann"] and state.to_act is None
    assert state.scores() == {"Ann": 0, "Ben": 0}
    refused(state, "game-over", "Ben", "draw", count=1)


def test_at_the_kings_chamber_the_mummy_holder_needs_exactly_value_plus_3() -> None:
    """Chamber 7 with the mummy: exactly 7 is refused, exactly 10 wins. B15: the game ends
    at once; the winner does not pass the mummy on."""
    state = new(AB, adventures=[1], chamber=7)
    play(state, "Ann", "ladder-1")
    act(state, "Ann", "complete")  # exact: extra turn
    act(state, "Ann", "arrow", kind="ladder")
    act(state, "Ann", "draw", count=2)
    play(state, "Ben", "mummy", to="Ann")
    act(state, "Ben", "end")
    play(state, "Ann", "scarab")
    play(state, "Ann", "ladder-4")
    play(state, "Ann", "ladder-3")  # 7: not enough with the mummy
    refused(state, "chamber-not-exact", "Ann", "complete")
    play(state, "Ann", "ladder-3")  # 10 = 7 + 3
    events = act(state, "Ann", "complete")
    assert events[0]["needed"] == 10 and events[-1]["type"] == "game-over"
    assert public(state)["mummy"] == "Ann"


# ------------------------------------------------------------- passing the mummy


def _ben_at_the_chamber_ann_with_the_mummy() -> Bann:
    """Adventures [1], chamber 9. Ben completes the 1 exactly and, in his extra turn, draws:
    he stands at the chamber. Cleo puts the mummy on Ann (Ann now needs 1 + 3 = 4)."""
    state = new(adventures=[1], chamber=9)
    act(state, "Ann", "draw", count=1)
    play(state, "Ben", "ladder-1")
    act(state, "Ben", "complete")
    act(state, "Ben", "arrow", kind="ladder")
    act(state, "Ben", "draw", count=1)
    play(state, "Cleo", "mummy", to="Ann")
    act(state, "Cleo", "end")
    return state


def test_the_mummy_holder_may_pass_it_to_a_player_at_the_chamber_by_discarding_3_or_more() -> None:
    """ "Wanneer minstens één medespeler tot naast de koningskamer doorgedrongen is, kan de
    bezitter van de mummie ... uitrustingskaarten met een totale waarde van minstens 3
    wegnemen ... [en] de mummie doorgeven aan een medespeler die naast de koningskamer staat."
    After a draw (B12) the holder is asked; Ann discards ladder-2 + ladder-1 = 3."""
    state = _ben_at_the_chamber_ann_with_the_mummy()
    play(state, "Ann", "magic", kind="ladder")
    play(state, "Ann", "ladder-2")  # Ann: mummy, ladder-2 = 2 < 4
    assert state.to_act == "Ben"  # worth only 2: no pass possible, the turn ended
    act(state, "Ben", "draw", count=1)
    act(state, "Cleo", "draw", count=1)
    play(state, "Ann", "ladder-1")  # 3 < 4; with 3 laid out, she may pass the mummy
    assert state.to_act == "Ann" and state.prompt().params["options"] == ["pass-mummy", "end"]
    refused(state, "not-at-chamber", "Ann", "give-mummy", to="Cleo", cards=["ladder-2", "ladder-1"])
    refused(state, "mummy-discard-too-low", "Ann", "give-mummy", to="Ben", cards=["ladder-2"])
    refused(state, "not-in-display", "Ann", "give-mummy", to="Ben", cards=["ladder-2", "ladder-2"])
    refused(state, "not-equipment", "Ann", "give-mummy", to="Ben", cards=["mummy"])
    refused(state, "malformed-action", "Ann", "give-mummy", to="Ben")
    events = act(state, "Ann", "give-mummy", to="Ben", cards=["ladder-2", "ladder-1"])
    assert events == [{"type": "mummy-sent", "player": "Ann", "to": "Ben", "cards": ["ladder-2", "ladder-1"]}]
    view = public(state)
    assert view["displays"] == {"Ann": [], "Ben": ["mummy"], "Cleo": []}
    assert view["needs"] == {"Ann": 1, "Ben": 9 + 3, "Cleo": 1}
    assert state.to_act == "Ben"


def test_after_a_draw_the_mummy_holder_is_asked_and_may_decline() -> None:
    state = _ben_at_the_chamber_ann_with_the_mummy()
    play(state, "Ann", "magic", kind="ladder")
    play(state, "Ann", "ladder-3")  # 3 < 4: she could pass now, but ends
    act(state, "Ann", "end")
    act(state, "Ben", "draw", count=1)
    act(state, "Cleo", "draw", count=1)
    act(state, "Ann", "draw", count=1)
    assert public(state)["phase"] == "after-draw" and state.prompt().code == "after-draw"
    refused(state, "wrong-move", "Ann", "play", card="ladder-1")
    act(state, "Ann", "end")
    assert state.to_act == "Ben" and public(state)["mummy"] == "Ann"


def test_passing_the_mummy_by_discarding_needs_someone_at_the_chamber() -> None:
    state = new(adventures=[20], chamber=9)
    play(state, "Ann", "mummy", to="Ben")
    act(state, "Ann", "end")
    play(state, "Ben", "ladder-5")
    assert state.to_act == "Cleo"  # nobody at the chamber: no pass possible, the turn ended
    act(state, "Cleo", "draw", count=1)
    act(state, "Ann", "draw", count=1)
    play(state, "Ben", "magic", kind="ladder")
    refused(state, "nobody-at-chamber", "Ben", "give-mummy", to="Ann", cards=["ladder-5"])
    act(state, "Ben", "end")
    play(state, "Cleo", "magic", kind="ladder")
    refused(state, "no-mummy", "Cleo", "give-mummy", to="Ann", cards=["ladder-3"])
    refused(state, "wrong-move", "Cleo", "arrow", kind="rope")


def test_the_mummy_goes_only_to_players_still_in_the_pyramid() -> None:
    """B11, minus-points variant: Ann is in the chamber; Ben completes with the mummy and
    passes it; Ann cannot take it."""
    state = new(adventures=[1], chamber=1, variant="minus-points")
    play(state, "Ann", "ladder-1")
    act(state, "Ann", "complete")
    act(state, "Ann", "arrow", kind="ladder")
    play(state, "Ann", "ladder-1")
    act(state, "Ann", "complete")  # Ann enters the chamber
    refused(state, "player-finished", "Ben", "play", card="mummy", to="Ann")
    play(state, "Ben", "mummy", to="Cleo")
    assert public(state)["mummy"] == "Cleo"
    act(state, "Ben", "end")
    play(state, "Cleo", "scarab")
    play(state, "Cleo", "ladder-2")
    play(state, "Cleo", "ladder-2")  # 4 = 1 + 3
    act(state, "Cleo", "complete")
    refused(state, "player-finished", "Cleo", "give-mummy", to="Ann")
    act(state, "Cleo", "give-mummy", to="Ben")


# ---------------------------------------------------------------- the game's end


def test_the_game_ends_at_once_when_the_kings_chamber_is_completed() -> None:
    state = new(AB, adventures=[1], chamber=2)
    play(state, "Ann", "ladder-1")
    act(state, "Ann", "complete")
    act(state, "Ann", "arrow", kind="ladder")
    play(state, "Ann", "ladder-2")
    events = act(state, "Ann", "complete")
    assert types(events) == ["entered-chamber", "game-over"]
    view = public(state)
    assert view["end"] == "kings-chamber" and view["phase"] == "over"
    assert view["positions"]["Ann"] == 2  # on the king's chamber
    assert state.prompt().code == "game-over"


# ------------------------------------------------------------------ advanced variant


def test_advanced_an_empty_hand_completes_the_adventure_and_deals_five_new_cards() -> None:
    """ "Een avontuur is ook voltooid wanneer een speler geen handkaarten meer heeft. Hij gaat
    automatisch naar het volgende avontuur en krijgt 5 kaarten ... de volgende speler is aan
    de beurt." Ann's five cards: scarab + ladders 1, 1, 2, 2 = 6 < 10."""
    state = new(AB, adventures=[10, 6], chamber=7, variant="advanced")
    play(state, "Ann", "scarab")
    for card in ("ladder-1", "ladder-1", "ladder-2"):
        play(state, "Ann", card)
    events = play(state, "Ann", "ladder-2")
    assert events[1:] == [
        {
            "type": "emptied-hand",
            "player": "Ann",
            "adventure": 0,
            "value": 10,
            "needed": 10,
            "total": 6,
            "exact": False,
        },
        {"type": "refilled", "player": "Ann", "count": 5},
    ]
    view = public(state)
    assert view["positions"]["Ann"] == 1 and view["hands"]["Ann"] == 5 and view["displays"]["Ann"] == []
    assert view["pile"] == 44 - 5
    assert state.to_act == "Ben"


def test_advanced_an_empty_hand_at_exactly_the_value_gives_another_turn() -> None:
    """ "Wanneer een speler zijn laatste handkaart aflegt en daarmee de waarde van het avontuur
    exact bereikt ... is nog een keer aan de beurt." B17: with the arrow turn of an exact
    completion. 1 + 1 + 2 + 2 = 6."""
    state = new(AB, adventures=[6, 6], chamber=7, variant="advanced")
    play(state, "Ann", "scarab")
    for card in ("ladder-1", "ladder-1", "ladder-2", "ladder-2"):
        play(state, "Ann", card)
    assert public(state)["phase"] == "arrow"
    act(state, "Ann", "arrow", kind="rope")
    assert state.to_act == "Ann" and public(state)["hands"]["Ann"] == 5


def test_advanced_an_empty_hand_at_the_chamber_deals_five_cards_but_does_not_complete() -> None:
    """ "Wanneer een speler hier alle handkaarten aflegt, krijgt hij 5 kaarten ... Zijn
    etalage blijft echter liggen en hij moet het avontuur nog voltooien." B17: the turn goes
    on (here the scarab lets Ann lay on from her new hand)."""
    state = new(AB, adventures=[1], chamber=12, variant="advanced")
    play(state, "Ann", "ladder-1")
    act(state, "Ann", "complete")
    act(state, "Ann", "arrow", kind="ladder")
    act(state, "Ann", "draw", count=1)  # 5 cards again
    play(state, "Ben", "magic", kind="rope")
    act(state, "Ben", "end")
    play(state, "Ann", "scarab")
    for card in ("rope-1", "rope-1", "rope-2"):
        play(state, "Ann", card)
    events = play(state, "Ann", "rope-2")  # her last card; 6 at the chamber 12
    assert events[1:] == [{"type": "refilled", "player": "Ann", "count": 5}]
    view = public(state)
    assert view["positions"]["Ann"] == 1 and view["displays"]["Ann"] == [
        "rope-1",
        "rope-1",
        "rope-2",
        "rope-2",
    ]
    assert state.to_act == "Ann"
    play(state, "Ann", "rope-3")
    play(state, "Ann", "rope-3")  # 12
    assert types(act(state, "Ann", "complete")) == ["entered-chamber", "game-over"]


def test_advanced_the_curser_may_remove_a_card_of_their_own_but_not_the_mummy() -> None:
    """ "wie deze kaart uitspeelt, mag ... eveneens een willekeurige kaart uit zijn etalage
    verwijderen ... De mummie mag echter niet verwijderd worden." B18: named in the play."""
    state = new(AB, variant="advanced")
    play(state, "Ann", "ladder-3")
    play(state, "Ben", "mummy", to="Ann")
    act(state, "Ben", "end")
    refused(state, "mummy-stays", "Ann", "play", card="curse", remove="mummy")
    refused(state, "not-in-display", "Ann", "play", card="curse", remove="ladder-4")
    refused(state, "malformed-action", "Ann", "play", card="curse", remove=3)
    events = play(state, "Ann", "curse", remove="ladder-3")
    assert events == [
        {"type": "played", "player": "Ann", "card": "curse", "remove": "ladder-3"},
        {"type": "removed", "player": "Ann", "card": "ladder-3"},
        {"type": "curse-spared", "player": "Ben"},
    ]
    assert public(state)["displays"]["Ann"] == ["mummy"]


def test_removing_your_own_card_with_the_curse_is_only_in_the_advanced_variant() -> None:
    state = new(AB)
    play(state, "Ann", "ladder-3")
    act(state, "Ben", "draw", count=1)
    refused(state, "advanced-only", "Ann", "play", card="curse", remove="ladder-3")


# ------------------------------------------------------------ minus-points variant


def test_minus_points_the_round_of_the_first_chamber_entry_is_played_out() -> None:
    """ "Een partij eindigt hier pas wanneer de ronde waarin de eerste speler de koningskamer
    betreden heeft volledig uitgespeeld werd." B16: Ben (seat 2 of 3) enters; Cleo, last in
    the round, still plays, completes the 1 exactly and in her extra turn enters too; then
    the game ends. Ann, at the 1 with nothing laid out: 1 + 2 - 0 = 3 minus points."""
    state = new(adventures=[1], chamber=2, variant="minus-points")
    act(state, "Ann", "draw", count=1)
    play(state, "Ben", "ladder-1")
    act(state, "Ben", "complete")
    act(state, "Ben", "arrow", kind="ladder")
    play(state, "Ben", "ladder-2")
    events = act(state, "Ben", "complete")
    assert types(events) == ["entered-chamber"]
    assert not state.finished and public(state)["closing"] is True
    assert state.to_act == "Cleo"
    play(state, "Cleo", "ladder-1")  # 1 >= 1
    act(state, "Cleo", "complete")
    act(state, "Cleo", "arrow", kind="ladder")  # exact: extra turn, still this round
    play(state, "Cleo", "magic", kind="ladder")
    events = play(state, "Cleo", "ladder-2")  # 2 = 2: she may enter too
    events = act(state, "Cleo", "complete")
    assert types(events) == ["entered-chamber", "minus-points", "game-over"]
    # Ann: adventure 1 and chamber 2 ahead, nothing laid out: 1 + 2 = 3
    assert events[1] == {
        "type": "minus-points",
        "minus_points": {"Ann": 3, "Ben": 0, "Cleo": 0},
        "awards": {"Ann": -3, "Ben": 0, "Cleo": 0},
    }
    assert state.winners() == ["Ben", "Cleo"] and state.scores() == {"Ann": -3, "Ben": 0, "Cleo": 0}


def test_minus_points_the_round_ends_with_the_last_seat() -> None:
    """Ann (seat 1 of 3) enters; Ben and Cleo play out the round; Ann would be next: the
    game ends. Ben: 1 + 2 - 0 = 3; Cleo: 1 + 2 - 1 = 2 (rope-1 laid out, not completed)."""
    state = new(adventures=[1], chamber=2, variant="minus-points")
    play(state, "Ann", "ladder-1")
    act(state, "Ann", "complete")
    act(state, "Ann", "arrow", kind="ladder")
    play(state, "Ann", "ladder-2")
    act(state, "Ann", "complete")
    assert state.to_act == "Ben"
    act(state, "Ben", "draw", count=1)
    play(state, "Cleo", "magic", kind="rope")
    play(state, "Cleo", "rope-1")
    act(state, "Cleo", "end")
    assert state.finished
    assert public(state)["minus_points"] == {"Ann": 0, "Ben": 3, "Cleo": 2}


def test_minus_points_a_draw_can_end_the_round() -> None:
    state = new(adventures=[1], chamber=2, variant="minus-points")
    act(state, "Ann", "draw", count=1)
    play(state, "Ben", "ladder-1")
    act(state, "Ben", "complete")
    act(state, "Ben", "arrow", kind="ladder")
    play(state, "Ben", "ladder-2")
    act(state, "Ben", "complete")  # Ben enters; Cleo plays out the round
    events = act(state, "Cleo", "draw", count=1)
    assert types(events) == ["drew", "minus-points", "game-over"]


def test_minus_points_never_go_below_zero() -> None:
    """B16: at the chamber 2 with 5 laid out, 2 - 5 would be -3: noted as 0."""
    state = new(AB, adventures=[1], chamber=2, variant="minus-points")
    play(state, "Ann", "ladder-1")
    act(state, "Ann", "complete")
    act(state, "Ann", "arrow", kind="ladder")
    act(state, "Ann", "draw", count=1)
    play(state, "Ben", "ladder-1")
    act(state, "Ben", "complete")
    act(state, "Ben", "arrow", kind="ladder")
    play(state, "Ben", "ladder-5")  # 5 > 2 at the chamber
    play(state, "Ann", "ladder-2")
    act(state, "Ann", "complete")  # Ann enters; Ben, seat 2, plays out the round
    act(state, "Ben", "draw", count=1)
    assert public(state)["minus_points"] == {"Ann": 0, "Ben": 0}


def test_minus_points_only_count_in_that_variant() -> None:
    state = new(AB, adventures=[1], chamber=1)
    play(state, "Ann", "ladder-1")
    act(state, "Ann", "complete")
    act(state, "Ann", "arrow", kind="ladder")
    play(state, "Ann", "ladder-1")
    events = act(state, "Ann", "complete")
    assert types(events) == ["entered-chamber", "game-over"]
    assert public(state)["minus_points"] is None and state.scores() == {"Ann": 0, "Ben": 0}


# ------------------------------------------------------------------- turn order


def test_out_of_turn_and_unknown_players_are_refused() -> None:
    state = new()
    refused(state, "out-of-turn", "Ben", "draw", count=1)
    refused(state, "unknown-player", "Zed", "draw", count=1)
    refused(state, "unknown-player", ["Ann"], "draw", count=1)  # type: ignore[arg-type]
    refused(state, "wrong-move", "Ann", "take", index=1)
    refused(state, "malformed-action", "Ann", ["draw"])  # type: ignore[arg-type]


def test_a_player_who_cannot_act_is_skipped() -> None:
    """B20: every card is in a hand or a display, the draw and discard piles are empty. Ann
    lays her ladder-5 (nothing goes to the discard pile); Ben holds only ropes and a torch
    while the arrow shows ladders: he cannot act and is skipped (an event, no log line).
    Hands and displays below hold all 54 cards (5 x 10 + 4)."""
    state = new(FIVE, mode="full", seed=1, adventures=[50], chamber=50)
    data = state.to_json()
    data["hands"] = [
        ["magic"] * 8 + ["curse", "ladder-5"],
        ["rope-1", "rope-1", "rope-2", "rope-2", "rope-3", "rope-3", "rope-4", "rope-4", "rope-5", "torch-1"],
        ["curse", "curse", "scarab", "scarab", "scarab", "protection", "protection", "protection",
         "mummy", "torch-2"],
        ["torch-2", "torch-3", "torch-3", "torch-4", "torch-4", "torch-5", "pickaxe-1", "pickaxe-1",
         "pickaxe-2", "pickaxe-2"],
        ["pickaxe-3", "pickaxe-3", "pickaxe-4", "pickaxe-4", "pickaxe-5", "ladder-1", "ladder-1",
         "ladder-2", "ladder-2", "ladder-3"],
    ]  # fmt: skip
    data["hand_sizes"] = [10] * 5
    data["displays"] = [["ladder-3", "ladder-4", "ladder-4", "torch-1"], [], [], [], []]
    data["pile"], data["pile_size"] = [], 0
    places: Counter[str] = Counter()
    for cards in data["hands"] + data["displays"]:
        places.update(cards)
    assert places == Counter(BOX.counts)
    state = Bann.from_json(data)
    events = play(state, "Ann", "ladder-5")
    assert events == [
        {"type": "played", "player": "Ann", "card": "ladder-5"},
        {"type": "skipped", "player": "Ben", "reason": "no-move"},
    ]
    assert state.to_act == "Cleo"


# --------------------------------------------------------------- legal actions


def test_every_legal_action_is_accepted_in_both_modes() -> None:
    for state in (new(), full(ABC, [])):
        for action in state.legal_actions():
            copy = Bann.from_json(state.to_json())
            copy.apply(action)


def test_table_mode_offers_every_unseen_card_and_swaps_by_count() -> None:
    state = new(AB)
    legal = state.legal_actions()
    moves = Counter(a["move"] for a in legal)
    assert moves["draw"] == 2 and moves["swap"] == 5
    plays = [a for a in legal if a["move"] == "play"]
    cards = {a["card"] for a in plays}
    assert cards == {f"ladder-{v}" for v in range(1, 6)} | {"magic", "mummy", "curse", "protection", "scarab"}
    assert sum(1 for a in plays if a["card"] == "magic") == 4  # every kind
    assert [a["to"] for a in plays if a["card"] == "mummy"] == ["Ben"]


def test_the_full_mode_menu_is_one_action_per_meaningful_choice() -> None:
    """B22: hand ladder-1, ladder-2, magic, rope-1, pickaxe-5: the ladders can be laid, so
    no draw or swap; magic turns to the kind held most besides ladders (rope and pickaxe
    one each: pickaxe comes first in the order ladder, pickaxe, rope, torch)."""
    state = full(AB, ["ladder-1", "ladder-2", "magic", "rope-1", "pickaxe-5"])
    assert state.legal_actions() == [
        {"player": "Ann", "move": "play", "card": "ladder-1"},
        {"player": "Ann", "move": "play", "card": "ladder-2"},
        {"player": "Ann", "move": "play", "card": "magic", "kind": "pickaxe"},
    ]
    # no ladder in hand: one draw (of 2) and one swap of the cards of no use
    state = full(AB, ["torch-4", "rope-2", "magic", "rope-1", "pickaxe-5"])
    assert state.legal_actions() == [
        {"player": "Ann", "move": "play", "card": "magic", "kind": "rope"},
        {"player": "Ann", "move": "draw", "count": 2},
        {"player": "Ann", "move": "swap", "cards": ["rope-1", "rope-2", "torch-4", "pickaxe-5"]},
    ]


def test_the_full_mode_menu_does_not_overshoot_the_kings_chamber() -> None:
    """B22: at the chamber 3 only cards up to the gap are offered (ladder-1, ladder-2, not
    ladder-4); the rules themselves allow the overshoot."""
    state = full(AB, ["ladder-1", "ladder-2", "ladder-4", "rope-1", "rope-2"], adventures=[1], chamber=3)
    play(state, "Ann", "ladder-1")
    act(state, "Ann", "complete")
    act(state, "Ann", "arrow", kind="ladder")
    assert [a.get("card") for a in state.legal_actions()] == ["ladder-2"]
    play(state, "Ann", "ladder-4")  # legal, though the chamber now needs a curse
    assert public(state)["totals"]["Ann"] == 4


# ------------------------------------------------------------------ more decisions


def test_minus_points_the_mummy_is_passed_on_after_entering_the_chamber_with_it() -> None:
    """B16: with the round going on, completing the king's chamber with the mummy (exactly
    1 + 3 = 4) passes it on like any completion, to a player still in the pyramid."""
    state = new(adventures=[1], chamber=1, variant="minus-points")
    play(state, "Ann", "ladder-1")
    act(state, "Ann", "complete")
    act(state, "Ann", "arrow", kind="ladder")
    act(state, "Ann", "draw", count=2)
    play(state, "Ben", "mummy", to="Ann")
    act(state, "Ben", "end")
    act(state, "Cleo", "draw", count=1)
    play(state, "Ann", "scarab")
    play(state, "Ann", "ladder-2")
    play(state, "Ann", "ladder-2")
    events = act(state, "Ann", "complete")
    assert events == [
        {
            "type": "entered-chamber",
            "player": "Ann",
            "adventure": 1,
            "value": 1,
            "needed": 4,
            "total": 4,
            "exact": True,
        }
    ]
    assert public(state)["phase"] == "mummy"
    assert act(state, "Ann", "give-mummy", to="Cleo") == [
        {"type": "mummy-passed", "player": "Ann", "to": "Cleo"}
    ]
    assert state.to_act == "Ben" and public(state)["needs"]["Cleo"] == 1 + 3  # at the adventure 1


def test_advanced_an_empty_hand_below_the_mummys_requirement_keeps_the_mummy() -> None:
    """B17: the mummy is passed after a completion only with at least the value + 3; an
    empty hand completes the adventure 6 with 1 + 1 + 2 + 2 = 6 < 9: Ann keeps the mummy."""
    state = new(AB, adventures=[6, 8], chamber=9, variant="advanced")
    act(state, "Ann", "swap", count=1)
    play(state, "Ben", "mummy", to="Ann")
    act(state, "Ben", "end")
    play(state, "Ann", "scarab")
    for card in ("ladder-1", "ladder-1", "ladder-2"):
        play(state, "Ann", card)
    events = play(state, "Ann", "ladder-2")
    assert events[1:] == [
        {
            "type": "emptied-hand",
            "player": "Ann",
            "adventure": 0,
            "value": 6,
            "needed": 9,
            "total": 6,
            "exact": False,
        },
        {"type": "refilled", "player": "Ann", "count": 5},
    ]
    assert public(state)["mummy"] == "Ann" and public(state)["needs"]["Ann"] == 8 + 3
    assert state.to_act == "Ben"


def test_a_turn_ends_by_itself_only_when_no_choice_is_left() -> None:
    """B27: after an equipment card that cannot complete, the turn is over (no line); after
    a special card the player is asked, since a further play could follow."""
    state = new()
    assert types(play(state, "Ann", "ladder-2")) == ["played"]
    assert state.to_act == "Ben" and public(state)["phase"] == "turn"
    play(state, "Ben", "magic", kind="ladder")
    assert state.to_act == "Ben" and state.prompt().params["options"] == ["play-one", "end"]


def test_the_full_mode_menu_is_never_empty_while_the_player_can_act() -> None:
    """B22: with nothing to draw, the menu offers what it would otherwise leave out: here a
    scarab with nothing to follow and a card overshooting the chamber (3 + 5 > 7). Every
    card is in a hand (3 + 4 x 10) or a display (1 + 10); both piles are empty."""
    state = new(FIVE, mode="full", seed=1, adventures=[1], chamber=7)
    data = state.to_json()
    rest = Counter(BOX.counts)
    rest.subtract(["scarab", "ladder-5", "rope-1", "ladder-3"])
    leftover = sorted(rest.elements())
    laid = [c for c in leftover if KIND_OF[c] is not None][:10]
    held = list((Counter(leftover) - Counter(laid)).elements())
    data["hands"] = [["scarab", "ladder-5", "rope-1"]] + [held[10 * i : 10 * i + 10] for i in range(4)]
    data["hand_sizes"] = [3, 10, 10, 10, 10]
    data["displays"] = [["ladder-3"], laid, [], [], []]
    data["positions"] = [1, 0, 0, 0, 0]
    data["pile"], data["pile_size"] = [], 0
    state = Bann.from_json(data)
    assert state.legal_actions() == [
        {"player": "Ann", "move": "play", "card": "scarab"},
        {"player": "Ann", "move": "play", "card": "ladder-5"},
    ]
