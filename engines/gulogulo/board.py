"""The Pharaoh's Gulo Gulo board and box as data: spaces, markers, boulders, scarabs.

A board is a JSON object (the default is ``data/board.json``; a header may give its own
``"board"`` in the same format). ``parse`` checks it and returns a ``Board`` with the
indexes the engine needs; every problem is a ``BadHeader`` naming the rule it breaks.

The path runs, in this order: one ``start`` space, any number of ``desert`` spaces, one
``entrance`` (the space at the pyramid entrance), at least one ``pyramid`` space, one
``front`` space (before the burial chamber, where the mummy starts) and the ``chamber``.
A desert, pyramid or front space either holds a face-down marker (``"marker": true``; its
colour is the marker's, known once revealed) or shows a printed ``"colour"``; it may show
a scarab (``"scarab": true``) and mummy symbols (``"mummy": n``). The front space must hold
a marker, so every adventurer always has a legal move.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from engines.core import BadHeader

START, DESERT, ENTRANCE, PYRAMID, FRONT, CHAMBER = (
    "start",
    "desert",
    "entrance",
    "pyramid",
    "front",
    "chamber",
)
AREAS = (START, DESERT, ENTRANCE, PYRAMID, FRONT, CHAMBER)
PILES = (DESERT, PYRAMID, CHAMBER)
# Which marker pile a marker space takes its marker from.
PILE_OF_AREA = {DESERT: DESERT, PYRAMID: PYRAMID, FRONT: PYRAMID}
INSIDE = frozenset({ENTRANCE, PYRAMID, FRONT, CHAMBER})  # the pyramid half of the board
BOARD_KEYS = frozenset({"boulders", "scarabs", "markers", "chamber_markers", "spaces", "note"})
SPACE_KEYS = frozenset({"area", "marker", "colour", "scarab", "mummy", "note"})
STAFF = "staff"


@dataclass(frozen=True)
class Board:
    """A checked board. Spaces are addressed by their index in ``areas`` (0 = start)."""

    data: dict[str, Any]  # the board as JSON, normalised
    boulders: dict[str, int]  # colour -> boulders in the box, in board order
    colours: tuple[str, ...]
    scarabs: int  # scarabs in the box (the supply at the start)
    piles: dict[str, dict[str, int]]  # marker pile -> colour -> markers in the box
    chamber_markers: int  # markers laid in the burial chamber
    areas: tuple[str, ...]
    printed: tuple[str | None, ...]  # printed colour per space
    scarab: tuple[bool, ...]
    mummy: tuple[int, ...]  # mummy symbols per space
    marker_spaces: tuple[int, ...]  # spaces holding a marker, in path order (= reveal order)
    marker_pile: tuple[str, ...]  # the pile of each marker space's marker
    entrance: int
    front: int
    chamber: int
    places: tuple[str, ...]  # a space's name for people: "desert-3", "pyramid-1", "front", ...

    @property
    def mummy_low(self) -> int:
        """The mummy walks the pyramid spaces: from the one after the entrance ..."""
        return self.entrance + 1

    @property
    def mummy_high(self) -> int:
        """... to the space before the chamber, turning round at either end."""
        return self.front


def _fail(code: str, message: str) -> BadHeader:
    return BadHeader(code, message)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _counts(value: Any, what: str, code: str, colours: tuple[str, ...] | None) -> dict[str, int]:
    if not isinstance(value, dict) or not value:
        raise _fail(code, f"{what} must be a non-empty object of colour: count")
    out: dict[str, int] = {}
    for colour, n in value.items():
        if not colour or not colour.strip():
            raise _fail(code, f"{what}: a colour name must not be empty")
        if colour == STAFF:
            raise _fail(code, f'{what}: "staff" is the Pharaoh\'s staff, not a colour')
        if not _is_int(n) or n < 0:
            raise _fail(code, f"{what}: the count of {colour!r} must be a whole number ≥ 0, not {n!r}")
        if colours is not None and colour not in colours:
            raise _fail(
                code, f"{what}: {colour!r} is not a boulder colour of this board ({', '.join(colours)})"
            )
        if n:
            out[colour] = n
    if not out:
        raise _fail(code, f"{what} holds nothing")
    return out


def parse(raw: Any) -> Board:
    """Check a board description and build its indexes."""
    if not isinstance(raw, dict):
        raise _fail("bad-board", '"board" must be a JSON object (see board.json for the format)')
    unknown = sorted(set(raw) - BOARD_KEYS)
    if unknown:
        raise _fail("bad-board", f"unknown board key(s) {', '.join(map(repr, unknown))}")
    for key in ("boulders", "markers", "spaces"):
        if key not in raw:
            raise _fail("bad-board", f'the board needs "{key}"')

    boulders = _counts(raw["boulders"], '"boulders"', "bad-boulders", None)
    colours = tuple(boulders)

    scarabs = raw.get("scarabs", 24)
    if not _is_int(scarabs) or scarabs < 0:
        raise _fail(
            "bad-board", f'"scarabs" (scarabs in the box) must be a whole number ≥ 0, not {scarabs!r}'
        )

    markers = raw["markers"]
    if not isinstance(markers, dict) or set(markers) != set(PILES):
        raise _fail(
            "bad-markers", '"markers" must be an object with exactly "desert", "pyramid" and "chamber"'
        )
    piles = {pile: _counts(markers[pile], f'"markers.{pile}"', "bad-markers", colours) for pile in PILES}

    chamber_markers = raw.get("chamber_markers", 2)
    if not _is_int(chamber_markers) or chamber_markers < 1:
        raise _fail("bad-markers", f'"chamber_markers" must be a whole number ≥ 1, not {chamber_markers!r}')
    if chamber_markers > sum(piles[CHAMBER].values()):
        raise _fail(
            "bad-markers",
            f"the burial chamber takes {chamber_markers} markers; the chamber pile has only "
            f"{sum(piles[CHAMBER].values())}",
        )

    spaces = raw["spaces"]
    if not isinstance(spaces, list) or not all(isinstance(s, dict) for s in spaces):
        raise _fail("bad-board", '"spaces" must be a list of objects, one per space from start to chamber')
    areas: list[str] = []
    printed: list[str | None] = []
    scarab: list[bool] = []
    mummy: list[int] = []
    has_marker: list[bool] = []
    norm_spaces: list[dict[str, Any]] = []
    for i, space in enumerate(spaces):
        unknown = sorted(set(space) - SPACE_KEYS)
        if unknown:
            raise _fail("bad-space", f"space {i}: unknown key(s) {', '.join(map(repr, unknown))}")
        area = space.get("area")
        if not isinstance(area, str) or area not in AREAS:
            raise _fail("bad-space", f'space {i}: "area" must be one of {", ".join(AREAS)}, not {area!r}')
        marker = space.get("marker", False)
        colour = space.get("colour")
        has_scarab = space.get("scarab", False)
        symbols = space.get("mummy", 0)
        if not isinstance(marker, bool) or not isinstance(has_scarab, bool):
            raise _fail("bad-space", f'space {i}: "marker" and "scarab" must be true or false')
        if not _is_int(symbols) or symbols < 0:
            raise _fail("bad-space", f'space {i}: "mummy" (mummy symbols) must be a whole number ≥ 0')
        if colour is not None and (not isinstance(colour, str) or colour not in colours):
            raise _fail(
                "bad-space", f"space {i}: colour {colour!r} is not a boulder colour ({', '.join(colours)})"
            )
        if area in PILE_OF_AREA:
            if marker == (colour is not None):
                raise _fail(
                    "bad-space",
                    f'space {i} ({area}): give either "marker": true (its colour is its marker\'s) '
                    'or a printed "colour", not both and not neither',
                )
        elif marker or colour is not None or has_scarab or symbols:
            raise _fail(
                "bad-space", f"space {i}: the {area} space holds no marker, colour, scarab or mummy symbol"
            )
        if area == FRONT and not marker:
            raise _fail(
                "bad-space", f"space {i}: the space before the burial chamber must hold a pyramid marker"
            )
        areas.append(area)
        printed.append(colour)
        scarab.append(has_scarab)
        mummy.append(symbols)
        has_marker.append(marker)
        norm: dict[str, Any] = {"area": area}
        if marker:
            norm["marker"] = True
        if colour is not None:
            norm["colour"] = colour
        if has_scarab:
            norm["scarab"] = True
        if symbols:
            norm["mummy"] = symbols
        if "note" in space:
            norm["note"] = space["note"]
        norm_spaces.append(norm)

    _check_order(areas)
    entrance, front, chamber = areas.index(ENTRANCE), areas.index(FRONT), len(areas) - 1
    marker_spaces = tuple(i for i, m in enumerate(has_marker) if m)
    marker_pile = tuple(PILE_OF_AREA[areas[i]] for i in marker_spaces)
    for pile in (DESERT, PYRAMID):
        laid = marker_pile.count(pile)
        have = sum(piles[pile].values())
        if laid > have:
            raise _fail(
                "bad-markers",
                f"the board has {laid} {pile} marker spaces but the {pile} pile only {have} markers",
            )
    if len(marker_spaces) < 2:
        raise _fail("bad-board", "the board needs at least two marker spaces")
    if not any(has for i, has in enumerate(scarab) if areas[i] != FRONT):
        raise _fail(
            "bad-board",
            "the board needs a scarab space before the space in front of the chamber "
            "(the chamber asks for two scarabs)",
        )
    board = Board(
        data={
            "boulders": dict(boulders),
            "scarabs": scarabs,
            "markers": {p: dict(piles[p]) for p in PILES},
            "chamber_markers": chamber_markers,
            "spaces": norm_spaces,
            **({"note": raw["note"]} if "note" in raw else {}),
        },
        boulders=boulders,
        colours=colours,
        scarabs=scarabs,
        piles=piles,
        chamber_markers=chamber_markers,
        areas=tuple(areas),
        printed=tuple(printed),
        scarab=tuple(scarab),
        mummy=tuple(mummy),
        marker_spaces=marker_spaces,
        marker_pile=marker_pile,
        entrance=entrance,
        front=front,
        chamber=chamber,
        places=_places(areas),
    )
    _check_mummy_walks_end(board)
    return board


def _places(areas: list[str]) -> tuple[str, ...]:
    """Desert and pyramid spaces are counted from 1 within their area; the others are
    named by their area."""
    places = []
    count = {DESERT: 0, PYRAMID: 0}
    for area in areas:
        if area in count:
            count[area] += 1
            places.append(f"{area}-{count[area]}")
        else:
            places.append(area)
    return tuple(places)


def _check_order(areas: list[str]) -> None:
    """start, desert*, entrance, pyramid+, front, chamber — in this order, nothing else."""
    expected = "start, any desert spaces, entrance, at least one pyramid space, front, chamber"
    rank = {area: r for r, area in enumerate(AREAS)}
    if not areas or areas[0] != START or areas[-1] != CHAMBER:
        raise _fail("bad-board", f"the spaces must run {expected}")
    for area in (START, ENTRANCE, FRONT, CHAMBER):
        if areas.count(area) != 1:
            raise _fail("bad-board", f"the board needs exactly one {area} space (spaces run {expected})")
    if PYRAMID not in areas:
        raise _fail("bad-board", f"the board needs at least one pyramid space (spaces run {expected})")
    for before, after in itertools.pairwise(areas):
        if rank[after] < rank[before]:
            raise _fail(
                "bad-board", f"a {after} space follows a {before} space; the spaces must run {expected}"
            )


def mummy_step(board: Board, space: int, facing: int) -> tuple[int, int]:
    """One step of the mummy: it walks in its facing direction and turns round at once
    when it reaches either end of the pyramid (the entrance side or the chamber side)."""
    space += facing
    if (facing < 0 and space <= board.mummy_low) or (facing > 0 and space >= board.mummy_high):
        facing = -facing
    return space, facing


def _check_mummy_walks_end(board: Board) -> None:
    """Mummy symbols chain (a mummy landing on symbols walks on); refuse boards where a
    chain can go round for ever."""
    low, high = board.mummy_low, board.mummy_high
    for start in range(low, high + 1):
        for facing in (-1, 1):
            if (start == low and facing < 0) or (start == high and facing > 0):
                continue  # the mummy never stands at an end facing out
            seen: set[tuple[int, int]] = set()
            space = start
            while board.mummy[space] and (space, facing) not in seen:
                seen.add((space, facing))
                for _ in range(board.mummy[space]):
                    space, facing = mummy_step(board, space, facing)
            if board.mummy[space]:
                raise _fail(
                    "mummy-loop",
                    f"the mummy symbols from space {start} onwards send the mummy round for ever; "
                    "the mummy must come to rest on a space without symbols",
                )


@cache
def default() -> Board:
    text = resources.files("engines.gulogulo").joinpath("data/board.json").read_text("utf-8")
    return parse(json.loads(text))
