"""The box of Im Bann der Pyramide: card ids, kinds, values, and the adventure cards.

Card ids: equipment ``<kind>-<value>`` (kinds ``ladder``, ``pickaxe``, ``rope``,
``torch``; values 1-5) and the specials ``magic``, ``mummy``, ``curse``, ``protection``,
``scarab``. How many copies of each card the box holds, and the numbers on the adventure
cards and the king's chamber, come from ``data/box.json`` (defaults documented in
docs/rules-decisions-bann.md, B1).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import cache
from importlib import resources

KINDS: tuple[str, ...] = ("ladder", "pickaxe", "rope", "torch")
MAGIC, MUMMY, CURSE, PROTECTION, SCARAB = "magic", "mummy", "curse", "protection", "scarab"
SPECIALS: tuple[str, ...] = (MAGIC, MUMMY, CURSE, PROTECTION, SCARAB)
HAND_LIMIT = 10
DEAL = 5  # cards per player at the start, and the advanced variant's refill
SWAP_MAX = 5
MUMMY_EXTRA = 3  # the mummy raises every requirement by 3
MUMMY_DISCARD = 3  # equipment worth at least 3 is discarded to pass the mummy to the chamber


@dataclass(frozen=True)
class Box:
    counts: dict[str, int]  # card id -> copies in the box
    adventure_cards: tuple[tuple[int, int], ...]  # (front, back) of each adventure card
    chamber_sides: tuple[int, int]

    @property
    def size(self) -> int:
        return sum(self.counts.values())

    def cards(self) -> list[str]:
        """Every card of the box, sorted by id (the order a seeded shuffle starts from)."""
        return sorted(Counter(self.counts).elements())


@cache
def box() -> Box:
    text = resources.files("engines.bann").joinpath("data/box.json").read_text("utf-8")
    data = json.loads(text)
    counts: dict[str, int] = {}
    for kind in KINDS:
        for value, n in data["equipment_per_kind"].items():
            counts[f"{kind}-{int(value)}"] = int(n)
    for special in SPECIALS:
        counts[special] = int(data["specials"][special])
    return Box(
        counts=dict(sorted(counts.items())),
        adventure_cards=tuple((int(a), int(b)) for a, b in data["adventure_cards"]),
        chamber_sides=(int(data["chamber_sides"][0]), int(data["chamber_sides"][1])),
    )


BOX = box()
CARDS: frozenset[str] = frozenset(BOX.counts)
# kind of an equipment card (None for a special) and its value (0 for a special)
KIND_OF: dict[str, str | None] = {c: (c.partition("-")[0] if "-" in c else None) for c in CARDS}
VALUE_OF: dict[str, int] = {c: (int(c.partition("-")[2]) if "-" in c else 0) for c in CARDS}
EQUIPMENT: frozenset[str] = frozenset(c for c in CARDS if KIND_OF[c] is not None)
SPECIAL_SET: frozenset[str] = frozenset(SPECIALS)
