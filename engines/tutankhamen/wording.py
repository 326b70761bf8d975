"""Tutankhamen's prompts, events and tile names in English, German and Dutch."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from engines.wording import Wording

PROMPTS: dict[str, dict[str, str]] = {
    "take": {
        "en": "{player}: move forward and take a tile",
        "de": "{player}: vorwärts ziehen und einen Schatz nehmen",
        "nl": "{player}: ga vooruit en neem een tegel",
    },
    "take-or-beyond": {
        "en": "{player}: move forward and take a tile, or move beyond the end",
        "de": "{player}: vorwärts ziehen und einen Schatz nehmen oder über das Ende hinausziehen",
        "nl": "{player}: ga vooruit en neem een tegel, of ga voorbij het einde",
    },
    "move-beyond": {
        "en": "{player}: no tile ahead — move beyond the end of the path",
        "de": "{player}: kein Schatz mehr voraus — über das Ende der Laufbahn hinausziehen",
        "nl": "{player}: geen tegel meer vooruit — ga voorbij het einde van het pad",
    },
    "steal": {
        "en": "{player}: use the {tile} — take a tile of a set you own from another player",
        "de": "{player}: {tile} einsetzen — einem Mitspieler einen Schatz einer eigenen Art wegnehmen",
        "nl": "{player}: gebruik de {tile} — neem een tegel van een set die je bezit van een medespeler",
    },
    "declare": {
        "en": "{player}: add jokers ({jokers}) to the {set} scoring, or pass",
        "de": "{player}: Joker ({jokers}) zur Wertung {set} legen oder passen",
        "nl": "{player}: jokers ({jokers}) toevoegen aan de waardering {set}, of passen",
    },
}

EVENTS: dict[str, dict[str, str]] = {
    "took": {
        "en": "{player} takes {tile} (index {index})",
        "de": "{player} nimmt {tile} (Feld {index})",
        "nl": "{player} neemt {tile} (positie {index})",
    },
    "removed": {"en": "cleared from the path: {tile}", "de": "abgeräumt: {tile}", "nl": "verwijderd: {tile}"},
    "beyond": {
        "en": "{player} moves beyond the end of the path",
        "de": "{player} zieht über das Ende hinaus",
        "nl": "{player} gaat voorbij het einde van het pad",
    },
    "goldmask": {
        "en": "{player} takes the gold mask",
        "de": "{player} bekommt die Goldmaske",
        "nl": "{player} krijgt het gouden masker",
    },
    "joker": {
        "en": "{player} adds {tiles} to {set}",
        "de": "{player} legt {tiles} zu {set}",
        "nl": "{player} voegt {tiles} toe aan {set}",
    },
    "passed": {
        "en": "{player} adds no joker to {set}",
        "de": "{player} legt keinen Joker zu {set}",
        "nl": "{player} voegt geen joker toe aan {set}",
    },
    "stole": {
        "en": "{player} uses the {used}: takes {tile} from {victim} ({awards})",
        "de": "{player} setzt {used} ein: nimmt {victim} {tile} weg ({awards})",
        "nl": "{player} gebruikt de {used}: neemt {tile} van {victim} ({awards})",
    },
    "thief-void": {
        "en": "{player}'s {tile} has no use and leaves the game",
        "de": "{player}: {tile} ohne Wirkung, aus dem Spiel",
        "nl": "{player}: {tile} zonder effect, uit het spel",
    },
    "kingtut-bonus": {
        "en": "{player} takes King Tut: bonus {awards}",
        "de": "{player} nimmt König Tut: Bonus {awards}",
        "nl": "{player} neemt koning Tut: bonus {awards}",
    },
    "scored": {
        "en": "SCORING {set}: {awards}",
        "de": "WERTUNG {set}: {awards}",
        "nl": "WAARDERING {set}: {awards}",
    },
}


@cache
def _names() -> dict[str, Any]:
    text = resources.files("engines.tutankhamen").joinpath("data/names.json").read_text("utf-8")
    return json.loads(text)


def tile_name(tile: str, edition: str | None, lang: str = "en") -> str:
    """A tile's display name in this edition and language (the id if none is known)."""
    names = _names()
    ed = names.get(edition or "otb2004", names["otb2004"])
    if tile in ed.get("specials", {}):
        return ed["specials"][tile].get(lang, tile)
    if tile in ed.get("sets", {}):
        return ed["sets"][tile].get(lang, tile)
    kind, _, colour = tile.partition("-")
    if kind in ed.get("kinds", {}) and colour in names["colours"]:
        return f"{names['colours'][colour][lang]} {ed['kinds'][kind][lang]}"
    return tile


WORDING = Wording(
    prompts=PROMPTS,
    events=EVENTS,
    name=tile_name,
    token_keys=frozenset({"tile", "set", "used", "tiles", "jokers"}),
)
