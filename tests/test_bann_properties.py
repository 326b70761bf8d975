"""Random-playout properties of the Im Bann der Pyramide engine, 2–5 players.

Full mode (the simulation's menu, as ``scarab simulate`` plays): 4 player counts × 4
variant settings × GAMES_PER_CASE games. At every step: the state round-trips through JSON
and play continues from the restored copy; every card is in exactly one place; hands stay
within the limit; a random illegal action is refused and leaves the state untouched. At
the end: the game ended on its own, scores equal the awards in the events, and replaying
the recorded log reproduces the game exactly. Table mode (every action the public
information allows): a few games per player count with the same checks on card counts.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from engines import new_game
from engines.bann.cards import BOX, CARDS, MUMMY
from engines.bann.game import Bann
from engines.core import IllegalAction
from engines.replay import replay

GAMES_PER_CASE = 12  # × 16 cases = 192 full-mode games, and 8 in table mode: 200
TABLE_GAMES = 2  # × 4 player counts
NAMES = ["Ann", "Ben", "Cleo", "Dirk", "Eva"]
BOX_COUNTS = Counter(BOX.counts)
VARIANTS: list[list[str]] = [[], ["advanced"], ["minus-points"], ["advanced", "minus-points"]]


def check_invariants(state: Bann) -> None:
    displays = [card for cards in state.displays for card in cards]
    if state.hands is not None:
        assert state.pile is not None
        places = Counter(displays)
        places.update(state.discard)
        places.update(state.pile)
        for hand in state.hands:
            places.update(hand)
        assert places == BOX_COUNTS, "a card is lost or doubled"
        assert [len(h) for h in state.hands] == state.hand_n
        assert len(state.pile) == state.pile_n
        assert state.discard_unknown == 0
    else:
        seen = Counter(displays)
        seen.update(state.discard)
        assert all(n <= BOX_COUNTS[c] for c, n in seen.items()), "more copies face up than the box holds"
    count = sum(state.hand_n) + state.pile_n + len(state.discard) + state.discard_unknown + len(displays)
    assert count == BOX.size
    assert all(0 <= n <= 10 for n in state.hand_n)
    assert displays.count(MUMMY) <= 1
    assert state.totals == [sum(int(c[-1]) for c in cards if "-" in c) for cards in state.displays]
    assert state.finished == (state.to_act is None)


def round_trip(state: Bann) -> Bann:
    data = json.loads(json.dumps(state.to_json()))
    restored = Bann.from_json(data)
    assert restored.to_json() == data
    assert restored.legal_actions() == state.legal_actions()
    return restored


def illegal_action(state: Bann, rng: random.Random) -> dict[str, Any]:
    """An action no rule allows now, whatever the phase."""
    actor = state.to_act
    assert actor is not None
    others = [p for p in state.players if p != actor]
    choices: list[dict[str, Any]] = [
        {"player": rng.choice(others), "move": "draw", "count": 1},
        {"player": actor, "move": "draw", "count": rng.choice([0, 3, -1])},
        {"player": actor, "move": "give-mummy", "to": actor},
        {"player": actor, "move": rng.choice(["take", "pass", "steal"])},
        {"player": actor, "move": "arrow", "kind": "shovel"},
        {"player": actor, "move": "play", "card": "ladder-6"},
        {"player": actor, "move": "discard", "card": MUMMY},
    ]
    if state.hands is not None:
        hand = state.hands[state.players.index(actor)]
        missing = sorted(c for c in CARDS if c not in hand)
        choices.append({"player": actor, "move": "play", "card": rng.choice(missing)})
    return rng.choice(choices)


def try_illegal(state: Bann, rng: random.Random) -> None:
    if state.finished:
        return
    before = state.to_json()
    action = illegal_action(state, rng)
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert state.to_json() == before


def play_checked(header: dict[str, Any], rng: random.Random, limit: int) -> tuple[Bann, list[Any], list[Any]]:
    state = new_game(header)
    assert isinstance(state, Bann)
    actions: list[dict[str, Any]] = []
    events: list[dict[str, Any]] = []
    check_invariants(state)
    while not state.finished:
        assert len(actions) < limit, "the game does not end"
        legal = state.legal_actions()
        assert legal, "a player is to act but has no legal action"
        action = rng.choice(legal)
        events.extend(state.apply(action))
        actions.append(action)
        check_invariants(state)
        if rng.random() < 0.2:
            try_illegal(state, rng)
        state = round_trip(state)
    return state, actions, events


def check_end(header: dict[str, Any], state: Bann, actions: list[Any], events: list[Any]) -> None:
    assert state.winners(), "a finished game has at least one winner"
    assert events[-1]["type"] == "game-over"
    awarded: Counter[str] = Counter()
    for event in events:
        awarded.update(event.get("awards", {}))
    assert {p: awarded[p] for p in state.players} == state.scores()
    if state.minus:
        assert state.minus_points is not None
        assert state.scores() == {p: -m for p, m in zip(state.players, state.minus_points, strict=True)}
        assert all(state.minus_points[state.players.index(w)] == 0 for w in state.winners())
    else:
        assert len(state.winners()) == 1 and set(state.scores().values()) == {0}
    log = [json.dumps(header)] + [json.dumps(a) for a in actions]
    replayed = replay(log)
    assert replayed.state.to_json() == state.to_json()
    assert replayed.events == events


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: "+".join(v) or "base")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_full_mode_random_playouts_keep_every_rule_invariant(players: int, variant: list[str]) -> None:
    rng = random.Random(f"bann-{players}-{variant}")
    for game in range(GAMES_PER_CASE):
        header = {**Bann.simulation_header(NAMES[:players], game), "variant": variant}
        state, actions, events = play_checked(header, rng, limit=5000)
        check_end(header, state, actions, events)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_table_mode_random_games_keep_the_card_counts(players: int) -> None:
    """Table mode offers every action the public information allows (any card with a copy
    unseen, swaps by count): random such games still end, and every count adds up."""
    rng = random.Random(f"bann-table-{players}")
    for game in range(TABLE_GAMES):
        header = {
            "game": "bann",
            "players": NAMES[:players],
            "seed": game,
            "variant": VARIANTS[game % len(VARIANTS)],
        }
        state, actions, events = play_checked(header, rng, limit=20000)
        check_end(header, state, actions, events)


def test_the_simulation_header_is_a_full_mode_game_from_the_box() -> None:
    header = Bann.simulation_header(["A", "B", "C"], 7)
    assert header == {"game": "bann", "players": ["A", "B", "C"], "mode": "full", "seed": 7}
    state = new_game(header)
    assert isinstance(state, Bann)
    assert state.hands is not None and all(len(h) == 5 for h in state.hands)
    assert len(state.route) == 5 and state.route[-1] in BOX.chamber_sides
    same = new_game(header)
    assert same.to_json() == state.to_json()
