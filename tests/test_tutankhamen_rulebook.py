"""Every worked example of the two Tutankhamen rulebooks, as engine tests.

Sources: ``shared/rules/tutankhamen-otb-2004.nl.txt`` (OTB 2004, Dutch),
``shared/rules/tutanchamun-amigo.de.txt`` (Amigo, German) and the English digest with
house decisions, ``shared/rules/README.md`` section 1 (plus ``docs/rules-decisions.md``).

Every scene is driven the way a game log drives the engine: a header with an explicit,
short path, then one action per turn. A set's value is fixed by its kind (anubis = 6)
however few of its tiles lie on the path; it is scored when its last tile *on the path*
is taken or cleared. Pawns start at index -1; clean-up removes every tile behind the
rearmost pawn, lowest index (farthest from the pyramid) first. All expected numbers
were worked out by hand from the rules; the comments show the arithmetic.
"""

from __future__ import annotations

from typing import Any

import pytest

import engines
from engines.core import BadHeader, Event, GameState, IllegalAction
from engines.tutankhamen.scoring import awards
from engines.tutankhamen.tiles import AMIGO, OTB2004, Edition

OTB, AMG = "otb2004", "amigo"
ABC = ["A", "B", "C"]
SIX = ["A", "B", "C", "D", "E", "F"]


# --------------------------------------------------------------------------- helpers


def new(edition: str, players: list[str], path: list[str]) -> GameState:
    """Start a game from a log-style header with a hand-laid path."""
    return engines.new_game({"game": "tutankhamen", "edition": edition, "players": players, "path": path})


def act(state: GameState, player: str, move: str, **fields: Any) -> list[Event]:
    """Apply one log line, first checking that the engine is waiting for ``player``."""
    assert state.to_act == player, f"the engine waits for {state.to_act}, the scene expects {player}"
    return state.apply({"player": player, "move": move, **fields})


def take(state: GameState, player: str, index: int) -> list[Event]:
    return act(state, player, "take", index=index)


def beyond(state: GameState, player: str) -> list[Event]:
    return act(state, player, "beyond")


def joker(state: GameState, player: str, *tiles: str) -> list[Event]:
    return act(state, player, "joker", tiles=list(tiles))


def pass_(state: GameState, player: str) -> list[Event]:
    return act(state, player, "pass")


def steal(state: GameState, player: str, victim: str, tile: str) -> list[Event]:
    return act(state, player, "steal", **{"from": victim, "tile": tile})


def of_type(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e["type"] == kind]


def scoring_of(events: list[Event], set_name: str) -> Event:
    """The one 'scored' event for ``set_name`` among ``events``."""
    found = [e for e in of_type(events, "scored") if e["set"] == set_name]
    assert len(found) == 1, f"expected one scoring of {set_name}, got {found}"
    return found[0]


def paid(event: Event) -> list[tuple[str, int]]:
    """The awards that moved coins/markers, in payment order (zero entries ignored)."""
    return [(p, n) for p, n in event["awards"].items() if n]


def asks_joker(state: GameState, player: str) -> None:
    """The game is paused at a scoring, waiting for ``player`` to add jokers or pass."""
    assert state.prompt().code == "declare"
    assert state.to_act == player


def joker_moves(state: GameState) -> list[list[str]]:
    """The joker declarations on offer now, each as a sorted tile list."""
    return sorted(sorted(a["tiles"]) for a in state.legal_actions() if a["move"] == "joker")


def held(state: GameState, player: str, tile: str) -> int:
    return state.public_state()["holdings"][player].get(tile, 0)


def out(state: GameState, tile: str) -> int:
    return state.public_state()["out"].get(tile, 0)


# ------------------------------------------------------------ OTB rulebook examples


def test_otb_anubis_example_first_full_second_half() -> None:
    """OTB example: 6 blue Anubis, A 3 / B 2 / C 1, A takes the last: A 6, B 3, C 0.

    Scene (3 players, path in taking order): A, B take Anubis; C takes a gold bag while
    owning nothing (it is void, so C holds no joker); A, B, C take Anubis; A takes the
    sixth. Every pawn takes the next tile, so clean-up never removes anything.
    """
    path = ["anubis-blue", "anubis-blue", "goldbag"] + ["anubis-blue"] * 4
    s = new(OTB, ABC, path)
    for player, index in [("A", 0), ("B", 1), ("C", 2), ("A", 3), ("B", 4), ("C", 5)]:
        assert not of_type(take(s, player, index), "scored")
    ev = scoring_of(take(s, "A", 6), "anubis-blue")
    assert paid(ev) == [("A", 6), ("B", 3)]
    assert ev["awards"].get("C", 0) == 0
    assert s.scores() == {"A": 6, "B": 3, "C": 0}
    assert s.public_state()["coins"] == {"A": 26 - 6, "B": 26 - 3, "C": 26}
    assert out(s, "anubis-blue") == 6  # scored tiles leave the game


def test_otb_death_mask_example_scored_at_cleanup() -> None:
    """OTB example: green masks A 2 / B 2 / C 2 / D 1; the last one is *removed* at
    clean-up: A, B, C score 4 (half of 8) each, D nothing.

    Scene (4 players): indices 0-3 one mask each for A-D; index 4 is the mask everybody
    jumps; A, B, C take their second masks at 5-7. D (still at 3, the rearmost pawn)
    jumps to a purple cat at 8, so clean-up removes index 4: the last green mask on the
    path. D is active, so the tied A, B, C pay in turn order from D: A, B, C.
    """
    path = ["mask-green"] * 8 + ["cat-purple", "cat-purple"]
    s = new(OTB, ["A", "B", "C", "D"], path)
    for player, index in [("A", 0), ("B", 1), ("C", 2), ("D", 3), ("A", 5), ("B", 6), ("C", 7)]:
        assert not of_type(take(s, player, index), "scored")
    assert s.public_state()["path"][4] == "mask-green"  # D's pawn at 3 still keeps it
    events = take(s, "D", 8)
    removed = of_type(events, "removed")
    assert [(e["index"], e["tile"]) for e in removed] == [(4, "mask-green")]
    ev = scoring_of(events, "mask-green")
    assert events.index(removed[0]) < events.index(ev)
    assert paid(ev) == [("A", 4), ("B", 4), ("C", 4)]
    assert s.scores() == {"A": 4, "B": 4, "C": 4, "D": 0}
    assert s.public_state()["coins"] == {"A": 16, "B": 16, "C": 16, "D": 20}


def test_otb_cat_example_pharaoh_and_king_tut() -> None:
    """OTB example: A and B one blue cat each; B adds a pharaoh tile to break the tie, A
    adds a pharaoh tile and King Tut: A 1+2 = 3 tiles, B 1+1 = 2: A scores 2, B 1.

    A must hold King Tut before the scoring, but King Tut is the last tile and A's pawn
    then stands on the ledge, so A cannot take the last cat afterwards. The scoring is
    therefore triggered by B's take (2 players; path in taking order):
      A cat (0), B pharaoh (1), A pharaoh (2), B gold bag (3: B owns no set tile, void),
      A King Tut (5: +1 coin at once, ledge), B the last blue cat (4).
    B is active, so B is asked first (and adds), then A (and adds two) - exactly the
    rulebook's sequence.
    """
    path = ["cat-blue", "pharaoh", "pharaoh", "goldbag", "cat-blue", "kingtut"]
    s = new(OTB, ["A", "B"], path)
    take(s, "A", 0)
    take(s, "B", 1)
    take(s, "A", 2)
    assert of_type(take(s, "B", 3), "thief-void")
    bonus = of_type(take(s, "A", 5), "kingtut-bonus")
    assert [paid(e) for e in bonus] == [[("A", 1)]]

    events = take(s, "B", 4)
    assert not of_type(events, "scored")  # paused: jokers may still join
    asks_joker(s, "B")
    assert joker_moves(s) == [["pharaoh"]]
    assert not of_type(joker(s, "B", "pharaoh"), "scored")
    asks_joker(s, "A")
    assert ["kingtut", "pharaoh"] in joker_moves(s)
    events = joker(s, "A", "pharaoh", "kingtut")
    ev = scoring_of(events, "cat-blue")
    assert paid(ev) == [("A", 2), ("B", 1)]  # first place pays before second
    assert s.scores() == {"A": 1 + 2, "B": 1}
    # each joker is used once and leaves with the scored set
    assert held(s, "A", "pharaoh") == held(s, "A", "kingtut") == held(s, "B", "pharaoh") == 0
    assert out(s, "pharaoh") == 2 and out(s, "kingtut") == 1 and out(s, "cat-blue") == 2


def test_otb_king_tut_must_be_the_last_tile() -> None:
    """King Tut sits on the pyramid's ledge at the end of the path, never inside it."""
    with pytest.raises(BadHeader) as err:
        new(OTB, ["A", "B"], ["kingtut", "cat-blue"])
    assert err.value.code == "kingtut-not-last"


def test_otb_king_tut_bonus_then_ledge_pawn_is_skipped() -> None:
    """Taking King Tut puts one coin in at once (event kingtut-bonus) and parks the pawn
    on the ledge: from then on that player is skipped (event skipped) but still scores.

    Scene (2 players): A takes King Tut (2) first; B takes the cats (0, 1) one by one.
    """
    s = new(OTB, ["A", "B"], ["cat-green", "cat-green", "kingtut"])
    events = take(s, "A", 2)
    assert [paid(e) for e in of_type(events, "kingtut-bonus")] == [[("A", 1)]]
    assert s.scores()["A"] == 1 and s.public_state()["coins"]["A"] == 31
    assert s.public_state()["pawns"]["A"] == 2
    events = take(s, "B", 0)
    assert [(e["player"], e["reason"]) for e in of_type(events, "skipped")] == [("A", "no-tile-ahead")]
    assert s.to_act == "B"
    ev = scoring_of(take(s, "B", 1), "cat-green")  # A holds King Tut but no cat: not asked
    assert paid(ev) == [("B", 2)]


def test_otb_a_passed_tile_cannot_be_taken() -> None:
    """OTB: 'a player may not collect an artefact he jumped over in an earlier turn';
    a refused action leaves the state exactly as it was.

    3 players: A jumps to 2, B takes 0 (and stays rearmost, so index 1 stays on the
    path), C takes 3; A may not go back for index 1.
    """
    s = new(OTB, ABC, ["cat-green", "horus-green", "cat-blue", "horus-blue", "scarab-green"])
    take(s, "A", 2)
    take(s, "B", 0)
    take(s, "C", 3)
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        take(s, "A", 1)
    assert err.value.code == "tile-passed"
    assert s.to_json() == before
    assert {"player": "A", "move": "take", "index": 1} not in s.legal_actions()


# ---------------------------------------------------------- Amigo rulebook examples


def test_amigo_axel_beate_six_set_with_three_cleared() -> None:
    """Amigo example: a 6-set whose three other tiles were cleared; Axel 2, Beate 1:
    Axel +6, Beate +3.

    Scene (3 players, so the two-player rule does not apply): Axel 3, Beate 4, Carl a
    canopic lid at 6 (no tile of the set, so he cannot play it); clean-up then removes
    indices 0-2 (three of the set, not the last); Axel takes the last at 5.
    """
    players = ["Axel", "Beate", "Carl"]
    s = new(AMG, players, ["anubis-blue"] * 6 + ["canopic"])
    take(s, "Axel", 3)
    take(s, "Beate", 4)
    events = take(s, "Carl", 6)
    assert [e["index"] for e in of_type(events, "removed")] == [0, 1, 2]
    assert not of_type(events, "scored")
    ev = scoring_of(take(s, "Axel", 5), "anubis-blue")
    assert paid(ev) == [("Axel", 6), ("Beate", 3)]
    assert s.scores() == {"Axel": 6, "Beate": 3, "Carl": 0}
    assert s.public_state()["to_goal"] == {"Axel": 20, "Beate": 23, "Carl": 26}


def test_amigo_three_three_tie_both_score_half() -> None:
    """Amigo example: 6-set, Axel and Beate three each: both +3, no second place.

    Scene (3 players): Axel and Beate alternate on the set, Carl takes canopic lids
    (useless to him: he owns no tile of the set). Beate takes the last tile, so the tied
    players pay in turn order from Beate: Beate, then Axel.
    """
    players = ["Axel", "Beate", "Carl"]
    path = ["anubis-blue", "anubis-blue", "canopic"] * 2 + ["anubis-blue", "anubis-blue"]
    s = new(AMG, players, path)
    for index in range(7):
        take(s, players[index % 3], index)
    ev = scoring_of(take(s, "Beate", 7), "anubis-blue")
    assert paid(ev) == [("Beate", 3), ("Axel", 3)]
    assert s.scores() == {"Axel": 3, "Beate": 3, "Carl": 0}


@pytest.mark.parametrize(
    ("edition", "expected"),
    [
        (OTB, [("C", 3), ("A", 3), ("B", 3)]),  # OTB: any number tied for first get half
        (AMG, []),  # Amigo: "more than two tied for the most: all go empty"
    ],
)
def test_more_than_two_tied_for_first(edition: str, expected: list[tuple[str, int]]) -> None:
    """A, B, C two tiles each of a 6-set; C takes the last. The scoring is still recorded
    (a 'scored' event) even when it pays nobody."""
    s = new(edition, ABC, ["anubis-blue"] * 6)
    for index in range(5):
        take(s, ABC[index % 3], index)
    ev = scoring_of(take(s, "C", 5), "anubis-blue")
    assert paid(ev) == expected
    assert s.scores() == dict.fromkeys(ABC, 0) | dict(expected)


@pytest.mark.parametrize("edition", [OTB, AMG])
def test_tie_for_second_scores_nothing(edition: str) -> None:
    """A sole leader scores in full; two players tied for second get nothing.
    Horus (4): A 2, B 1, C 1, A takes the last -> A 4 only."""
    s = new(edition, ABC, ["horus-green"] * 4)
    for index, player in enumerate(["A", "B", "C"]):
        take(s, player, index)
    ev = scoring_of(take(s, "A", 3), "horus-green")
    assert paid(ev) == [("A", 4)]
    assert s.scores() == {"A": 4, "B": 0, "C": 0}


@pytest.mark.parametrize(
    ("edition", "path", "expected"),
    [
        # A 2, B 1 of a horus (4): sole majority.
        (AMG, ["horus-green"] * 3, [("A", 4)]),  # Amigo 2p: no second place
        (OTB, ["horus-green"] * 3, [("A", 4), ("B", 2)]),  # OTB has no 2p rule
        # A 1, B 1 of a cat (2): tie for first.
        (AMG, ["cat-green"] * 2, []),  # Amigo 2p: a tie scores nothing
        (OTB, ["cat-green"] * 2, [("B", 1), ("A", 1)]),  # OTB: half each, B (active) first
    ],
)
def test_two_player_scoring(edition: str, path: list[str], expected: list[tuple[str, int]]) -> None:
    """Amigo with two players: only a sole majority scores (full value); second place
    and ties score nothing. OTB keeps the normal rule with two players."""
    s = new(edition, ["A", "B"], path)
    events: list[Event] = []
    for index in range(len(path)):
        events += take(s, "AB"[index % 2], index)
    ev = scoring_of(events, path[0])
    assert paid(ev) == expected


# ----------------------------------------------------------------- Amigo: canopic lids


def lid_scene(lids_for_b: bool) -> GameState:
    """Amigo, 3 players; A and B one crook-and-flail (horus-green, value 4) each.

    Path in taking order: A lid (0), B lid or a purple cat (1), C moves beyond (C wins
    the gold mask but owns no horus, so C never joins), A lid (2), B horus (3), A takes
    the last horus (4). The scoring then waits on A, the active player, tied for first.
    """
    second = "canopic" if lids_for_b else "cat-purple"
    s = new(AMG, ABC, ["canopic", second, "canopic", "horus-green", "horus-green", "cat-purple"])
    take(s, "A", 0)
    take(s, "B", 1)
    beyond(s, "C")
    take(s, "A", 2)
    events = take(s, "B", 3)
    assert [(e["player"], e["reason"]) for e in of_type(events, "skipped")] == [("C", "beyond-the-end")]
    events = take(s, "A", 4)
    assert not of_type(events, "scored")
    asks_joker(s, "A")
    assert joker_moves(s) == [["canopic"]]
    return s


def test_canopic_lid_breaks_a_tie_for_first() -> None:
    """A lid wins a tie: A (1 tile, 1 lid) beats B (1 tile): A +4, B sole second +2
    (tied they would have had 2 each). The played lid leaves the game."""
    s = lid_scene(lids_for_b=False)
    ev = scoring_of(joker(s, "A", "canopic"), "horus-green")
    assert paid(ev) == [("A", 4), ("B", 2)]
    assert held(s, "A", "canopic") == 1 and out(s, "canopic") == 1


def test_canopic_lids_unplayed_tie_stays() -> None:
    """Both pass with lids in hand: the tie stands, A and B +2 each (A, active, first)."""
    s = lid_scene(lids_for_b=True)
    pass_(s, "A")
    asks_joker(s, "B")
    ev = scoring_of(pass_(s, "B"), "horus-green")
    assert paid(ev) == [("A", 2), ("B", 2)]
    assert held(s, "A", "canopic") == 2 and held(s, "B", "canopic") == 1


def test_canopic_lid_answer_restores_the_tie() -> None:
    """Rulebook: 'Setzt ein anderer Pattspieler einen Kanopen-Deckel ein, so stellt er
    wieder ein Patt zwischen diesen beiden Spielern her.' After A's lid, B (tied on
    tiles) may answer with a lid; if A then passes, the tie stands: A 2, B 2."""
    s = lid_scene(lids_for_b=True)
    joker(s, "A", "canopic")
    asks_joker(s, "B")
    assert joker_moves(s) == [["canopic"]]
    joker(s, "B", "canopic")
    asks_joker(s, "A")  # A still holds a lid and is tied again
    ev = scoring_of(pass_(s, "A"), "horus-green")
    assert paid(ev) == [("A", 2), ("B", 2)]
    assert out(s, "canopic") == 2


def test_canopic_lid_break_restore_break() -> None:
    """Rulebook: 'Durch Einsatz eines zweiten Kanopen-Deckels kann dann einer der beiden
    Spieler das Patt endgültig gewinnen.' A lid, B lid, A's second lid: ranking keys
    A (1, 2) > B (1, 1): A +4, B sole second +2; all three lids leave the game."""
    s = lid_scene(lids_for_b=True)
    joker(s, "A", "canopic")
    asks_joker(s, "B")
    joker(s, "B", "canopic")
    asks_joker(s, "A")
    ev = scoring_of(joker(s, "A", "canopic"), "horus-green")
    assert paid(ev) == [("A", 4), ("B", 2)]
    assert out(s, "canopic") == 3


def test_canopic_lid_breaks_a_tie_for_second() -> None:
    """A lid also decides a tie for second behind a sole leader. Horus: A 2, B 1, C 1;
    C plays a lid and becomes sole second: A +4, C +2 (without it: A +4 only).

    Path in taking order: A horus (0), B horus (1), C lid (2), A horus (3), B a purple
    mask (4; another lies at 6, so that set is not scored), C the last horus (5).
    """
    path = [
        "horus-green",
        "horus-green",
        "canopic",
        "horus-green",
        "mask-purple",
        "horus-green",
        "mask-purple",
    ]
    s = new(AMG, ABC, path)
    for index, player in enumerate(["A", "B", "C", "A", "B"]):
        take(s, player, index)
    take(s, "C", 5)
    asks_joker(s, "C")
    ev = scoring_of(joker(s, "C", "canopic"), "horus-green")
    assert paid(ev) == [("A", 4), ("C", 2)]


def test_canopic_lid_needs_a_tie() -> None:
    """With no tie (A 2, B 1 of a horus) a lid changes nothing: B is not asked, the set is
    scored at once (A +4, B +2) and B keeps the lid.

    Path in taking order: A horus (0), B lid (1), C beyond, A horus (2), B horus (3).
    """
    s = new(AMG, ABC, ["horus-green", "canopic", "horus-green", "horus-green"])
    take(s, "A", 0)
    take(s, "B", 1)
    beyond(s, "C")
    take(s, "A", 2)
    ev = scoring_of(take(s, "B", 3), "horus-green")
    assert paid(ev) == [("A", 4), ("B", 2)]
    assert held(s, "B", "canopic") == 1


def test_canopic_lid_with_two_players_turns_a_tie_into_a_majority() -> None:
    """Two players, tie -> nobody scores; a lid makes a sole majority: A +4 (full)."""
    s = new(AMG, ["A", "B"], ["canopic", "horus-green", "horus-green"])
    take(s, "A", 0)
    take(s, "B", 1)
    take(s, "A", 2)
    asks_joker(s, "A")
    ev = scoring_of(joker(s, "A", "canopic"), "horus-green")
    assert paid(ev) == [("A", 4)]


# ------------------------------------------------------------------ Amigo: gold mask


def test_gold_mask_goes_to_the_first_player_beyond() -> None:
    """The gold mask waits on the pyramid's ledge; the first pawn beyond the end takes it."""
    s = new(AMG, ABC, ["cat-green", "cat-green", "horus-green"])
    assert s.public_state()["goldmask"] == "ledge"
    events = beyond(s, "A")
    assert [e["player"] for e in of_type(events, "goldmask")] == ["A"]
    take(s, "B", 2)
    assert not of_type(beyond(s, "C"), "goldmask")
    assert s.public_state()["goldmask"] == "A"


def test_gold_mask_is_a_joker_counting_one_tile() -> None:
    """The mask counts as one more tile of a set its holder owns, then leaves the game.
    Board game (anubis-blue, 6): A 1 + mask = 2 vs B 1 -> A +6, B +3 (tied: 3 each).

    Path: A takes 0, B takes 2, C a lid at 3 (owns no anubis: never asked). A moves
    beyond and wins the mask; B (at 2) is now rearmost, so clean-up removes index 1, the
    last board game on the path, and the scoring waits on A, the active player.
    """
    s = new(AMG, ABC, ["anubis-blue", "anubis-blue", "anubis-blue", "canopic"])
    take(s, "A", 0)
    take(s, "B", 2)
    take(s, "C", 3)
    events = beyond(s, "A")
    assert [e["index"] for e in of_type(events, "removed")] == [1]
    asks_joker(s, "A")
    assert joker_moves(s) == [["goldmask"]]
    ev = scoring_of(joker(s, "A", "goldmask"), "anubis-blue")
    assert paid(ev) == [("A", 6), ("B", 3)]
    assert s.public_state()["goldmask"] is None and out(s, "goldmask") == 1


def test_gold_mask_combined_with_a_lid() -> None:
    """'Es ist auch erlaubt, die Goldmaske zusammen mit Kanopen-Deckeln einzusetzen.'
    Two players, board game: A 1 + mask ties B 2, then A's lid breaks it: A +6 (sole
    majority), B nothing. A lid alone is refused: without the mask A is not tied.

    Path in taking order: A 0, B 1, A lid (2), B 4; A moves beyond (mask), B is rearmost
    at 4, so clean-up removes index 3, the last board game on the path.
    """
    s = new(AMG, ["A", "B"], ["anubis-blue", "anubis-blue", "canopic", "anubis-blue", "anubis-blue"])
    take(s, "A", 0)
    take(s, "B", 1)
    take(s, "A", 2)
    take(s, "B", 4)
    beyond(s, "A")
    asks_joker(s, "A")
    assert joker_moves(s) == [["canopic", "goldmask"], ["goldmask"]]
    before = s.to_json()
    with pytest.raises(IllegalAction):
        joker(s, "A", "canopic")
    assert s.to_json() == before
    ev = scoring_of(joker(s, "A", "goldmask", "canopic"), "anubis-blue")
    assert paid(ev) == [("A", 6)]


def test_gold_mask_needs_a_tile_of_the_set() -> None:
    """A joker joins only a set its holder owns a tile of: A (mask, no cat) is not asked
    when B's panther head (cat-green) is scored; B +2."""
    s = new(AMG, ABC, ["cat-green", "horus-green", "horus-green"])
    beyond(s, "A")
    ev = scoring_of(take(s, "B", 0), "cat-green")
    assert paid(ev) == [("B", 2)]
    assert s.to_act == "C" and s.public_state()["goldmask"] == "A"


# ------------------------------------------------------ the thief: nugget and gold bag


def test_amigo_gold_nugget_theft() -> None:
    """Taking a nugget: give it to another player and take one tile of a set you own;
    the robbed player advances 1; the nugget leaves the game. Only set tiles can go.

    Path in taking order: A horus (0), B horus (1), C lid (2), A nugget (3); one more
    horus lies at 4, so the set is not scored.
    """
    s = new(AMG, ABC, ["horus-green", "horus-green", "canopic", "nugget", "horus-green"])
    for index, player in enumerate(ABC):
        take(s, player, index)
    take(s, "A", 3)
    assert s.to_act == "A" and s.prompt().code == "steal"
    assert s.legal_actions() == [{"player": "A", "move": "steal", "from": "B", "tile": "horus-green"}]
    before = s.to_json()
    with pytest.raises(IllegalAction):
        steal(s, "A", "C", "canopic")
    assert s.to_json() == before
    events = steal(s, "A", "B", "horus-green")
    assert [paid(e) for e in of_type(events, "stole")] == [[("B", 1)]]
    assert held(s, "A", "horus-green") == 2 and held(s, "B", "horus-green") == 0
    assert held(s, "A", "nugget") == 0 and out(s, "nugget") == 1
    assert s.scores() == {"A": 0, "B": 1, "C": 0}
    assert s.to_act == "B"


def test_otb_gold_bag_purchase() -> None:
    """A gold bag buys one tile of a set the buyer owns; the seller gets the bag, puts one
    coin into the pyramid (+1 score) and the bag leaves the game. Never a pharaoh tile.

    Path in taking order: A horus (0), B horus (1), C pharaoh (2), A gold bag (3).
    """
    s = new(OTB, ABC, ["horus-green", "horus-green", "pharaoh", "goldbag", "horus-green"])
    for index, player in enumerate(ABC):
        take(s, player, index)
    take(s, "A", 3)
    assert s.prompt().code == "steal"
    assert s.legal_actions() == [{"player": "A", "move": "steal", "from": "B", "tile": "horus-green"}]
    with pytest.raises(IllegalAction):
        steal(s, "A", "C", "pharaoh")
    events = steal(s, "A", "B", "horus-green")
    assert [paid(e) for e in of_type(events, "stole")] == [[("B", 1)]]
    assert s.public_state()["coins"] == {"A": 26, "B": 25, "C": 26}
    assert held(s, "A", "horus-green") == 2 and out(s, "goldbag") == 1
    assert held(s, "A", "goldbag") == held(s, "B", "goldbag") == 0


def test_otb_gold_bag_cannot_buy_a_pharaoh_tile() -> None:
    """Even owning a pharaoh tile, A cannot buy C's: with no other purchase the bag is
    void. Path in taking order: A pharaoh (0), B horus (1), C pharaoh (2), A bag (3)."""
    s = new(OTB, ABC, ["pharaoh", "horus-green", "pharaoh", "goldbag", "horus-green"])
    for index, player in enumerate(ABC):
        take(s, player, index)
    events = take(s, "A", 3)
    assert [(e["player"], e["tile"]) for e in of_type(events, "thief-void")] == [("A", "goldbag")]
    assert held(s, "C", "pharaoh") == 1


@pytest.mark.parametrize(("edition", "thief"), [(OTB, "goldbag"), (AMG, "nugget")])
def test_thief_without_legal_purchase_is_void(edition: str, thief: str) -> None:
    """No legal purchase: the bag/nugget is discarded with no effect (event thief-void).
    A owns a horus, B only a cat, so A can take nothing from B. Two players."""
    s = new(edition, ["A", "B"], ["horus-green", "cat-green", thief, "horus-green", "cat-green"])
    take(s, "A", 0)
    take(s, "B", 1)
    events = take(s, "A", 2)
    assert [(e["player"], e["tile"]) for e in of_type(events, "thief-void")] == [("A", thief)]
    assert not of_type(events, "stole")
    assert held(s, "A", thief) == 0 and out(s, thief) == 1
    assert s.scores() == {"A": 0, "B": 0}
    assert s.to_act == "B"


# --------------------------------------------------------- immediate win, payment order


def otb_race(final_a: str) -> tuple[GameState, list[Event]]:
    """OTB, 6 players (14 coins each). A and B race; C-F take the path's tail first
    (pharaohs; F's gold bag is void) and are skipped from then on.

    A: green mask (8, alone) -> 8; B: blue mask (8) -> 8, blue cat (2) -> 10.
    A's second tile is ``final_a`` at index 2; then A takes a purple mask (4) and B the
    last purple mask (5): the scoring with B active.
    """
    path = ["mask-green", "mask-blue", final_a, "cat-blue", "mask-purple", "mask-purple"]
    path += ["goldbag", "pharaoh", "pharaoh", "pharaoh"]
    s = new(OTB, SIX, path)
    take(s, "A", 0)
    take(s, "B", 1)
    for player, index in [("C", 9), ("D", 8), ("E", 7), ("F", 6)]:
        take(s, player, index)
    take(s, "A", 2)
    events = take(s, "B", 3)
    assert [e["player"] for e in of_type(events, "skipped")] == ["C", "D", "E", "F"]
    take(s, "A", 4)
    return s, take(s, "B", 5)


def test_otb_first_place_pays_before_second() -> None:
    """Purple mask: A 2, B 1 -> A 8, B 4. Both would reach 14 coins (A 8+8, B 10+4), but
    first place pays before second, even though B is active: A's last coin goes in first
    and A wins at once; B pays nothing. Coins never go below zero (A pays 6)."""
    s, events = otb_race("mask-purple")
    ev = scoring_of(events, "mask-purple")
    assert paid(ev) == [("A", 6)]
    assert s.finished and s.winners() == ["A"] and s.to_act is None
    assert s.scores()["A"] == 14 and s.scores()["B"] == 10
    assert s.public_state()["coins"]["A"] == 0
    assert [(e["winners"], e["reason"]) for e in of_type(events, "game-over")] == [(["A"], "out-of-coins")]


def test_otb_tied_players_pay_in_turn_order_from_the_active_player() -> None:
    """Purple mask: A 1, B 1 -> tie, 4 each, both would reach 14 (A 8+2+4, B 10+4). The
    tied players pay in turn order from the active player B: B wins, A pays nothing."""
    s, events = otb_race("cat-green")  # A: 8 + green cat 2 = 10
    ev = scoring_of(events, "mask-purple")
    assert paid(ev) == [("B", 4)]
    assert s.winners() == ["B"] and s.scores() == {"A": 10, "B": 14, "C": 0, "D": 0, "E": 0, "F": 0}
    assert s.legal_actions() == []


def test_amigo_goal_wins_at_once_no_further_scoring() -> None:
    """Amigo: reaching the goal wins at once; 'Weitere Wertungen werden nicht vorgenommen,
    auch nicht für den 2. Platz.'

    6 players (start field 14). C-F move beyond at once and are skipped. A: ushabti
    (mask-green, alone) +8. Scarab bracelet (anubis-green): A 2, B 1; A takes the last
    one: A +6 reaches 14 and wins, B's +3 for second is not paid, and the purple cat at
    index 3 (B owns the other one) is not cleared and scored afterwards.
    """
    path = ["mask-green", "anubis-green", "anubis-green", "cat-purple", "anubis-green", "cat-purple"]
    s = new(AMG, SIX, path)
    assert paid(scoring_of(take(s, "A", 0), "mask-green")) == [("A", 8)]
    take(s, "B", 1)
    for player in "CDEF":
        beyond(s, player)
    take(s, "A", 2)
    take(s, "B", 5)
    events = take(s, "A", 4)
    assert [e["set"] for e in of_type(events, "scored")] == ["anubis-green"]
    assert paid(scoring_of(events, "anubis-green")) == [("A", 6)]
    assert s.finished and s.winners() == ["A"]
    assert [e["reason"] for e in of_type(events, "game-over")] == ["goal"]
    assert s.scores() == {"A": 14, "B": 0, "C": 0, "D": 0, "E": 0, "F": 0}
    assert s.public_state()["to_goal"]["A"] == 0
    with pytest.raises(IllegalAction):
        s.apply({"player": "B", "move": "beyond"})


# ------------------------------------------------------------- the joker-declaration round


def test_joker_declaration_round_order() -> None:
    """Jokers are asked for in turn order from the active player, round the table, until
    every player who could still add one has passed since the last addition.

    OTB, 3 players, each with a pharaoh tile and one horus (4); C takes the last horus.
    C passes, A passes, B adds (B 2), C is asked again and adds (C 2), A is asked again
    and passes; B and C hold no more jokers, so the round ends. B and C tie for first:
    2 each, paid from the active player C; A (1) gets nothing. A scarab lies ahead, so
    the game goes on with A.
    """
    path = ["pharaoh"] * 3 + ["horus-green"] * 3 + ["scarab-purple"]
    s = new(OTB, ABC, path)
    for index in range(5):
        take(s, ABC[index % 3], index)
    take(s, "C", 5)
    for player in ["C", "A"]:
        asks_joker(s, player)
        assert joker_moves(s) == [["pharaoh"]]
        assert {"player": player, "move": "pass"} in s.legal_actions()
        pass_(s, player)
    asks_joker(s, "B")
    joker(s, "B", "pharaoh")
    asks_joker(s, "C")  # asked again: someone added since C passed
    joker(s, "C", "pharaoh")
    asks_joker(s, "A")
    ev = scoring_of(pass_(s, "A"), "horus-green")
    assert paid(ev) == [("C", 2), ("B", 2)]
    assert s.prompt().code == "take" and s.to_act == "A"
    assert held(s, "A", "pharaoh") == 1


# ------------------------------------------------------------ clean-up in removal order


def test_cleanup_scores_sets_in_removal_order() -> None:
    """Clean-up removes the tile farthest from the pyramid first; each removal that takes
    a set's last tile scores it before the next removal, even when the scoring waits for a
    joker declaration.

    OTB, 2 players. A pharaoh (3), B horus (0), A cat (4), B jumps to a purple mask (5):
    clean-up removes index 1 (last green cat: A asked for jokers, B cannot) and only
    then index 2 (last blue horus: B alone +4).
    """
    path = ["horus-blue", "cat-green", "horus-blue", "pharaoh", "cat-green", "mask-purple", "mask-purple"]
    s = new(OTB, ["A", "B"], path)
    take(s, "A", 3)
    take(s, "B", 0)
    take(s, "A", 4)
    events = take(s, "B", 5)
    assert [(e["index"], e["tile"]) for e in of_type(events, "removed")] == [(1, "cat-green")]
    asks_joker(s, "A")
    assert s.public_state()["path"][2] == "horus-blue"  # not removed yet
    events = joker(s, "A", "pharaoh")
    kinds = [(e["type"], e.get("set", e.get("tile"))) for e in events if e["type"] in ("removed", "scored")]
    assert kinds == [("scored", "cat-green"), ("removed", "horus-blue"), ("scored", "horus-blue")]
    assert paid(scoring_of(events, "cat-green")) == [("A", 2)]
    assert paid(scoring_of(events, "horus-blue")) == [("B", 4)]
    assert s.to_act == "A"


# ------------------------------------------------------------------------- game end


@pytest.mark.parametrize(
    ("path", "scores", "winners"),
    [
        # A scarab 1 + tied cat 1 = 2 coins in, B tied cat 1: A has the fewest coins left.
        (["scarab-green", "cat-green", "cat-green"], {"A": 2, "B": 1}, ["A"]),
        # one scarab each: equal fewest coins share the win
        (["scarab-green", "scarab-blue"], {"A": 1, "B": 1}, ["A", "B"]),
    ],
)
def test_otb_path_exhausted_fewest_coins_wins(
    path: list[str], scores: dict[str, int], winners: list[str]
) -> None:
    """OTB: when every tile is taken or removed and nobody is out of coins, the player with
    the fewest coins left (most points) wins; equal fewest share the win."""
    s = new(OTB, ["A", "B"], path)
    for index in range(len(path)):
        take(s, "AB"[index % 2], index)
    assert s.finished and s.to_act is None and s.legal_actions() == []
    assert s.public_state()["end"] == "path-exhausted"
    assert s.scores() == scores
    assert sorted(s.winners()) == winners


@pytest.mark.parametrize(("last", "winners"), [("horus-green", ["A"]), ("cat-green", ["A", "B"])])
def test_amigo_all_beyond_cleanup_scores_first(last: str, winners: list[str]) -> None:
    """Amigo: when all pawns are beyond the end, the last clean-up (and its scorings)
    happens first, then the marker nearest the goal wins; ties share the win.

    3 players: A takes ``last`` (0), B a dagger (cat-blue, alone) +2, C, A and B move
    beyond; the final clean-up removes index 2, the last tile of ``last``: A alone scores
    4 (A 4 > B 2) or 2 (A 2 = B 2, shared win). Without that scoring B would win alone.
    """
    s = new(AMG, ABC, [last, "cat-blue", last])
    take(s, "A", 0)
    assert paid(scoring_of(take(s, "B", 1), "cat-blue")) == [("B", 2)]
    beyond(s, "C")
    beyond(s, "A")
    assert not s.finished
    events = beyond(s, "B")
    assert paid(scoring_of(events, last)) == [("A", 4 if last == "horus-green" else 2)]
    over = of_type(events, "game-over")
    assert len(over) == 1 and events.index(scoring_of(events, last)) < events.index(over[0])
    assert s.finished and sorted(s.winners()) == winners
    assert over[0]["reason"] == "all-beyond"


# --------------------------------------------------------------- setup and skipping


@pytest.mark.parametrize(
    ("edition", "count", "start"),
    [
        *[(OTB, 2, 32), (OTB, 3, 26), (OTB, 4, 20), (OTB, 5, 16), (OTB, 6, 14)],
        *[(AMG, 2, 26), (AMG, 3, 26), (AMG, 4, 20), (AMG, 5, 16), (AMG, 6, 14)],
    ],
)
def test_start_values_by_player_count(edition: str, count: int, start: int) -> None:
    """OTB coins per player 32/26/20/16/14; Amigo start fields 26/26/20/16/14."""
    players = SIX[:count]
    s = new(edition, players, ["scarab-green"])
    left = s.public_state()["coins" if edition == OTB else "to_goal"]
    assert left == dict.fromkeys(players, start)
    assert s.scores() == dict.fromkeys(players, 0)
    assert s.to_act == "A"


def test_amigo_beyond_players_are_skipped_and_no_tile_ahead_means_beyond() -> None:
    """Amigo: a pawn beyond the end moves no more (event skipped); a player with no tile
    ahead must move beyond the end.

    3 players: A beyond (mask), B takes the last tile (3), C takes 0; then A is skipped
    and B, with nothing ahead, may only move beyond.
    """
    s = new(AMG, ABC, ["cat-green", "cat-green", "horus-green", "horus-green"])
    beyond(s, "A")
    take(s, "B", 3)
    events = take(s, "C", 0)
    assert [(e["player"], e["reason"]) for e in of_type(events, "skipped")] == [("A", "beyond-the-end")]
    assert s.to_act == "B"
    assert s.prompt().code == "move-beyond"
    assert s.legal_actions() == [{"player": "B", "move": "beyond"}]
    with pytest.raises(IllegalAction):
        take(s, "B", 1)
    events = beyond(s, "B")
    assert not of_type(events, "goldmask")  # A already has it
    assert s.to_act == "C"
    ev = scoring_of(take(s, "C", 1), "cat-green")  # C holds both green cats: +2
    assert paid(ev) == [("C", 2)]
    assert s.to_act == "C"  # A and B are beyond: C moves again


# --------------------------------------------------------- the majority rule, directly


@pytest.mark.parametrize(
    ("value", "keys", "order", "edition", "n", "expected"),
    [
        # OTB Anubis example
        (6, {"A": 3, "B": 2, "C": 1}, "ABC", OTB2004, 3, [("A", 6), ("B", 3)]),
        # first place pays before second whatever the turn order
        (6, {"A": 3, "B": 2, "C": 1}, "BCA", OTB2004, 3, [("A", 6), ("B", 3)]),
        # OTB death-mask example, D active: tied A, B, C half each in turn order from D
        (8, {"A": 2, "B": 2, "C": 2, "D": 1}, "DABC", OTB2004, 4, [("A", 4), ("B", 4), ("C", 4)]),
        (8, {"A": 2, "B": 2, "C": 2, "D": 1}, "DABC", AMIGO, 4, []),
        # Amigo 3/3 example: two tied, half each, no second place (C)
        (6, {"A": 3, "B": 3, "C": 1}, "BCA", AMIGO, 3, [("B", 3), ("A", 3)]),
        (6, {"A": 3, "B": 3, "C": 1}, "BCA", OTB2004, 3, [("B", 3), ("A", 3)]),
        # Amigo Axel/Beate example
        (6, {"A": 2, "B": 1}, "ABC", AMIGO, 3, [("A", 6), ("B", 3)]),
        # tie for second: nothing for second place
        (4, {"A": 2, "B": 1, "C": 1}, "ABC", AMIGO, 3, [("A", 4)]),
        (4, {"A": 2, "B": 1, "C": 1}, "ABC", OTB2004, 3, [("A", 4)]),
        # two players
        (4, {"A": 2, "B": 1}, "AB", AMIGO, 2, [("A", 4)]),
        (4, {"A": 1, "B": 1}, "AB", AMIGO, 2, []),
        (4, {"A": 2, "B": 1}, "AB", OTB2004, 2, [("A", 4), ("B", 2)]),
        (4, {"A": 1, "B": 1}, "BA", OTB2004, 2, [("B", 2), ("A", 2)]),
        # only players holding a tile are ranked; a lone holder takes the full value
        (8, {"C": 1}, "ABC", AMIGO, 3, [("C", 8)]),
        (8, {}, "ABC", OTB2004, 3, []),
    ],
)
def test_awards_majority_rule(
    value: int,
    keys: dict[str, int],
    order: str,
    edition: Edition,
    n: int,
    expected: list[tuple[str, int]],
) -> None:
    """``scoring.awards``: full value to a sole leader, half to a sole second; two tied
    leaders half each (OTB: any number; Amigo: more than two nothing; Amigo with two
    players: only a sole majority), paid first place first, ties in turn order."""
    ranking = {p: (k, 0) for p, k in keys.items()}
    assert awards(value, ranking, list(order), edition, n) == expected


@pytest.mark.parametrize(
    ("keys", "n", "expected"),
    [
        # a lid breaks a tie for first: (1, 1) beats (1, 0); B becomes sole second
        ({"A": (1, 1), "B": (1, 0)}, 3, [("A", 4), ("B", 2)]),
        # answered with a lid: tied again
        ({"A": (1, 1), "B": (1, 1)}, 3, [("A", 2), ("B", 2)]),
        # a second lid wins for good
        ({"A": (1, 2), "B": (1, 1)}, 3, [("A", 4), ("B", 2)]),
        # lids only break ties: more tiles still beat more lids
        ({"A": (2, 0), "B": (1, 2)}, 3, [("A", 4), ("B", 2)]),
        # a lid decides a tie for second behind a sole leader
        ({"A": (2, 0), "B": (1, 0), "C": (1, 1)}, 3, [("A", 4), ("C", 2)]),
        # two players: the lid turns a tie (nothing) into a sole majority (full value)
        ({"A": (1, 1), "B": (1, 0)}, 2, [("A", 4)]),
    ],
)
def test_awards_with_canopic_lids(
    keys: dict[str, tuple[int, int]], n: int, expected: list[tuple[str, int]]
) -> None:
    """Amigo ranking key = (tiles + gold mask, lids played)."""
    assert awards(4, keys, list("ABC")[:n], AMIGO, n) == expected
