"""Ankh's prompts, events and card names in English, German and Dutch."""

from __future__ import annotations

from engines.ankh.cards import MUMMY, parse_papyrus
from engines.core import Event
from engines.wording import Wording

COLOUR_NAMES: dict[str, dict[str, str]] = {
    "green": {"en": "green", "de": "grün", "nl": "groen"},
    "yellow": {"en": "yellow", "de": "gelb", "nl": "geel"},
    "blue": {"en": "blue", "de": "blau", "nl": "blauw"},
    "red": {"en": "red", "de": "rot", "nl": "rood"},
}
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
        "de": "{player} spielt {card} aus ({row}. Mumie in der Reihe)",
        "nl": "{player} speelt {card} (mummie {row} in de rij)",
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


def card_name(card: str, edition: str | None, lang: str = "en") -> str:
    """``green-3`` -> "green 3"; a papyrus -> "papyrus green > yellow > blue > red (5 mummies)"."""
    if card in MUMMY:
        colour, value = MUMMY[card]
        return f"{COLOUR_NAMES[colour][lang]} {value}"
    parsed = parse_papyrus(card)
    if parsed is None:
        return COLOUR_NAMES.get(card, {}).get(lang, card)
    rank, threshold = parsed
    colours = " > ".join(COLOUR_NAMES[c][lang] for c in rank)
    return f"{_PAPYRUS[lang]} {colours} ({threshold} {_MUMMIES[lang]})"


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


WORDING = Wording(
    prompts=PROMPTS,
    events=EVENTS,
    name=card_name,
    token_keys=frozenset({"card", "cards", "papyrus"}),
    details=scoring_details,
)
