"""Pharaoh's Gulo Gulo's prompts, events and token names in English, German and Dutch."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engines.core import Action, GameState
from engines.gulogulo.board import STAFF
from engines.wording import Wording, join

PROMPTS: dict[str, dict[str, str]] = {
    "reveal": {
        "en": "{player}: reveal the next marker, then pull a boulder of its colour",
        "de": "{player}: das nächste Plättchen aufdecken und einen Geröllstein seiner Farbe ziehen",
        "nl": "{player}: draai het volgende kaartje om en haal een rolsteen van die kleur",
    },
    "explore": {
        "en": "{player}: reveal the next marker, or choose a revealed colour ({colours})",
        "de": "{player}: das nächste Plättchen aufdecken oder eine aufgedeckte Farbe wählen ({colours})",
        "nl": "{player}: draai het volgende kaartje om of kies een zichtbare kleur ({colours})",
    },
    "choose": {
        "en": "{player}: choose a revealed colour ({colours})",
        "de": "{player}: eine aufgedeckte Farbe wählen ({colours})",
        "nl": "{player}: kies een zichtbare kleur ({colours})",
    },
    "choose-or-enter": {
        "en": "{player}: enter the burial chamber, or choose a revealed colour ({colours})",
        "de": "{player}: die Grabkammer betreten oder eine aufgedeckte Farbe wählen ({colours})",
        "nl": "{player}: betreed de grafkamer of kies een zichtbare kleur ({colours})",
    },
    "explore-or-enter": {
        "en": "{player}: enter the burial chamber, reveal the next marker or choose a colour ({colours})",
        "de": "{player}: Grabkammer betreten, nächstes Plättchen aufdecken oder Farbe wählen ({colours})",
        "nl": "{player}: betreed de grafkamer, draai het volgende kaartje om of kies een kleur ({colours})",
    },
    "pull": {
        "en": "{player}: pull a {colour} boulder from the mummy trap — clean, or a landslide?",
        "de": "{player}: Geröllstein ({colour}) aus der Mumien-Falle ziehen — geschafft oder Gerölllawine?",
        "nl": "{player}: haal een rolsteen ({colour}) uit de val van de mummie — gelukt of een lawine?",
    },
    "pull-chamber": {
        "en": "{player}: burial chamber {step} of {of} — pull a {colour} boulder",
        "de": "{player}: Grabkammer {step} von {of} — einen Geröllstein ({colour}) ziehen",
        "nl": "{player}: grafkamer {step} van {of} — haal een rolsteen ({colour})",
    },
    "reveal-chamber": {
        "en": "{player}: reveal burial chamber marker {step} of {of}",
        "de": "{player}: Grabkammerplättchen {step} von {of} aufdecken",
        "nl": "{player}: draai grafkamerkaartje {step} van {of} om",
    },
    "move": {
        "en": "{player}: move to the next {colour} space — forwards or backwards?",
        "de": "{player}: zum nächsten Feld ({colour}) ziehen — vorwärts oder rückwärts?",
        "nl": "{player}: ga naar het volgende veld ({colour}) — vooruit of achteruit?",
    },
}

EVENTS: dict[str, dict[str, str]] = {
    "revealed": {
        "en": "{player} reveals the marker on {place}: {colour}",
        "de": "{player} deckt das Plättchen auf {place} auf: {colour}",
        "nl": "{player} draait het kaartje op {place} om: {colour}",
    },
    "revealed-chamber": {
        "en": "{player} reveals burial chamber marker {step}: {colour}",
        "de": "{player} deckt Grabkammerplättchen {step} auf: {colour}",
        "nl": "{player} draait grafkamerkaartje {step} om: {colour}",
    },
    "chose": {
        "en": "{player} chooses {colour}",
        "de": "{player} wählt {colour}",
        "nl": "{player} kiest {colour}",
    },
    "entered": {
        "en": "{player} enters the burial chamber with {scarabs} scarabs",
        "de": "{player} betritt die Grabkammer mit {scarabs} Skarabäen",
        "nl": "{player} betreedt de grafkamer met {scarabs} scarabeeën",
    },
    "pulled": {
        "en": "{player} pulls a {colour} boulder out cleanly",
        "de": "{player} zieht einen Geröllstein ({colour}) sauber heraus",
        "nl": "{player} haalt een rolsteen ({colour}) er netjes uit",
    },
    "landslide": {
        "en": "LANDSLIDE! {player} was pulling {colour}; fell: {fell}",
        "de": "GERÖLLLAWINE! {player} wollte {colour} ziehen; gefallen: {fell}",
        "nl": "LAWINE! {player} wilde {colour} halen; gevallen: {fell}",
    },
    "last-boulder": {
        "en": "that was the last {colour} boulder",
        "de": "das war der letzte Geröllstein ({colour})",
        "nl": "dat was de laatste rolsteen ({colour})",
    },
    "trap-rebuilt": {
        "en": "the mummy trap is rebuilt",
        "de": "die Mumien-Falle wird neu aufgebaut",
        "nl": "de val van de mummie wordt opnieuw opgebouwd",
    },
    "moved": {
        "en": "{player} moves {direction} to {place} ({colour})",
        "de": "{player} zieht {direction} auf {place} ({colour})",
        "nl": "{player} gaat {direction} naar {place} ({colour})",
    },
    "no-move": {
        "en": "{player} finds no {colour} space to move to and stays",
        "de": "{player} findet kein Feld ({colour}) und bleibt stehen",
        "nl": "{player} vindt geen veld ({colour}) en blijft staan",
    },
    "scarab": {
        "en": "{player} finds a scarab (now {scarabs})",
        "de": "{player} findet einen Skarabäus (jetzt {scarabs})",
        "nl": "{player} vindt een scarabee (nu {scarabs})",
    },
    "scarab-full": {
        "en": "{player} already holds {scarabs} scarabs and may not take another",
        "de": "{player} hat schon {scarabs} Skarabäen und darf keinen weiteren nehmen",
        "nl": "{player} heeft al {scarabs} scarabeeën en mag er geen meer nemen",
    },
    "scarab-none-left": {
        "en": "no scarab is left in the supply for {player}",
        "de": "für {player} ist kein Skarabäus mehr im Vorrat",
        "nl": "er is geen scarabee meer in de voorraad voor {player}",
    },
    "curse": {
        "en": "the mummy's curse: {player} gives up a scarab ({scarabs} left)",
        "de": "der Fluch der Mumie: {player} gibt einen Skarabäus ab (noch {scarabs})",
        "nl": "de vloek van de mummie: {player} geeft een scarabee af (nog {scarabs})",
    },
    "curse-found": {
        "en": "{player} finds a scarab on the mummy's space and hands it straight to the mummy",
        "de": "{player} findet einen Skarabäus auf dem Feld der Mumie und gibt ihn ihr sofort",
        "nl": "{player} vindt een scarabee op het veld van de mummie en geeft hem meteen af",
    },
    "curse-no-scarab": {
        "en": "the mummy's curse: {player} has no scarab to give",
        "de": "der Fluch der Mumie: {player} hat keinen Skarabäus",
        "nl": "de vloek van de mummie: {player} heeft geen scarabee",
    },
    "mummy-moved": {
        "en": "the mummy walks to {place}, facing the {facing}",
        "de": "die Mumie läuft bis {place}, Blick Richtung {facing}",
        "nl": "de mummie loopt tot {place}, kijkend richting {facing}",
    },
    "back-to-start": {
        "en": "{player} goes back to the start",
        "de": "{player} muss zurück aufs Startfeld",
        "nl": "{player} moet terug naar het startveld",
    },
    "back-to-entrance": {
        "en": "{player} goes back to the pyramid entrance",
        "de": "{player} muss zurück zum Pyramideneingang",
        "nl": "{player} moet terug naar de ingang van de piramide",
    },
    "back-to-space": {
        "en": "{player} goes back to {place} ({colour})",
        "de": "{player} muss zurück auf {place} ({colour})",
        "nl": "{player} moet terug naar {place} ({colour})",
    },
    "extra-turn": {
        "en": "{player} may explore and move again",
        "de": "{player} darf noch einmal erkunden und ziehen",
        "nl": "{player} mag nog eens onderzoeken en zetten",
    },
    "game-over": {
        "en": "GAME OVER — {winners} frees the mummy from its curse",
        "de": "SPIELENDE — {winners} erlöst die Mumie von ihrem Fluch",
        "nl": "EINDE — {winners} heft de vloek van de mummie op",
    },
}

# Actions: code = the move, or finer: "reveal-chamber" (a burial chamber marker),
# "pull-landslide". ``boulder`` is "a red boulder" / "einen Geröllstein (rot)".
ACTIONS: dict[str, dict[str, str]] = {
    "reveal": {
        "en": "{player} reveals the next marker: {colour}",
        "de": "{player} deckt das nächste Plättchen auf: {colour}",
        "nl": "{player} draait het volgende kaartje om: {colour}",
    },
    "reveal-chamber": {
        "en": "{player} reveals burial chamber marker {step}: {colour}",
        "de": "{player} deckt Grabkammerplättchen {step} auf: {colour}",
        "nl": "{player} draait grafkamerkaartje {step} om: {colour}",
    },
    "choose": {
        "en": "{player} chooses {colour}",
        "de": "{player} wählt {colour}",
        "nl": "{player} kiest {colour}",
    },
    "enter": {
        "en": "{player} enters the burial chamber",
        "de": "{player} betritt die Grabkammer",
        "nl": "{player} betreedt de grafkamer",
    },
    "pull": {
        "en": "{player} pulls {boulder} out cleanly",
        "de": "{player} zieht {boulder} sauber heraus",
        "nl": "{player} haalt {boulder} er netjes uit",
    },
    "pull-landslide": {
        "en": "{player} pulls {boulder}: landslide ({fell} fell)",
        "de": "{player} zieht {boulder}: Gerölllawine — gefallen: {fell}",
        "nl": "{player} haalt {boulder}: lawine — gevallen: {fell}",
    },
    "move": {
        "en": "{player} moves {direction} to the next {colour} space",
        "de": "{player} zieht {direction} zum nächsten Feld ({colour})",
        "nl": "{player} gaat {direction} naar het volgende veld ({colour})",
    },
}

CHOICES: dict[str, dict[str, str]] = {
    "reveal": {
        "en": "reveal the next marker: {colour}",
        "de": "nächstes Plättchen aufdecken: {colour}",
        "nl": "draai het volgende kaartje om: {colour}",
    },
    "reveal-chamber": {
        "en": "reveal burial chamber marker {step}: {colour}",
        "de": "Grabkammerplättchen {step} aufdecken: {colour}",
        "nl": "draai grafkamerkaartje {step} om: {colour}",
    },
    "choose": {"en": "choose {colour}", "de": "{colour} wählen", "nl": "kies {colour}"},
    "enter": {
        "en": "enter the burial chamber",
        "de": "die Grabkammer betreten",
        "nl": "betreed de grafkamer",
    },
    "pull": {
        "en": "pulled out cleanly ({colour})",
        "de": "sauber herausgezogen ({colour})",
        "nl": "netjes eruit gehaald ({colour})",
    },
    "pull-landslide": {
        "en": "landslide ({fell} fell)",
        "de": "Gerölllawine — gefallen: {fell}",
        "nl": "lawine — gevallen: {fell}",
    },
    "move": {
        "en": "move {direction} to the next {colour} space",
        "de": "{direction} zum nächsten Feld ({colour}) ziehen",
        "nl": "ga {direction} naar het volgende veld ({colour})",
    },
}
# A boulder a player pulls (accusative), and what fell: one boulder or several.
_PULLED = {"en": "a {c} boulder", "de": "einen Geröllstein ({c})", "nl": "een rolsteen ({c})"}
_FELL_ONE = {"en": "a {c} boulder", "de": "ein Geröllstein ({c})", "nl": "een rolsteen ({c})"}
_FELL_MANY = {"en": "{n} {c} boulders", "de": "{n} Geröllsteine ({c})", "nl": "{n} rolstenen ({c})"}

TOKENS: dict[str, dict[str, str]] = {
    "red": {"en": "red", "de": "rot", "nl": "rood"},
    "yellow": {"en": "yellow", "de": "gelb", "nl": "geel"},
    "green": {"en": "green", "de": "grün", "nl": "groen"},
    "blue": {"en": "blue", "de": "blau", "nl": "blauw"},
    "white": {"en": "white", "de": "weiß", "nl": "wit"},
    "black": {"en": "black", "de": "schwarz", "nl": "zwart"},
    "purple": {"en": "purple", "de": "lila", "nl": "paars"},
    "orange": {"en": "orange", "de": "orange", "nl": "oranje"},
    "staff": {"en": "the Pharaoh’s staff", "de": "der Pharaonenstab", "nl": "de faraostaf"},
    "forwards": {"en": "forwards", "de": "vorwärts", "nl": "vooruit"},
    "backwards": {"en": "backwards", "de": "rückwärts", "nl": "achteruit"},
    "desert": {"en": "desert", "de": "Wüsten", "nl": "woestijn"},
    "pyramid": {"en": "pyramid", "de": "Pyramiden", "nl": "piramide"},
    "entrance": {"en": "entrance", "de": "Pyramideneingang", "nl": "ingang"},  # the mummy's facing
    "chamber": {"en": "burial chamber", "de": "Grabkammer", "nl": "grafkamer"},
}


PLACES: dict[str, dict[str, str]] = {
    "desert": {"en": "desert space {n}", "de": "Wüstenfeld {n}", "nl": "woestijnveld {n}"},
    "pyramid": {"en": "pyramid space {n}", "de": "Pyramidenfeld {n}", "nl": "piramideveld {n}"},
    "front": {
        "en": "the space before the burial chamber",
        "de": "das Feld vor der Grabkammer",
        "nl": "het veld voor de grafkamer",
    },
}


def token_name(token: str, edition: str | None, lang: str = "en") -> str:
    """A token's display name: a colour (a board's own colours without a translation are
    shown as they are), the staff, a direction, or a place ("desert-3", "front")."""
    names = TOKENS.get(token)
    if names:
        return names.get(lang, token)
    area, _, n = token.partition("-")
    if area in PLACES and (n.isdigit() or not n):
        return PLACES[area][lang].format(n=n)
    return token


def _a(phrase: str, lang: str) -> str:
    """English "a" before a consonant, "an" before a vowel ("an orange boulder")."""
    if lang == "en" and phrase.startswith("a ") and phrase[2:3].lower() in tuple("aeiou"):
        return "an " + phrase[2:]
    return phrase


def _fell(fell: list[str], lang: str) -> str:
    """What fell in a landslide: "2 red boulders and the Pharaoh’s staff"."""
    parts = []
    for item, n in Counter(fell).items():
        if item == STAFF:
            parts.append(token_name(item, None, lang))
        else:
            colour = token_name(item, None, lang)
            parts.append(_a((_FELL_ONE if n == 1 else _FELL_MANY)[lang].format(c=colour, n=n), lang))
    return join(parts, lang)


def action_view(action: Action, state: GameState, lang: str) -> tuple[str, dict[str, Any]] | None:
    """A chamber marker's step, the colour being pulled or moved to (from the state), and
    what fell in a landslide."""
    move = action["move"]
    if move in ("choose", "enter"):
        return move, {}
    view = state.public_state()
    params = view["prompt"]["params"]
    if move == "reveal":
        return ("reveal-chamber", {"step": params["step"]}) if view["phase"] == "chamber" else ("reveal", {})
    if move == "move":
        return "move", {"colour": token_name(params["colour"], None, lang)}
    if move != "pull" or view["pulling"] is None:
        return None
    colour = token_name(view["pulling"]["colour"], None, lang)
    values: dict[str, Any] = {"colour": colour, "boulder": _a(_PULLED[lang].format(c=colour), lang)}
    if action["result"] == "clean":
        return "pull", values
    fell = action.get("fell")
    if (
        action["result"] != "landslide"
        or not isinstance(fell, list)
        or not all(isinstance(f, str) for f in fell)
    ):
        return None
    return "pull-landslide", {**values, "fell": _fell(fell, lang)}


_SPACES = {"en": "space", "de": "Feld", "nl": "vak"}
_BURIAL = {"en": "burial chamber", "de": "Grabkammer", "nl": "grafkamer"}

ENDINGS: dict[str, dict[str, tuple[str, str]]] = {
    "chamber": {
        "en": (
            "{winners} reached the burial chamber and freed the mummy from its curse",
            "{winners} reached the burial chamber and freed the mummy from its curse",
        ),
        "de": (
            "{winners} hat die Grabkammer erreicht und die Mumie von ihrem Fluch erlöst",
            "{winners} haben die Grabkammer erreicht und die Mumie von ihrem Fluch erlöst",
        ),
        "nl": (
            "{winners} heeft de grafkamer bereikt en de vloek van de mummie opgeheven",
            "{winners} hebben de grafkamer bereikt en de vloek van de mummie opgeheven",
        ),
    },
}


def progress(state: GameState, lang: str) -> tuple[str, dict[str, str]]:
    """Each adventurer's space of all on the way to the burial chamber."""
    view = state.public_state()
    last = len(view["spaces"]) - 1
    values = {p: _BURIAL[lang] if pos >= last else f"{pos}/{last}" for p, pos in view["positions"].items()}
    return _SPACES[lang], values


WORDING = Wording(
    prompts=PROMPTS,
    events=EVENTS,
    name=token_name,
    token_keys=frozenset({"colour", "colours", "fell", "direction", "pile", "facing", "place"}),
    actions=ACTIONS,
    choices=CHOICES,
    action_view=action_view,
    progress=progress,
    in_points=lambda state: False,
    endings=ENDINGS,
)
