"""What the page needs to set up a real table: every game's setup choices with their
defaults, and the Tutankhamen boxes the path editor picks from.

The page builds a complete game-log header from these (DESIGN.md) and posts it; the
engine judges it before anything is stored, so nothing here repeats a rule. It only
says what a box holds and what a table would lay without being told otherwise.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from engines.ankh.cards import default_deck, papyrus_json
from engines.tutankhamen.tiles import COLOURS, EDITIONS, KIND_VALUE, SET_VALUE
from engines.tutankhamen.wording import tile_name

ANKH_TARGETS = (50, 100, 150)


def tile_box(edition: str, lang: str) -> list[dict[str, Any]]:
    """Every tile of an edition's box: label, name, how many the box holds, and what the
    editor draws (kind, colour, value; specials have neither colour nor value)."""
    ed = EDITIONS[edition]
    box = ed.box()
    tiles: list[dict[str, Any]] = []
    for label, count in box.items():
        kind, _, colour = label.partition("-")
        tiles.append(
            {
                "label": label,
                "name": tile_name(label, edition, lang),
                "count": count,
                "kind": kind,
                "colour": colour or None,
                "value": SET_VALUE.get(label),
                "last": label == ed.last_tile,  # OTB's King Tut ends the path
            }
        )
    kinds, colours = list(KIND_VALUE), list(COLOURS)
    # the picker's order: kind by kind in the colours' order, then the specials
    tiles.sort(
        key=lambda t: (
            t["colour"] is None,
            kinds.index(t["kind"]) if t["colour"] else 0,
            colours.index(t["colour"]) if t["colour"] else 0,
        )
    )
    return tiles


@cache
def _gulo_board() -> dict[str, Any]:
    text = resources.files("engines.gulogulo").joinpath("data/board.json").read_text("utf-8")
    return json.loads(text)  # type: ignore[no-any-return]


def _bann_defaults() -> dict[str, Any]:
    from engines.bann.cards import BOX

    return {
        "adventures": [front for front, _ in BOX.adventure_cards[:4]],
        "chamber": BOX.chamber_sides[0],
        "values": [1, 99],
    }


def _ankh_papyri() -> list[dict[str, Any]]:
    return [papyrus_json(card) for card in sorted(c for c in default_deck() if c.startswith("papyrus"))]


def setup_choices(lang: str) -> dict[str, Any]:
    """GET /api/setup: per game, the header keys a table chooses and their defaults."""
    papyri = _ankh_papyri()
    return {
        "games": {
            "tutankhamen": {
                "editions": {
                    name: {"title": ed.title, "tiles": tile_box(name, lang)} for name, ed in EDITIONS.items()
                },
                "players": [2, 6],
                "defaults": {"edition": "otb2004"},
            },
            "ankh": {
                "modes": ["table", "full"],
                "targets": list(ANKH_TARGETS),
                "colours": ["green", "yellow", "blue", "red"],
                "papyri": papyri,
                "players": [2, 5],
                "defaults": {
                    "mode": "table",
                    "target": ANKH_TARGETS[0],
                    "papyrus": papyri[0] if papyri else None,
                },
            },
            "bann": {
                "modes": ["table", "full"],
                "variants": ["advanced", "minus-points"],
                "sides": ["front", "back"],
                "players": [2, 5],
                "defaults": {"mode": "table", "variant": [], "side": "front", **_bann_defaults()},
            },
            "gulogulo": {
                "modes": ["table", "full"],
                "variants": ["basic", "adventurous", "race"],
                "players": [2, 6],
                "defaults": {"mode": "table", "variant": "basic", "board": _gulo_board()},
            },
        }
    }
