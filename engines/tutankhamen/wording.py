"""Tutankhamen's prompts, events and tile names in English, German and Dutch."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from importlib import resources
from typing import Any

from engines.core import Action, GameState
from engines.wording import Wording, join

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
        "de": "{player}: {tile_the} einsetzen — einem Mitspieler einen Schatz einer eigenen Art wegnehmen",
        "nl": "{player}: gebruik {tile_the} — neem een tegel van een set die je bezit van een medespeler",
    },
    "declare": {
        "en": "{player}: add jokers ({jokers}) to the {set} scoring, or pass",
        "de": "{player}: Joker ({jokers}) zur Wertung ({set}) legen oder passen",
        "nl": "{player}: jokers ({jokers}) toevoegen aan de waardering {set}, of passen",
    },
}

EVENTS: dict[str, dict[str, str]] = {
    "took": {
        "en": "{player} takes {tile} (index {index})",
        "de": "{player} nimmt {tile_the} (Feld {index})",
        "nl": "{player} neemt {tile_the} (positie {index})",
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
        "de": "{player} legt {tiles} zur Wertung ({set})",
        "nl": "{player} voegt {tiles} toe aan de waardering ({set})",
    },
    "passed": {
        "en": "{player} adds no joker to {set}",
        "de": "{player} legt keinen Joker zur Wertung ({set})",
        "nl": "{player} voegt geen joker toe aan de waardering ({set})",
    },
    "stole": {
        "en": "{player} uses the {used}: takes {tile} from {victim} ({awards})",
        "de": "{player} setzt {used_the} ein: nimmt {victim} {tile_the} weg ({awards})",
        "nl": "{player} gebruikt {used_the}: neemt {tile_the} van {victim} ({awards})",
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

HEADLINES: dict[str, dict[str, str]] = {
    "scored": {"en": "{set}: {awards}", "de": "{set}: {awards}", "nl": "{set}: {awards}"},
}


# Actions: code = the move ("beyond-mask": the first to move beyond takes the gold mask).
# ``tile`` comes with its article in English ("the blue death mask", "King Tut").
ACTIONS: dict[str, dict[str, str]] = {
    "take": {
        "en": "{player} takes {tile} (#{index})",
        "de": "{player} nimmt {tile} (#{index})",
        "nl": "{player} neemt {tile} (#{index})",
    },
    "beyond": {
        "en": "{player} moves beyond the end of the path",
        "de": "{player} zieht über das Ende der Laufbahn hinaus",
        "nl": "{player} gaat voorbij het einde van het pad",
    },
    "beyond-mask": {
        "en": "{player} moves beyond the end of the path and takes the gold mask",
        "de": "{player} zieht über das Ende der Laufbahn hinaus und bekommt die Goldmaske",
        "nl": "{player} gaat voorbij het einde van het pad en krijgt het gouden masker",
    },
    "steal": {
        "en": "{player} takes {tile} from {from}",
        "de": "{player} nimmt {from} {tile} weg",
        "nl": "{player} neemt {tile} van {from}",
    },
    "joker": {
        "en": "{player} adds {tiles} to the {set} scoring",
        "de": "{player} legt {tiles} zur Wertung ({set})",
        "nl": "{player} voegt {tiles} toe aan de waardering ({set})",
    },
    "pass": {
        "en": "{player} adds no joker to the {set} scoring",
        "de": "{player} legt keinen Joker zur Wertung ({set})",
        "nl": "{player} voegt geen joker toe aan de waardering ({set})",
    },
}

CHOICES: dict[str, dict[str, str]] = {
    "take": {
        "en": "take {tile} (#{index})",
        "de": "{tile} nehmen (#{index})",
        "nl": "neem {tile} (#{index})",
    },
    "beyond": {
        "en": "move beyond the end of the path",
        "de": "über das Ende der Laufbahn hinausziehen",
        "nl": "ga voorbij het einde van het pad",
    },
    "beyond-mask": {
        "en": "move beyond the end of the path and take the gold mask",
        "de": "über das Ende der Laufbahn hinausziehen und die Goldmaske bekommen",
        "nl": "ga voorbij het einde van het pad en krijg het gouden masker",
    },
    "steal": {
        "en": "take {tile} from {from}",
        "de": "{from} {tile} wegnehmen",
        "nl": "neem {tile} van {from}",
    },
    "joker": {
        "en": "add {tiles} to the {set} scoring",
        "de": "{tiles} zur Wertung ({set}) legen",
        "nl": "voeg {tiles} toe aan de waardering ({set})",
    },
    "pass": {
        "en": "pass: no joker for the {set} scoring",
        "de": "passen: kein Joker zur Wertung ({set})",
        "nl": "passen: geen joker voor de waardering ({set})",
    },
}


@cache
def _names() -> dict[str, Any]:
    text = resources.files("engines.tutankhamen").joinpath("data/names.json").read_text("utf-8")
    names: dict[str, Any] = json.loads(text)
    return names


# German: the adjective's ending without an article (nominative), and the article with
# the adjective's ending for an object (accusative); Dutch: the article of a "de" or
# "het" word. A gender "-" is a proper name or a pair: no article, no ending.
_DE_BARE = {"m": "er", "f": "e", "n": "es"}
_DE_OBJECT = {"m": ("den", "en"), "f": ("die", "e"), "n": ("das", "e")}


def _parts(tile: str, edition: str | None, lang: str) -> tuple[str, str | None, str] | None:
    """(noun, colour id or None, gender) of a known tile in this edition and language."""
    names = _names()
    ed = names.get(edition or "otb2004", names["otb2004"])
    for section in ("specials", "sets"):
        entry = ed.get(section, {}).get(tile)
        if entry is not None:
            return entry.get(lang, tile), None, entry.get("gender", {}).get(lang, "-")
    kind, _, colour = tile.partition("-")
    entry = ed.get("kinds", {}).get(kind)
    if entry is not None and colour in names["colours"]:
        return entry[lang], colour, entry.get("gender", {}).get(lang, "-")
    return None


def _colour(colour: str, lang: str, ending: str) -> str:
    """A colour as an adjective: German "grün" + ending ("lila" never takes one); Dutch
    "groen" or, with ``ending``, "groene"."""
    entry: dict[str, str] = _names()["colours"][colour]
    if lang == "de":
        return entry["de"] if entry["de"] == "lila" else entry["de"] + ending
    if lang == "nl":
        return entry["nl_e"] if ending else entry["nl"]
    return entry[lang]


def tile_name(tile: str, edition: str | None, lang: str = "en") -> str:
    """A tile's display name in this edition and language, as a heading or list names it
    (no article; German and Dutch colours take their ending: "grüner Skarabäus",
    "groen Horusbeeldje"); the id if none is known."""
    parts = _parts(tile, edition, lang)
    if parts is None:
        return tile
    noun, colour, gender = parts
    if colour is None:
        return noun
    if lang == "de":
        return f"{_colour(colour, lang, _DE_BARE.get(gender, 'e'))} {noun}"
    if lang == "nl":
        return f"{_colour(colour, lang, '' if gender == 'het' else 'e')} {noun}"
    return f"{_colour(colour, lang, '')} {noun}"


def _the(tile: str, edition: str | None, lang: str) -> str:
    """A tile as the object of a sentence, with its article unless its name is a proper
    name ("King Tut", "Selket"): "the blue death mask", "den grünen Skarabäus", "het
    groene Horusbeeldje"."""
    parts = _parts(tile, edition, lang)
    if parts is None:
        return tile
    noun, colour, gender = parts
    if lang == "en":
        name = tile_name(tile, edition, lang)
        return f"the {name}" if name[:1].islower() else name
    if gender not in _DE_OBJECT and gender not in ("de", "het"):
        return tile_name(tile, edition, lang)
    if lang == "de":
        article, ending = _DE_OBJECT.get(gender, ("die", "e"))
        return f"{article} {_colour(colour, lang, ending)} {noun}" if colour else f"{article} {noun}"
    article = "het" if gender == "het" else "de"
    return f"{article} {_colour(colour, lang, 'e')} {noun}" if colour else f"{article} {noun}"


def _jokers(tiles: list[str], edition: str | None, lang: str) -> str:
    """A joker line's tiles, equal ones counted: "the pharaoh tile ×2 and King Tut"."""
    named = [
        _the(t, edition, lang) if n == 1 else f"{tile_name(t, edition, lang)} ×{n}"
        for t, n in Counter(tiles).items()
    ]
    return join(named, lang)


def action_view(action: Action, state: GameState, lang: str) -> tuple[str, dict[str, Any]] | None:
    """The tile at a ``take``'s index, the set a ``joker`` or ``pass`` is about, and
    whether ``beyond`` wins the gold mask, all read from the state before the action."""
    move, edition = action["move"], state.edition
    if move == "take":
        index = action["index"]
        path = state.public_state()["path"]
        if not isinstance(index, int) or not 0 <= index < len(path) or path[index] is None:
            return None
        return "take", {"tile": _the(path[index], edition, lang), "index": index}
    if move == "beyond":
        if state.public_state().get("goldmask") == "ledge":
            return "beyond-mask", {}
        return "beyond", {}
    if move == "steal":
        return "steal", {"tile": _the(str(action["tile"]), edition, lang)}
    if move in ("joker", "pass"):
        declaring = state.public_state().get("declaring")
        if declaring is None:
            return None
        values = {"set": tile_name(declaring["set"], edition, lang)}
        if move == "joker":
            tiles = action["tiles"]
            if not isinstance(tiles, list) or not tiles:
                return None
            values["tiles"] = _jokers([str(t) for t in tiles], edition, lang)
        return move, values
    return None


_LEFT = {
    "coins": {"en": "coins left", "de": "Münzen übrig", "nl": "munten over"},
    "to_goal": {"en": "to the goal", "de": "bis zum Ziel", "nl": "tot het doel"},
}

ENDINGS: dict[str, dict[str, tuple[str, str]]] = {
    "out-of-coins": {
        "en": ("{winners} has paid every coin", "{winners} have paid every coin"),
        "de": ("{winners} hat alle Münzen abgegeben", "{winners} haben alle Münzen abgegeben"),
        "nl": ("{winners} heeft alle munten betaald", "{winners} hebben alle munten betaald"),
    },
    "goal": {
        "en": ("{winners} reached the goal", "{winners} reached the goal"),
        "de": ("{winners} hat das Ziel erreicht", "{winners} haben das Ziel erreicht"),
        "nl": ("{winners} heeft het doel bereikt", "{winners} hebben het doel bereikt"),
    },
    "path-exhausted": {
        "en": (
            "the path is used up: {winners} paid the most",
            "the path is used up: {winners} paid the most",
        ),
        "de": (
            "die Laufbahn ist leer: {winners} hat am meisten abgegeben",
            "die Laufbahn ist leer: {winners} haben am meisten abgegeben",
        ),
        "nl": (
            "het pad is op: {winners} heeft het meest betaald",
            "het pad is op: {winners} hebben het meest betaald",
        ),
    },
    "all-beyond": {
        "en": (
            "everyone is beyond the end: {winners} came closest to the goal",
            "everyone is beyond the end: {winners} came closest to the goal",
        ),
        "de": (
            "alle sind über das Ende hinaus: {winners} ist dem Ziel am nächsten",
            "alle sind über das Ende hinaus: {winners} sind dem Ziel am nächsten",
        ),
        "nl": (
            "iedereen is voorbij het einde: {winners} is het dichtst bij het doel",
            "iedereen is voorbij het einde: {winners} zijn het dichtst bij het doel",
        ),
    },
}


def progress(state: GameState, lang: str) -> tuple[str, dict[str, str]] | None:
    """What each player has left: coins to pay (OTB) or steps to the goal (Amigo)."""
    public = state.public_state()
    for key, heads in _LEFT.items():
        if isinstance(public.get(key), dict):
            return heads[lang], {p: str(n) for p, n in public[key].items()}
    return None


WORDING = Wording(
    prompts=PROMPTS,
    events=EVENTS,
    name=tile_name,
    token_keys=frozenset({"tile", "set", "used", "tiles", "jokers"}),
    actions=ACTIONS,
    choices=CHOICES,
    action_view=action_view,
    headlines=HEADLINES,
    the=_the,
    progress=progress,
    endings=ENDINGS,
)
