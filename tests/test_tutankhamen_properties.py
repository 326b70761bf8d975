"""Random-playout properties of the Tutankhamen engine, both editions, 2–6 players.

2 editions × 5 player counts × GAMES_PER_CASE games (2,000 in all). At every step:
the state round-trips through JSON and play continues from the restored copy; every
tile is in exactly one place; coins and track stay in range; a random illegal take is
refused and leaves the state untouched. At the end: scores equal the awards in the
events, and replaying the recorded log reproduces the game exactly.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from engines import new_game
from engines.core import GameState, IllegalAction
from engines.replay import replay
from engines.tutankhamen.game import Tutankhamen
from engines.tutankhamen.tiles import EDITIONS, GOLDMASK

GAMES_PER_CASE = 200
NAMES = ["Ann", "Ben", "Cleo", "Dirk", "Eva", "Finn"]


def tile_places(state: Tutankhamen) -> Counter[str]:
    """Every tile wherever it is: on the path, in a hand, declared at a scoring, out."""
    places: Counter[str] = Counter(t for t in state.path if t is not None)
    for held in state.held:
        places.update(+held)
    if state.declaring is not None:
        for tiles in state.declaring["added"].values():
            places.update(tiles)
    places.update(+state.out)
    places.update(+state.ledge)
    return places


def check_invariants(state: Tutankhamen, path: list[str]) -> None:
    box = Counter(path) + (Counter({GOLDMASK: 1}) if state.ed.has_beyond else Counter())
    assert tile_places(state) == box
    assert all(n >= 0 for held in state.held for n in held.values())
    for left in state.remaining().values():
        assert 0 <= left <= state.target, "coins below zero or marker past the goal"
    assert state.finished == (state.to_act is None)


def round_trip(state: GameState) -> GameState:
    data = json.loads(json.dumps(state.to_json()))
    restored = type(state).from_json(data)
    assert restored.to_json() == state.to_json()
    assert restored.legal_actions() == state.legal_actions()
    return restored


def try_illegal_take(state: Tutankhamen, rng: random.Random) -> None:
    """A take the rules forbid must be refused without changing anything."""
    if state.finished:
        return
    legal = {a.get("index") for a in state.legal_actions() if a["move"] == "take"}
    candidates = [i for i in range(-2, len(state.path) + 2) if i not in legal]
    before = state.to_json()
    action: dict[str, Any] = {"player": state.to_act, "move": "take", "index": rng.choice(candidates)}
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert state.to_json() == before


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_random_playouts_keep_every_rule_invariant(edition: str, players: int) -> None:
    rng = random.Random(f"{edition}-{players}")
    lengths = []
    for game in range(GAMES_PER_CASE):
        header = {"game": "tutankhamen", "edition": edition, "players": NAMES[:players], "seed": game}
        state = new_game(header)
        assert isinstance(state, Tutankhamen)
        path = [t for t in state.path if t is not None]
        assert len(path) == 70 - (1 if state.ed.has_beyond else 0)
        actions, events = [], []
        while not state.finished:
            assert len(actions) < 1000, "game does not end"
            legal = state.legal_actions()
            assert legal, "a player is to act but has no legal action"
            action = rng.choice(legal)
            events.extend(state.apply(action))
            actions.append(action)
            check_invariants(state, path)
            if rng.random() < 0.3:
                try_illegal_take(state, rng)
            state = round_trip(state)
        lengths.append(len(actions))

        assert state.winners(), "a finished game has at least one winner"
        awarded: Counter[str] = Counter()
        for event in events:
            awarded.update(event.get("awards", {}))
        assert {p: awarded[p] for p in state.players} == state.scores()

        log = [json.dumps(header)] + [json.dumps(a) for a in actions]
        replayed = replay(log)
        assert replayed.state.to_json() == state.to_json()
        assert replayed.events == events
    assert min(lengths) >= 1


def test_a_header_without_path_lays_the_whole_box_with_king_tut_last() -> None:
    state = new_game({"game": "tutankhamen", "edition": "otb2004", "players": ["A", "B"], "seed": 5})
    assert isinstance(state, Tutankhamen)
    assert state.path[-1] == "kingtut"
    assert Counter(state.path) == EDITIONS["otb2004"].box()
    same = new_game({"game": "tutankhamen", "edition": "otb2004", "players": ["A", "B"], "seed": 5})
    other = new_game({"game": "tutankhamen", "edition": "otb2004", "players": ["A", "B"], "seed": 6})
    assert same.to_json() == state.to_json()
    assert other.to_json() != state.to_json()


def test_amigo_box_keeps_the_gold_mask_off_the_path() -> None:
    state = new_game({"game": "tutankhamen", "edition": "amigo", "players": ["A", "B"], "seed": 1})
    assert isinstance(state, Tutankhamen)
    assert GOLDMASK not in state.path
    assert Counter(state.path) == EDITIONS["amigo"].box()
    assert state.public_state()["goldmask"] == "ledge"
    assert state.ledge == Counter({GOLDMASK: 1})
