"""The Tutankhamen box: tile names, set values and the two editions' differences."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

KIND_VALUE: dict[str, int] = {"scarab": 1, "cat": 2, "horus": 4, "anubis": 6, "mask": 8}
COLOURS: tuple[str, ...] = ("green", "blue", "purple")
SET_VALUE: dict[str, int] = {f"{k}-{c}": v for k, v in KIND_VALUE.items() for c in COLOURS}
SETS: tuple[str, ...] = tuple(SET_VALUE)

GOLDBAG, PHARAOH, KINGTUT = "goldbag", "pharaoh", "kingtut"
NUGGET, CANOPIC, GOLDMASK = "nugget", "canopic", "goldmask"


@dataclass(frozen=True)
class Edition:
    """Everything that differs between OTB 2004 and Amigo, named so the engine never
    branches on an edition string."""

    name: str
    title: str
    start: dict[int, int]  # coins (OTB) or start field (Amigo) by player count
    specials: dict[str, int]  # special tiles on the path and their counts
    thief_tile: str  # taking it buys/steals a tile
    count_jokers: frozenset[str]  # add one to the holder's tile count
    tie_jokers: frozenset[str]  # canopic lids: break ties, played one at a time
    all_tied_half: bool  # OTB: any number tied for first get half
    sole_majority_at_two: bool  # Amigo: with 2 players only a sole majority scores
    has_beyond: bool  # Amigo: pawns may move past the end; the first takes the mask
    last_tile: str | None  # OTB: King Tut, when present, ends the path
    left_label: str  # what a player has left to pay or run: "coins" or "to_goal"
    win_reason: str  # why the game ends when someone reaches the target

    @property
    def jokers(self) -> frozenset[str]:
        return self.count_jokers | self.tie_jokers

    def box(self) -> Counter[str]:
        """The tiles that make up a full path."""
        box: Counter[str] = Counter({s: SET_VALUE[s] for s in SETS})
        box.update(self.specials)
        return box

    def tile_names(self) -> frozenset[str]:
        return frozenset(self.box())


OTB2004 = Edition(
    name="otb2004",
    title="Tutankhamen (Out of the Box 2004)",
    start={2: 32, 3: 26, 4: 20, 5: 16, 6: 14},
    specials={GOLDBAG: 3, PHARAOH: 3, KINGTUT: 1},
    thief_tile=GOLDBAG,
    count_jokers=frozenset({PHARAOH, KINGTUT}),
    tie_jokers=frozenset(),
    all_tied_half=True,
    sole_majority_at_two=False,
    has_beyond=False,
    last_tile=KINGTUT,
    left_label="coins",
    win_reason="out-of-coins",
)

AMIGO = Edition(
    name="amigo",
    title="Tutanchamun (Amigo)",
    start={2: 26, 3: 26, 4: 20, 5: 16, 6: 14},
    specials={NUGGET: 3, CANOPIC: 3},
    thief_tile=NUGGET,
    count_jokers=frozenset({GOLDMASK}),
    tie_jokers=frozenset({CANOPIC}),
    all_tied_half=False,
    sole_majority_at_two=True,
    has_beyond=True,
    last_tile=None,
    left_label="to_goal",
    win_reason="goal",
)

EDITIONS: dict[str, Edition] = {e.name: e for e in (OTB2004, AMIGO)}
