"""The Ankh cards: names, the papyrus factors, the deck (a data file) and row scoring.

Card ids (the tokens of logs and events):
- a mummy card is ``<colour>-<value>``: colours ``green yellow blue red``, values 1–5;
- a papyrus card is ``papyrus-<c1>-<c2>-<c3>-<c4>-<threshold>`` (the vision's enrolment
  label), its rank listing the colours from ×2 to ×−1.

The rulebook does not give the value distribution of the 72 mummy cards nor the 18
papyrus cards, so the box is data: ``data/deck.json`` holds the documented default (what
full-mode simulations deal from), and a header may declare the real box with ``"deck"`` in
the same format. A table-mode game without a declared box trusts the table: any
well-formed card may be played (``open_cards``), and only the rulebook's 90 cards are
counted.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from importlib import resources
from itertools import permutations
from typing import Any

from engines.core import BadHeader

COLOURS: tuple[str, ...] = ("green", "yellow", "blue", "red")
VALUES: tuple[int, ...] = (1, 2, 3, 4, 5)
FACTORS: tuple[int, ...] = (2, 1, 0, -1)  # by position in a papyrus rank
HAND = 4  # cards in hand: dealt, and drawn back to after every turn
MAX_THRESHOLD = 20
MAX_COPIES = 100  # of one mummy card, and papyri in all: a sane box, never a memory hog
BOX_CARDS = 90  # the rulebook's box: 72 mummy cards and 18 papyrus cards

# mummy id -> (colour, value)
MUMMY: dict[str, tuple[str, int]] = {f"{c}-{v}": (c, v) for c in COLOURS for v in VALUES}

Papyrus = tuple[tuple[str, ...], int]  # (rank from ×2 to ×−1, threshold)


def papyrus_id(rank: tuple[str, ...] | list[str], threshold: int) -> str:
    return "papyrus-" + "-".join(rank) + f"-{threshold}"


@cache
def parse_papyrus(card: str) -> Papyrus | None:
    """``papyrus-<c1>-<c2>-<c3>-<c4>-<n>`` -> (rank, threshold); None for any other string."""
    parts = card.split("-")
    if len(parts) != 6 or parts[0] != "papyrus":
        return None
    rank = tuple(parts[1:5])
    if sorted(rank) != sorted(COLOURS) or not parts[5].isdigit() or parts[5] != str(int(parts[5])):
        return None
    threshold = int(parts[5])
    if not 1 <= threshold <= MAX_THRESHOLD:
        return None
    return rank, threshold


def papyrus_json(card: str) -> dict[str, Any]:
    """A papyrus id as the log's object ``{"rank": [...], "threshold": n}``."""
    parsed = parse_papyrus(card)
    assert parsed is not None, card
    return {"rank": list(parsed[0]), "threshold": parsed[1]}


def read_papyrus(value: Any) -> str | None:
    """A log's papyrus object -> its id, or None when it is not a well-formed papyrus."""
    if not isinstance(value, dict):
        return None
    rank, threshold = value.get("rank"), value.get("threshold")
    if not isinstance(rank, list) or len(rank) != 4 or not all(isinstance(c, str) for c in rank):
        return None
    if sorted(rank) != sorted(COLOURS):
        return None
    if not isinstance(threshold, int) or isinstance(threshold, bool) or not 1 <= threshold <= MAX_THRESHOLD:
        return None
    return papyrus_id(rank, threshold)


def factors(card: str) -> dict[str, int]:
    """A papyrus id -> {colour: factor}."""
    parsed = parse_papyrus(card)
    assert parsed is not None, card
    return dict(zip(parsed[0], FACTORS, strict=True))


def row_breakdown(row: list[str], factor: dict[str, int]) -> tuple[int, list[dict[str, Any]]]:
    """A row's points under a papyrus (``factor`` from ``factors``) and its per-card detail."""
    total = 0
    detail: list[dict[str, Any]] = []
    for card in row:
        colour, value = MUMMY[card]
        f = factor[colour]
        total += f * value
        detail.append({"card": card, "factor": f, "points": f * value})
    return total, detail


# ------------------------------------------------------------------ the deck

PAPYRUS_FORMAT = '{"rank": [four different colours from green yellow blue red], "threshold": 1..20}'


@cache
def _default_text() -> str:
    return resources.files("engines.ankh").joinpath("data/deck.json").read_text("utf-8")


def default_deck() -> Counter[str]:
    """The documented default box (``data/deck.json``) as card id -> copies."""
    return read_deck(json.loads(_default_text()))


def read_deck(value: Any) -> Counter[str]:
    """A deck description ``{"mummies": {id: copies}, "papyri": [papyrus, ...]}`` -> card id
    -> copies. Raises ``BadHeader("bad-deck", ...)``."""
    if not isinstance(value, dict) or set(value) != {"mummies", "papyri"}:
        raise BadHeader("bad-deck", '"deck" must be an object with exactly the keys "mummies" and "papyri"')
    mummies, papyri = value["mummies"], value["papyri"]
    if not isinstance(mummies, dict):
        raise BadHeader("bad-deck", '"deck.mummies" must map mummy cards ("green-3") to numbers of copies')
    deck: Counter[str] = Counter()
    for card, copies in mummies.items():
        if card not in MUMMY:
            raise BadHeader(
                "bad-deck", f"{card!r} is not a mummy card: use <colour>-<value>, e.g. green-3 (values 1-5)"
            )
        if not isinstance(copies, int) or isinstance(copies, bool) or not 0 <= copies <= MAX_COPIES:
            raise BadHeader(
                "bad-deck", f"the number of {card} cards must be a whole number from 0 to {MAX_COPIES}"
            )
        if copies:
            deck[card] = copies
    if not isinstance(papyri, list) or not 1 <= len(papyri) <= MAX_COPIES:
        raise BadHeader("bad-deck", f'"deck.papyri" must be a list of 1 to {MAX_COPIES} papyrus cards')
    for item in papyri:
        card = read_papyrus(item)
        if card is None:
            raise BadHeader("bad-deck", f"{item!r} is not a papyrus card: write {PAPYRUS_FORMAT}")
        deck[card] += 1
    return deck


def open_threshold(players: int) -> int:
    """The highest papyrus threshold an undeclared box of ``BOX_CARDS`` cards can serve for
    ``players`` (the bound of ``minimum_deck``, solved for the threshold): beyond it a draw
    could find no card even after a reshuffle."""
    return min(MAX_THRESHOLD, (BOX_CARDS - 1) // players - HAND + 1)


@cache
def open_cards(players: int) -> tuple[str, ...]:
    """Every card a table without a declared box may show: the 20 mummy cards, then every
    papyrus (each order of the four colours, thresholds 1 to ``open_threshold``) by id."""
    papyri = sorted(
        papyrus_id(rank, threshold)
        for rank in permutations(COLOURS)
        for threshold in range(1, open_threshold(players) + 1)
    )
    return (*MUMMY, *papyri)


def minimum_deck(players: int, deck: Counter[str]) -> int:
    """The fewest cards a deck needs so that every draw finds its cards (after a reshuffle if
    need be): when a player draws k cards, at most 4·players − k cards are in hands, at most
    (highest threshold − 1) in each row and one papyrus stays on top; the rest can be drawn."""
    highest = max(p[1] for card in deck if (p := parse_papyrus(card)) is not None)
    return players * (HAND + highest - 1) + 1
