"""Random-playout properties of the Ankh engine, 2–5 players.

Full mode (dealt hands, the simulator's mode): GAMES_PER_COUNT games per player count
(180 in all, one in five to 100 points). At every step: the state round-trips through
JSON and play continues from the restored copy; every card of the deck is in exactly
one place; hands hold 4 cards; no row reaches the threshold between turns; a random
illegal action is refused and leaves the state untouched. At the end: scores equal the
awards in the events, the winners have the most points, and replaying the recorded log
reproduces the game exactly. Table mode gets 6 games per player count (24 more, 204 in
all), with its own bookkeeping checked: half declare the default box (cards are counted),
half trust the table (any well-formed card, the rulebook's 90 cards counted).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from engines import new_game
from engines.ankh.cards import BOX_CARDS, MUMMY, default_deck, open_threshold, parse_papyrus
from engines.ankh.game import Ankh
from engines.core import Event, IllegalAction
from engines.replay import replay

GAMES_PER_COUNT = 45
NAMES = ["Ann", "Ben", "Cleo", "Dirk", "Eva"]


def places(state: Ankh) -> Counter[str]:
    """Every card wherever it is (full mode): hands, draw pile, discard pile, rows, papyri."""
    found: Counter[str] = Counter(state.draw)
    for cards in (state.discard, state.papyri, *state.hands, *state.rows):
        found.update(cards)
    return found


def check_full(state: Ankh) -> None:
    assert places(state) == state.deck
    if not state.finished:
        assert all(len(h) == 4 for h in state.hands)
        assert all(len(r) < state.threshold for r in state.rows)
    assert all(c in MUMMY for r in state.rows for c in r)
    assert all(c not in MUMMY for c in state.papyri)
    assert state.finished == (state.to_act is None)


def check_table(state: Ankh) -> None:
    total = state.deck.total() if state.deck else BOX_CARDS
    seen = sum(len(r) for r in state.rows) + len(state.papyri) + len(state.discard)
    assert sum(state.sizes) + state.draw_size + state.unseen + seen == total
    assert state.draw_size >= 0 and state.unseen >= 0
    assert all(state.known[c] <= state.deck[c] for c in state.deck)
    limit = open_threshold(state.n)
    assert all(parse_papyrus(c)[1] <= limit for c in state.papyri)  # type: ignore[index]
    if not state.finished:
        assert state.sizes == [4] * state.n


def round_trip(state: Ankh) -> Ankh:
    data = state.to_json()
    restored = Ankh.from_json(json.loads(json.dumps(data)))
    assert restored.to_json() == data
    assert restored.legal_actions() == state.legal_actions()
    return restored


def illegal(state: Ankh, rng: random.Random) -> dict[str, Any]:
    """An action the rules refuse now: a card not in hand, a sacrifice too big or too
    small, another player's turn."""
    seat = state.current
    kind = rng.randrange(3)
    if kind == 0 and state.full:
        missing = [c for c in MUMMY if c not in state.hands[seat]]
        return {"player": state.to_act, "move": "play", "card": rng.choice(missing)}
    if kind == 1:
        other = state.players[(seat + 1) % state.n]
        return {"player": other, "move": "sacrifice", "count": 1}
    return {"player": state.to_act, "move": "sacrifice", "count": rng.choice([0, 5, -2])}


def try_illegal(state: Ankh, rng: random.Random) -> None:
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(illegal(state, rng))
    assert state.to_json() == before


def finish_checks(state: Ankh, header: dict[str, Any], actions: list[Any], events: list[Event]) -> None:
    assert state.finished and state.winners()
    best = max(state.points)
    assert best >= state.target
    assert state.winners() == [p for p, n in state.scores().items() if n == best]
    awarded: Counter[str] = Counter()
    for event in events:
        awarded.update(event.get("awards", {}))
    assert {p: awarded[p] for p in state.players} == state.scores()
    log = [json.dumps(header)] + [json.dumps(a) for a in actions]
    replayed = replay(log)
    assert replayed.state.to_json() == state.to_json()
    assert replayed.events == json.loads(json.dumps(events))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_full_mode_random_playouts_keep_every_invariant(players: int) -> None:
    rng = random.Random(f"ankh-{players}")
    lengths, reshuffles = [], 0
    for game in range(GAMES_PER_COUNT):
        header = Ankh.simulation_header(NAMES[:players], game)
        if game % 5 == 1:
            header["target"] = 100
        state = new_game(header)
        assert isinstance(state, Ankh)
        check_full(state)
        actions: list[Any] = []
        events: list[Event] = []
        while not state.finished:
            assert len(actions) < 5000, "game does not end"
            legal = state.legal_actions()
            assert legal, "a player is to act but has no legal action"
            action = rng.choice(legal)
            events.extend(state.apply(action))
            actions.append(action)
            check_full(state)
            if not state.finished and rng.random() < 0.2:
                try_illegal(state, rng)
            state = round_trip(state)
        lengths.append(len(actions))
        reshuffles += state.reshuffles
        finish_checks(state, header, actions, events)
    assert reshuffles > 0, "no game reshuffled the draw pile"
    assert min(lengths) >= 1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_table_mode_random_playouts_keep_the_bookkeeping(players: int) -> None:
    rng = random.Random(f"ankh-table-{players}")
    reshuffles = 0
    box = default_deck()
    box_json = {
        "mummies": {c: box[c] for c in MUMMY if box[c]},
        "papyri": [
            {"rank": list(p[0]), "threshold": p[1]}
            for c in sorted(box)
            if (p := parse_papyrus(c)) is not None
        ],
    }
    outside = 0  # papyri played that the default box does not hold
    for game in range(6):
        header: dict[str, Any] = {
            "game": "ankh",
            "players": NAMES[:players],
            "papyrus": {"rank": ["yellow", "green", "blue", "red"], "threshold": 5},
        }
        if game % 2:
            header["deck"] = box_json
        state = new_game(header)
        assert isinstance(state, Ankh)
        actions: list[Any] = []
        events: list[Event] = []
        while not state.finished:
            assert len(actions) < 5000, "game does not end"
            legal = state.legal_actions()
            # Sacrifices one time in three, so that the draw pile runs out now and then; an
            # open table offers hundreds of papyri, so papyri are chosen one time in eight.
            sacrifices = [a for a in legal if a["move"] == "sacrifice"]
            papyri = [a for a in legal if "papyrus" in a]
            mummies = [a for a in legal if "card" in a]
            roll = rng.random()
            if roll < 0.35:
                action = rng.choice(sacrifices)
            elif roll < 0.47 and papyri:
                action = rng.choice(papyri)
            else:
                action = rng.choice(mummies or legal)
            events.extend(state.apply(action))
            actions.append(action)
            check_table(state)
            if not state.finished and rng.random() < 0.2:
                try_illegal(state, rng)
            if len(actions) % 7 == 0:
                state = round_trip(state)
        reshuffles += state.reshuffles
        outside += sum(1 for e in events if e["type"] == "papyrus" and not box[e["card"]])
        finish_checks(state, header, actions, events)
    assert reshuffles > 0, "no game reshuffled the draw pile"
    assert outside > 0, "no open table saw a papyrus outside the default box"


def test_every_legal_action_is_accepted() -> None:
    """Each offered line, applied to a copy, is accepted (full and table mode)."""
    rng = random.Random(3)
    for header in (
        Ankh.simulation_header(NAMES[:3], 8),
        {
            "game": "ankh",
            "players": NAMES[:3],
            "papyrus": {"rank": ["red", "blue", "green", "yellow"], "threshold": 3},
        },
    ):
        state = new_game(header)
        assert isinstance(state, Ankh)
        for _ in range(60):
            if state.finished:
                break
            for action in state.legal_actions():
                copy = Ankh.from_json(state.to_json())
                copy.apply(dict(action))
            state.apply(rng.choice(state.legal_actions()))
