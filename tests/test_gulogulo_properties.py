"""Random-playout properties of the Pharaoh's Gulo Gulo engine: the three variants,
2–6 players, full mode (markers laid from a seeded shuffle) on the default board.

Most steps follow the simulation menu (``legal_actions``); about one decision in seven
is any action the rules allow (``rules_actions``: both directions, optional chamber
entries), and two landslides in five report other things falling (boulders of any
colour, with or without the staff), so every rule is exercised. At every step: the
state round-trips through JSON and play continues from the restored copy; boulders,
scarabs and markers are each in exactly one place; a random illegal action is refused
and leaves the state untouched. At the end: scores equal the awards in the events (none:
the game has no points), and replaying the recorded log reproduces the game exactly. A
few table-mode games check the same for their first few hundred steps.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from engines import new_game
from engines.core import IllegalAction
from engines.gulogulo.board import STAFF
from engines.gulogulo.game import SCARAB_CAP, VARIANTS, GuloGulo
from engines.replay import replay

GAMES_PER_CASE = 13  # 3 variants x 5 player counts x 13 = 195 games (and 12 table-mode ones)
NAMES = ["Ann", "Ben", "Cleo", "Dirk", "Eva", "Finn"]
MAX_ACTIONS = 5_000  # far beyond any game the menu plays; reaching it is a failure


def check_laid_markers(s: GuloGulo) -> None:
    """The markers laid face down (once per game): drawn from their piles, no pile giving
    more of a colour than it holds."""
    b = s.board
    assert s.hidden is not None and s.hidden_chamber is not None
    assert len(s.hidden) == len(b.marker_spaces) and len(s.hidden_chamber) == b.chamber_markers
    laid = Counter(zip(b.marker_pile, s.hidden, strict=True)) + Counter(
        ("chamber", c) for c in s.hidden_chamber
    )
    for (pile, colour), n in laid.items():
        assert n <= b.piles[pile].get(colour, 0)


def check_invariants(s: GuloGulo) -> None:
    b = s.board
    # Boulders: every boulder is in the bowl or in the bag (fallen ones go straight back
    # when the trap is rebuilt); a colour never runs out while the game goes on (its last
    # boulder rebuilds the trap; the winning pull may take the last one).
    low = 0 if s.finished else 1
    for colour, n in b.boulders.items():
        assert s.bowl[colour] + s.bag[colour] == n and s.bowl[colour] >= low and s.bag[colour] >= 0
    # Scarabs: the supply and the adventurers hold all of them, within the cap.
    assert s.supply + sum(s.scarabs) == b.scarabs
    assert min(s.scarabs) >= 0 and max(s.scarabs) <= SCARAB_CAP[s.variant]
    # Markers: face-up ones form a prefix of the path, each showing the marker laid there.
    up = s.next_marker
    assert s.faces[:up] == s.hidden[:up] and s.faces[up:] == [None] * (len(s.faces) - up)  # type: ignore[index]
    assert all(c is None or c == h for c, h in zip(s.chamber, s.hidden_chamber, strict=True))  # type: ignore[arg-type]
    # Pieces: only the adventurer in the chamber's sequence (or its winner) stands in the
    # chamber; the mummy walks the pyramid.
    for seat, pos in enumerate(s.positions):
        assert 0 <= pos <= b.chamber
        if pos == b.chamber:
            assert seat == s.current and s.phase in ("chamber", "pull", "over")
    if s.mummy is None:
        assert s.variant == "race" and not any(s.scarabs)
    else:
        assert b.mummy_low <= s.mummy[0] <= b.mummy_high
    assert s.finished == (s.to_act is None)


def round_trip(s: GuloGulo) -> GuloGulo:
    data = json.loads(json.dumps(s.to_json()))
    restored = GuloGulo.from_json(data)
    assert restored.to_json() == data
    assert restored.legal_actions() == s.legal_actions()
    return restored


def illegal_action(s: GuloGulo, rng: random.Random) -> dict[str, Any]:
    """An action the rules refuse in the current state."""
    name = s.to_act
    other = rng.choice([p for p in s.players if p != name])
    legal = rng.choice(s.legal_actions())
    by_phase = {
        "explore": [{"player": name, "move": "pull", "result": "clean"},
                    {"player": name, "move": "choose", "colour": "purple"}],
        "pull": [{"player": name, "move": "pull", "result": "landslide", "fell": []},
                 {"player": name, "move": "pull", "result": "landslide", "fell": [STAFF, STAFF]},
                 {"player": name, "move": "reveal", "colour": "red"}],
        "move": [{"player": name, "move": "move", "direction": "sideways"},
                 {"player": name, "move": "enter"}],
        "chamber": [{"player": name, "move": "choose", "colour": "red"},
                    {"player": name, "move": "reveal", "colour": ["red"]}],
    }[s.phase]  # fmt: skip
    return rng.choice([{**legal, "player": other}, {"player": name, "move": "dance"}, *by_phase])


def choose_action(s: GuloGulo, rng: random.Random) -> dict[str, Any]:
    if s.phase != "pull" and rng.random() < 0.15:
        return rng.choice(s.rules_actions())
    action = rng.choice(s.legal_actions())
    if action.get("result") == "landslide" and rng.random() < 0.4:
        # Something else fell: one to three boulders the trap holds, maybe the staff too.
        pool = [c for c, n in s.bowl.items() for _ in range(n)]
        fell = rng.sample(pool, rng.randint(1, 3)) + ([STAFF] if rng.random() < 0.5 else [])
        action = {**action, "fell": fell}
    return action


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("variant", VARIANTS)
def test_random_playouts_keep_every_rule_invariant(variant: str, players: int) -> None:
    rng = random.Random(f"{variant}-{players}")
    lengths = []
    for game in range(GAMES_PER_CASE):
        header = {**GuloGulo.simulation_header(NAMES[:players], game), "variant": variant}
        s = new_game(header)
        assert isinstance(s, GuloGulo)
        check_laid_markers(s)
        check_invariants(s)
        actions, events = [], []
        while not s.finished:
            assert len(actions) < MAX_ACTIONS, "the game does not end"
            assert s.legal_actions(), "someone is to act but has no legal action"
            if rng.random() < 0.1:
                before = s.to_json()
                with pytest.raises(IllegalAction):
                    s.apply(illegal_action(s, rng))
                assert s.to_json() == before
            action = choose_action(s, rng)
            events.extend(s.apply(action))
            actions.append(action)
            check_invariants(s)
            s = round_trip(s)
        lengths.append(len(actions))

        assert s.winners() == [s.players[s.current]] and s.public_state()["end"] == "chamber"
        assert GuloGulo.from_json(s.to_json()).public_state() == s.public_state()
        assert events[-1] == {"type": "game-over", "winners": s.winners(), "reason": "chamber"}
        awarded: Counter[str] = Counter()
        for event in events:
            awarded.update(event.get("awards", {}))
        assert {p: awarded[p] for p in s.players} == s.scores() == dict.fromkeys(s.players, 0)

        log = [json.dumps(header)] + [json.dumps(a) for a in actions]
        replayed = replay(log)
        assert replayed.state.to_json() == s.to_json()
        assert replayed.events == events
    assert min(lengths) >= 9  # at least: reveal, pull, ..., enter, reveal, pull, reveal, pull


@pytest.mark.parametrize("variant", VARIANTS)
def test_table_mode_random_steps(variant: str) -> None:
    """Table mode offers every colour still face down; its random steps keep the same
    invariants (the laid-marker ones aside) and round-trip. Games need not end here."""
    rng = random.Random(variant)
    for game in range(4):
        s = new_game({"game": "gulogulo", "players": NAMES[: 2 + game], "variant": variant})
        assert isinstance(s, GuloGulo)
        for _ in range(300):
            if s.finished:
                break
            s.apply(rng.choice(s.legal_actions()))
            for colour, n in s.board.boulders.items():
                assert s.bowl[colour] + s.bag[colour] == n
            assert s.supply + sum(s.scarabs) == s.board.scarabs
            shown = Counter(zip(s.board.marker_pile, s.faces, strict=True)) + Counter(
                ("chamber", c) for c in s.chamber
            )
            assert all(n <= s.board.piles[p].get(c, 0) for (p, c), n in shown.items() if c is not None)
            s = round_trip(s)


def test_simulation_header_is_full_mode() -> None:
    header = GuloGulo.simulation_header(["A", "B"], 3)
    assert header == {"game": "gulogulo", "players": ["A", "B"], "seed": 3, "mode": "full"}
    assert new_game(header).to_json() == new_game(header).to_json()
