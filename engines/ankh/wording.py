"""Ankh's prompts, events and card names in English, German and Dutch."""

from __future__ import annotations

from typing import Any

from engines.ankh.cards import FACTORS, MUMMY, parse_papyrus, read_papyrus
from engines.core import Action, Event, GameState
from engines.wording import Wording, counted

COLOUR_NAMES: dict[str, dict[str, str]] = {
    "green": {"en": "green", "de": "grün", "nl": "groen"},
    "yellow": {"en": "yellow", "de": "gelb", "nl": "geel"},
    "blue": {"en": "blue", "de": "blau", "nl": "blauw"},
    "red": {"en": "red", "de": "rot", "nl": "rood"},
}
# A mummy card is named by its colour as an adjective of the card ("die Karte", "de
# kaart"): "grüne 3", "groene 3"; as an object with the article: "die grüne 3".
_ENDING = {"en": "", "de": "e", "nl": "e"}
_NL_E = {"green": "groene", "yellow": "gele", "blue": "blauwe", "red": "rode"}
_ARTICLE = {"en": "", "de": "die ", "nl": "de "}
_PAPYRUS = {"en": "papyrus", "de": "Papyrus", "nl": "papyrus"}
_MUMMIES = {"en": "mummies", "de": "Mumien", "nl": "mummies"}

PROMPTS: dict[str, dict[str, str]] = {
    "play": {
        "en": "{player}: play a card or make a sacrifice (scoring at {threshold} mummies)",
        "de": "{player}: eine Karte ausspielen oder ein Opfer bringen (Wertung bei {threshold} Mumien)",
        "nl": "{player}: speel een kaart of breng een offer (telling bij {threshold} mummies)",
    },
}

EVENTS: dict[str, dict[str, str]] = {
    "played": {
        "en": "{player} plays {card} (mummy {row} in the row)",
        "de": "{player} spielt {card_the} aus ({row}. Mumie in der Reihe)",
        "nl": "{player} speelt {card_the} (mummie {row} in de rij)",
    },
    "papyrus": {
        "en": "{player} lays a new wish list: {card}",
        "de": "{player} legt eine neue Wunschliste: {card}",
        "nl": "{player} legt een nieuwe wensenlijst: {card}",
    },
    "sacrificed": {
        "en": "{player} makes a sacrifice: discards {count} and draws {count}",
        "de": "{player} bringt ein Opfer: wirft {count} ab und zieht {count} nach",
        "nl": "{player} brengt een offer: legt {count} af en trekt er {count}",
    },
    "reshuffled": {
        "en": "draw pile empty — {cards} cards shuffled into a new one (the top papyrus stays)",
        "de": "Nachziehstapel leer — {cards} Karten neu gemischt (die oberste Papyruskarte bleibt liegen)",
        "nl": "trekstapel op — {cards} kaarten opnieuw geschud (de bovenste papyruskaart blijft liggen)",
    },
    "scored": {
        "en": "SCORING at {threshold} mummies, triggered by {player}: {awards}",
        "de": "WERTUNG bei {threshold} Mumien, ausgelöst von {player}: {awards}",
        "nl": "TELLING bij {threshold} mummies, veroorzaakt door {player}: {awards}",
    },
}

HEADLINES: dict[str, dict[str, str]] = {
    "scored": {
        "en": "at {threshold} mummies, triggered by {player}: {awards}",
        "de": "bei {threshold} Mumien, ausgelöst von {player}: {awards}",
        "nl": "bij {threshold} mummies, veroorzaakt door {player}: {awards}",
    },
}


# Actions: code = the move ("play-papyrus": a papyrus rather than a mummy card).
ACTIONS: dict[str, dict[str, str]] = {
    "play": {
        "en": "{player} plays {card}",
        "de": "{player} spielt {card} aus",
        "nl": "{player} speelt {card}",
    },
    "play-papyrus": {
        "en": "{player} plays a papyrus: {papyrus}, scoring at {threshold} mummies",
        "de": "{player} spielt einen Papyrus aus: {papyrus}, Wertung bei {threshold} Mumien",
        "nl": "{player} speelt een papyrus: {papyrus}, telling bij {threshold} mummies",
    },
    "sacrifice": {
        "en": "{player} makes a sacrifice: discards {cards} and draws {count}",
        "de": "{player} bringt ein Opfer: wirft {cards} ab und zieht {count} nach",
        "nl": "{player} brengt een offer: legt {cards} af en trekt er {count}",
    },
}

CHOICES: dict[str, dict[str, str]] = {
    "play": {"en": "play {card}", "de": "{card} ausspielen", "nl": "speel {card}"},
    "play-papyrus": {
        "en": "play a papyrus: {papyrus}, scoring at {threshold} mummies",
        "de": "Papyrus ausspielen: {papyrus}, Wertung bei {threshold} Mumien",
        "nl": "speel een papyrus: {papyrus}, telling bij {threshold} mummies",
    },
    "sacrifice": {
        "en": "sacrifice: discard {cards}, draw {count}",
        "de": "opfern: {cards} abwerfen, {count} nachziehen",
        "nl": "offeren: {cards} afleggen, {count} trekken",
    },
}
_CARDS = {"en": ("card", "cards"), "de": ("Karte", "Karten"), "nl": ("kaart", "kaarten")}


def papyrus_words(rank: list[str] | tuple[str, ...], lang: str = "en") -> str:
    """A papyrus's wish list, its colours with their factors: "red ×2, green ×1, yellow ×0,
    blue ×−1" (the mummies of the first colour count double, of the last they cost)."""
    return ", ".join(
        f"{COLOUR_NAMES[c][lang]} ×{f}".replace("-", "−") for c, f in zip(rank, FACTORS, strict=True)
    )


def action_view(action: Action, state: GameState, lang: str) -> tuple[str, dict[str, Any]] | None:
    """A papyrus played in the game's own terms; a sacrifice's count of cards."""
    move = action["move"]
    if move == "play" and "papyrus" in action:
        card = read_papyrus(action["papyrus"])
        parsed = None if card is None else parse_papyrus(card)
        if parsed is None:
            return None
        return "play-papyrus", {"papyrus": papyrus_words(parsed[0], lang), "threshold": parsed[1]}
    if move == "play":
        card = action["card"]
        return ("play", {"card": card_the(card, None, lang)}) if card in MUMMY else None
    if move == "sacrifice":
        count = action["count"]
        if not isinstance(count, int) or isinstance(count, bool):
            return None
        return "sacrifice", {"cards": counted(count, _CARDS, lang), "count": count}
    return None


def card_name(card: str, edition: str | None, lang: str = "en") -> str:
    """``green-3`` -> "green 3"; a papyrus -> "papyrus green > yellow > blue > red (5 mummies)"."""
    if card in MUMMY:
        colour, value = MUMMY[card]
        return f"{colour_adjective(colour, lang)} {value}"
    parsed = parse_papyrus(card)
    if parsed is None:
        return COLOUR_NAMES.get(card, {}).get(lang, card)
    rank, threshold = parsed
    colours = " > ".join(COLOUR_NAMES[c][lang] for c in rank)
    return f"{_PAPYRUS[lang]} {colours} ({threshold} {_MUMMIES[lang]})"


def colour_adjective(colour: str, lang: str) -> str:
    """A colour before a card: "green", "grüne", "groene"."""
    if lang == "nl":
        return _NL_E[colour]
    return COLOUR_NAMES[colour][lang] + _ENDING.get(lang, "")


def card_the(card: str, edition: str | None, lang: str = "en") -> str:
    """A mummy card as the object of a sentence: "green 3", "die grüne 3", "de groene 3"."""
    name = card_name(card, edition, lang)
    return _ARTICLE.get(lang, "") + name if card in MUMMY else name


def short_card(card: str, lang: str = "en") -> str:
    """A mummy card in three or four letters for the OLED: ``green-3`` -> "gr3" ("ge3"
    is gelb/geel 3)."""
    colour, value = MUMMY[card]
    return f"{COLOUR_NAMES[colour].get(lang, COLOUR_NAMES[colour]['en'])[:2]}{value}"


def scoring_details(event: Event, lang: str = "en") -> str:
    """A scoring's rows card by card: "Tom: blue 4 ×2 = +8, red 1 ×−1 = −1 (+7)"."""
    rows = event.get("rows") if event.get("type") == "scored" else None
    if not isinstance(rows, dict):
        return ""
    parts = []
    for player, cards in rows.items():
        each = ", ".join(
            f"{card_name(c['card'], None, lang)} ×{c['factor']} = {c['points']:+d}" for c in cards
        )
        total = sum(c["points"] for c in cards)
        parts.append(f"{player}: {each or '—'} ({total:+d})")
    return "; ".join(parts)


ENDINGS: dict[str, dict[str, tuple[str, str]]] = {
    "target-reached": {
        "en": (
            "{winners} reached the target of {target} points",
            "{winners} reached the target of {target} points",
        ),
        "de": (
            "{winners} hat das Ziel von {target} Punkten erreicht",
            "{winners} haben das Ziel von {target} Punkten erreicht",
        ),
        "nl": (
            "{winners} heeft het doel van {target} punten bereikt",
            "{winners} hebben het doel van {target} punten bereikt",
        ),
    },
}

WORDING = Wording(
    prompts=PROMPTS,
    events=EVENTS,
    name=card_name,
    token_keys=frozenset({"card", "cards", "papyrus"}),
    details=scoring_details,
    actions=ACTIONS,
    choices=CHOICES,
    action_view=action_view,
    headlines=HEADLINES,
    the=card_the,
    endings=ENDINGS,
)
