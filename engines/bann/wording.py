"""Im Bann der Pyramide's prompts, events and card names in English, German and Dutch."""

from __future__ import annotations

from typing import Any

from engines.bann.cards import CURSE, KIND_OF, MAGIC, MUMMY, PROTECTION, SCARAB
from engines.core import Action, Event, GameState
from engines.wording import Wording, counted, join

PROMPTS: dict[str, dict[str, str]] = {
    "turn": {
        "en": "{player}: draw, swap, or play a {kind} card and/or a special card "
        "(display {total} of {needed})",
        "de": "{player}: ziehen, tauschen oder eine Karte {kind} und/oder eine Sonderkarte ausspielen "
        "(Auslage {total} von {needed})",
        "nl": "{player}: trekken, ruilen of een kaart {kind} en/of een bijzondere kaart spelen "
        "(etalage {total} van {needed})",
    },
    "extra-turn": {
        "en": "{player}, another turn: draw, swap, or play a {kind} card and/or a special card "
        "(display {total} of {needed})",
        "de": "{player} ist noch einmal dran: ziehen, tauschen oder eine Karte {kind} und/oder eine "
        "Sonderkarte ausspielen (Auslage {total} von {needed})",
        "nl": "{player} is opnieuw aan de beurt: trekken, ruilen of een kaart {kind} en/of een bijzondere "
        "kaart spelen (etalage {total} van {needed})",
    },
    "play-on": {
        "en": "{player} (display {total} of {needed}, arrow: {kind}): {options}",
        "de": "{player} (Auslage {total} von {needed}, Pfeil: {kind}): {options}",
        "nl": "{player} (etalage {total} van {needed}, pijl: {kind}): {options}",
    },
    "after-draw": {
        "en": "{player}: pass the mummy to a player at the king's chamber (discard equipment worth 3 or "
        "more), or end the turn",
        "de": "{player}: die Mumie an einen Spieler an der Königskammer weitergeben (Ausrüstung im Wert "
        "von mindestens 3 abwerfen) oder den Zug beenden",
        "nl": "{player}: de mummie doorgeven aan een speler naast de koningskamer (uitrusting met een "
        "waarde van minstens 3 afleggen), of de beurt beëindigen",
    },
    "curse": {
        "en": "{player}: {by}'s curse — discard an equipment or protection card from your display",
        "de": "{player}: Fluch von {by} — eine Ausrüstungs- oder Schutzkarte aus der Auslage abwerfen",
        "nl": "{player}: vloek van {by} — leg een uitrustings- of beschermingskaart uit je etalage af",
    },
    "give-mummy": {
        "en": "{player}: give the mummy to another player",
        "de": "{player}: die Mumie an einen Mitspieler weitergeben",
        "nl": "{player}: geef de mummie aan een medespeler",
    },
    "arrow": {
        "en": "{player}: exact value! Turn the arrow (now {kind}) to any equipment, then play again",
        "de": "{player}: genau getroffen! Den Pfeil (jetzt {kind}) auf eine Ausrüstung drehen, dann noch "
        "einmal spielen",
        "nl": "{player}: precies bereikt! Draai de pijl (nu {kind}) naar een uitrusting en speel nog eens",
    },
}

EVENTS: dict[str, dict[str, str]] = {
    "drew": {
        "en": "{player} draws {counted}",
        "de": "{player} zieht {counted}",
        "nl": "{player} trekt {counted}",
    },
    "swapped": {
        "en": "{player} swaps {counted}",
        "de": "{player} tauscht {counted}",
        "nl": "{player} ruilt {counted}",
    },
    "reshuffled": {
        "en": "the discard pile is shuffled into a new draw pile ({count} cards)",
        "de": "der Ablagestapel wird zum neuen Nachziehstapel gemischt ({count} Karten)",
        "nl": "de aflegstapel wordt geschud tot een nieuwe voorraadstapel ({count} kaarten)",
    },
    "played": {
        "en": "{player} plays {card}",
        "de": "{player} spielt {card}",
        "nl": "{player} speelt {card}",
    },
    "arrow": {
        "en": "the arrow points to {kind}",
        "de": "der Pfeil zeigt auf {kind}",
        "nl": "de pijl wijst naar {kind}",
    },
    "mummy-played": {
        "en": "{player} puts the mummy into {to}'s display",
        "de": "{player} legt die Mumie in die Auslage von {to}",
        "nl": "{player} legt de mummie in de etalage van {to}",
    },
    "mummy-passed": {
        "en": "{player} passes the mummy on to {to}",
        "de": "{player} gibt die Mumie an {to} weiter",
        "nl": "{player} geeft de mummie door aan {to}",
    },
    "mummy-sent": {
        "en": "{player} discards {cards} and passes the mummy to {to} at the king's chamber",
        "de": "{player} wirft {cards} ab und gibt die Mumie an {to} an der Königskammer",
        "nl": "{player} legt {cards} af en geeft de mummie aan {to} naast de koningskamer",
    },
    "removed": {
        "en": "{player} removes {card} from their own display",
        "de": "{player} entfernt {card} aus der eigenen Auslage",
        "nl": "{player} verwijdert {card} uit de eigen etalage",
    },
    "cursed": {
        "en": "{player} discards {card} (curse)",
        "de": "{player} wirft {card} ab (Fluch)",
        "nl": "{player} legt {card} af (vloek)",
    },
    "curse-spared": {
        "en": "{player} has nothing to discard",
        "de": "{player} hat nichts abzuwerfen",
        "nl": "{player} heeft niets af te leggen",
    },
    "completed": {
        "en": "{player} completes the adventure {value} ({total} for {needed})",
        "de": "{player} besteht das Abenteuer {value} ({total} für {needed})",
        "nl": "{player} voltooit het avontuur {value} ({total} voor {needed})",
    },
    "emptied-hand": {
        "en": "{player} has no cards left: the adventure {value} is completed",
        "de": "{player} hat keine Karten mehr: das Abenteuer {value} ist bestanden",
        "nl": "{player} heeft geen kaarten meer: het avontuur {value} is voltooid",
    },
    "entered-chamber": {
        "en": "{player} enters the king's chamber ({total} = {needed})!",
        "de": "{player} betritt die Königskammer ({total} = {needed})!",
        "nl": "{player} betreedt de koningskamer ({total} = {needed})!",
    },
    "refilled": {
        "en": "{player} takes {count} new cards",
        "de": "{player} nimmt {count} neue Karten",
        "nl": "{player} neemt {count} nieuwe kaarten",
    },
    "extra-turn": {
        "en": "{player} takes another turn",
        "de": "{player} ist noch einmal dran",
        "nl": "{player} is nog een keer aan de beurt",
    },
    "skipped": {
        "en": "{player} is skipped ({reason})",
        "de": "{player} setzt aus ({reason})",
        "nl": "{player} wordt overgeslagen ({reason})",
    },
    "minus-points": {
        "en": "END OF THE ROUND — minus points as scores: {awards}",
        "de": "RUNDENENDE — Minuspunkte als Punkte: {awards}",
        "nl": "EINDE VAN DE RONDE — minpunten als score: {awards}",
    },
}

# Actions: code = the move, or finer: "play-magic", "play-mummy", "play-curse",
# "play-curse-remove", "play-protection", "play-scarab" (a plain "play" is equipment),
# "swap-cards" (the cards named), "complete-chamber", "give-mummy-cards" (to the chamber),
# "discard-protection".
ACTIONS: dict[str, dict[str, str]] = {
    "draw": {"en": "{player} draws {cards}", "de": "{player} zieht {cards}", "nl": "{player} trekt {cards}"},
    "swap": {
        "en": "{player} swaps {cards}",
        "de": "{player} tauscht {cards}",
        "nl": "{player} ruilt {cards}",
    },
    "swap-cards": {
        "en": "{player} swaps {cards}",
        "de": "{player} tauscht {cards}",
        "nl": "{player} ruilt {cards}",
    },
    "play": {
        "en": "{player} plays {card}",
        "de": "{player} spielt {card} aus",
        "nl": "{player} speelt {card}",
    },
    "play-magic": {
        "en": "{player} plays a magic card and turns the arrow to {kind}",
        "de": "{player} spielt eine Zauberkarte aus und dreht den Pfeil auf {kind}",
        "nl": "{player} speelt een toverkaart en draait de pijl naar {kind}",
    },
    "play-mummy": {
        "en": "{player} puts the mummy into {to}’s display",
        "de": "{player} legt die Mumie in die Auslage von {to}",
        "nl": "{player} legt de mummie in de etalage van {to}",
    },
    "play-curse": {
        "en": "{player} plays a curse: every other player discards a card",
        "de": "{player} spielt einen Fluch aus: alle anderen werfen eine Karte ab",
        "nl": "{player} speelt een vloek: alle anderen leggen een kaart af",
    },
    "play-curse-remove": {
        "en": "{player} plays a curse and removes {remove} from their own display",
        "de": "{player} spielt einen Fluch aus und entfernt {remove} aus der eigenen Auslage",
        "nl": "{player} speelt een vloek en verwijdert {remove} uit de eigen etalage",
    },
    "play-protection": {
        "en": "{player} plays a protection card",
        "de": "{player} spielt eine Schutzkarte aus",
        "nl": "{player} speelt een beschermingskaart",
    },
    "play-scarab": {
        "en": "{player} plays the scarab amulet",
        "de": "{player} spielt das Skarabäus-Amulett aus",
        "nl": "{player} speelt het scarabee-amulet",
    },
    "complete": {
        "en": "{player} completes the adventure {value} ({total} for {needed})",
        "de": "{player} besteht das Abenteuer {value} ({total} für {needed})",
        "nl": "{player} voltooit het avontuur {value} ({total} voor {needed})",
    },
    "complete-chamber": {
        "en": "{player} enters the king’s chamber (exactly {needed})",
        "de": "{player} betritt die Königskammer (genau {needed})",
        "nl": "{player} betreedt de koningskamer (precies {needed})",
    },
    "arrow": {
        "en": "{player} turns the arrow to {kind}",
        "de": "{player} dreht den Pfeil auf {kind}",
        "nl": "{player} draait de pijl naar {kind}",
    },
    "give-mummy": {
        "en": "{player} passes the mummy on to {to}",
        "de": "{player} gibt die Mumie an {to} weiter",
        "nl": "{player} geeft de mummie door aan {to}",
    },
    "give-mummy-cards": {
        "en": "{player} discards {cards} and passes the mummy to {to} at the king’s chamber",
        "de": "{player} wirft {cards} ab und gibt die Mumie an {to} an der Königskammer",
        "nl": "{player} legt {cards} af en geeft de mummie aan {to} naast de koningskamer",
    },
    "discard": {
        "en": "{player} discards {card} (curse)",
        "de": "{player} wirft {card} ab (Fluch)",
        "nl": "{player} legt {card} af (vloek)",
    },
    "discard-protection": {
        "en": "{player} discards a protection card (curse)",
        "de": "{player} wirft eine Schutzkarte ab (Fluch)",
        "nl": "{player} legt een beschermingskaart af (vloek)",
    },
    "end": {
        "en": "{player} ends the turn",
        "de": "{player} beendet den Zug",
        "nl": "{player} beëindigt de beurt",
    },
}

CHOICES: dict[str, dict[str, str]] = {
    "draw": {"en": "draw {cards}", "de": "{cards} ziehen", "nl": "trek {cards}"},
    "swap": {"en": "swap {cards}", "de": "{cards} tauschen", "nl": "ruil {cards}"},
    "swap-cards": {"en": "swap {cards}", "de": "{cards} tauschen", "nl": "ruil {cards}"},
    "play": {"en": "play {card}", "de": "{card} ausspielen", "nl": "speel {card}"},
    "play-magic": {
        "en": "play a magic card: turn the arrow to {kind}",
        "de": "Zauberkarte ausspielen: den Pfeil auf {kind} drehen",
        "nl": "speel een toverkaart: draai de pijl naar {kind}",
    },
    "play-mummy": {
        "en": "put the mummy into {to}’s display",
        "de": "die Mumie in die Auslage von {to} legen",
        "nl": "leg de mummie in de etalage van {to}",
    },
    "play-curse": {
        "en": "play a curse: every other player discards a card",
        "de": "Fluch ausspielen: alle anderen werfen eine Karte ab",
        "nl": "speel een vloek: alle anderen leggen een kaart af",
    },
    "play-curse-remove": {
        "en": "play a curse and remove {remove} from your display",
        "de": "Fluch ausspielen und {remove} aus der eigenen Auslage entfernen",
        "nl": "speel een vloek en verwijder {remove} uit je etalage",
    },
    "play-protection": {
        "en": "play a protection card",
        "de": "Schutzkarte ausspielen",
        "nl": "speel een beschermingskaart",
    },
    "play-scarab": {
        "en": "play the scarab amulet",
        "de": "Skarabäus-Amulett ausspielen",
        "nl": "speel het scarabee-amulet",
    },
    "complete": {
        "en": "complete the adventure {value} ({total} for {needed})",
        "de": "das Abenteuer {value} bestehen ({total} für {needed})",
        "nl": "voltooi het avontuur {value} ({total} voor {needed})",
    },
    "complete-chamber": {
        "en": "enter the king’s chamber (exactly {needed})",
        "de": "die Königskammer betreten (genau {needed})",
        "nl": "betreed de koningskamer (precies {needed})",
    },
    "arrow": {
        "en": "turn the arrow to {kind}",
        "de": "den Pfeil auf {kind} drehen",
        "nl": "draai de pijl naar {kind}",
    },
    "give-mummy": {
        "en": "pass the mummy on to {to}",
        "de": "die Mumie an {to} weitergeben",
        "nl": "geef de mummie door aan {to}",
    },
    "give-mummy-cards": {
        "en": "discard {cards} and pass the mummy to {to} at the king’s chamber",
        "de": "{cards} abwerfen und die Mumie an {to} an der Königskammer geben",
        "nl": "leg {cards} af en geef de mummie aan {to} naast de koningskamer",
    },
    "discard": {
        "en": "discard {card} (curse)",
        "de": "{card} abwerfen (Fluch)",
        "nl": "leg {card} af (vloek)",
    },
    "discard-protection": {
        "en": "discard a protection card (curse)",
        "de": "Schutzkarte abwerfen (Fluch)",
        "nl": "leg een beschermingskaart af (vloek)",
    },
    "end": {"en": "end the turn", "de": "den Zug beenden", "nl": "beëindig de beurt"},
}
_CARDS = {"en": ("card", "cards"), "de": ("Karte", "Karten"), "nl": ("kaart", "kaarten")}
_SPECIAL_PLAYS = {CURSE: "play-curse", PROTECTION: "play-protection", SCARAB: "play-scarab"}

KIND_NAMES: dict[str, dict[str, str]] = {
    "ladder": {"en": "ladder", "de": "Leiter", "nl": "ladder"},
    "pickaxe": {"en": "pickaxe", "de": "Spitzhacke", "nl": "pikhouweel"},
    "rope": {"en": "rope", "de": "Seil", "nl": "touw"},
    "torch": {"en": "torch", "de": "Fackel", "nl": "fakkel"},
}
OTHER_NAMES: dict[str, dict[str, str]] = {
    "magic": {"en": "magic", "de": "Zauber", "nl": "toverkracht"},
    "mummy": {"en": "mummy", "de": "Mumie", "nl": "mummie"},
    "curse": {"en": "curse", "de": "Fluch", "nl": "vloek"},
    "protection": {"en": "protection", "de": "Schutz", "nl": "bescherming"},
    "scarab": {"en": "scarab amulet", "de": "Skarabäus-Amulett", "nl": "scarabee-amulet"},
    # prompt options (play-on)
    "play-one": {
        "en": "play one equipment card",
        "de": "eine Ausrüstungskarte ausspielen",
        "nl": "één uitrustingskaart spelen",
    },
    "play-any": {
        "en": "play equipment cards (scarab)",
        "de": "Ausrüstungskarten ausspielen (Skarabäus)",
        "nl": "uitrustingskaarten spelen (scarabee)",
    },
    "complete": {
        "en": "complete the adventure",
        "de": "das Abenteuer bestehen",
        "nl": "het avontuur voltooien",
    },
    "pass-mummy": {
        "en": "pass the mummy to the king's chamber",
        "de": "die Mumie an die Königskammer weitergeben",
        "nl": "de mummie doorgeven naar de koningskamer",
    },
    "end": {"en": "end the turn", "de": "den Zug beenden", "nl": "de beurt beëindigen"},
    # skip reasons
    "in-chamber": {"en": "in the king's chamber", "de": "in der Königskammer", "nl": "in de koningskamer"},
    "no-move": {"en": "no possible move", "de": "kein Zug möglich", "nl": "geen zet mogelijk"},
}


def card_name(token: str, edition: str | None, lang: str = "en") -> str:
    """A card's, kind's or option's display name (the id itself if unknown)."""
    if token in KIND_NAMES:
        return KIND_NAMES[token].get(lang, token)
    if token in OTHER_NAMES:
        return OTHER_NAMES[token].get(lang, token)
    kind, _, value = token.partition("-")
    if kind in KIND_NAMES and value.isdigit():
        return f"{KIND_NAMES[kind].get(lang, kind)} {value}"
    return token


def _cards(value: Any, lang: str) -> str | None:
    """A list of card ids as a sentence names them, or None when it is not one."""
    if not isinstance(value, list) or not value or not all(isinstance(c, str) for c in value):
        return None
    return join([card_name(c, None, lang) for c in value], lang)


def _play(action: Action, lang: str) -> tuple[str, dict[str, Any]] | None:
    card = action["card"]
    if card == MAGIC:
        return ("play-magic", {}) if "kind" in action else None
    if card == MUMMY:
        return ("play-mummy", {}) if "to" in action else None
    if card == CURSE and "remove" in action:
        return "play-curse-remove", {"remove": card_name(str(action["remove"]), None, lang)}
    if card in _SPECIAL_PLAYS:
        return _SPECIAL_PLAYS[card], {}
    return ("play", {}) if isinstance(card, str) and KIND_OF.get(card) else None


def _complete(action: Action, state: GameState) -> tuple[str, dict[str, Any]] | None:
    """The adventure the player completes (or the king's chamber), from the state."""
    view = state.public_state()
    player = action["player"]
    position, adventures = view["positions"][player], view["adventures"]
    values = {"total": view["totals"][player], "needed": view["needs"][player]}  # exact in the chamber
    if values["needed"] is None:
        return None
    if position >= len(adventures):
        return "complete-chamber", values
    return "complete", {**values, "value": adventures[position]}


def action_view(action: Action, state: GameState, lang: str) -> tuple[str, dict[str, Any]] | None:
    """The finer code of a play, a swap and passing the mummy; counts of cards; the
    adventure a ``complete`` is for."""
    move = action["move"]
    if move == "draw" or (move == "swap" and "cards" not in action):
        count = action["count"]
        if not isinstance(count, int) or isinstance(count, bool):
            return None
        return move, {"cards": counted(count, _CARDS, lang)}
    if move in ("swap", "give-mummy") and "cards" in action:
        cards = _cards(action["cards"], lang)
        return None if cards is None else (f"{move}-cards", {"cards": cards})
    if move == "play":
        return _play(action, lang)
    if move == "complete":
        return _complete(action, state)
    if move == "discard" and action["card"] == PROTECTION:
        return "discard-protection", {}
    if move in ("give-mummy", "arrow", "discard", "end"):
        return move, {}
    return None


def event_view(event: Event, lang: str) -> dict[str, Any]:
    """A drawn or swapped count of cards with its noun: "1 card", "2 Karten"."""
    count = event.get("count")
    if isinstance(count, int) and not isinstance(count, bool):
        return {"counted": counted(count, _CARDS, lang)}
    return {}


def progress(state: GameState, lang: str) -> tuple[str, dict[str, str]]:
    """Adventures completed of all, or the king's chamber once inside."""
    view = state.public_state()
    total = len(view["adventures"])
    inside = _CHAMBER[lang]
    values = {p: inside if pos > total else f"{pos}/{total}" for p, pos in view["positions"].items()}
    return _ADVENTURES[lang], values


def in_points(state: GameState) -> bool:
    """Only the minus-points variant counts points (minus points, at the end)."""
    return "minus-points" in state.public_state()["variants"]


_ADVENTURES = {"en": "adventures", "de": "Abenteuer", "nl": "avonturen"}
_CHAMBER = {"en": "king's chamber", "de": "Königskammer", "nl": "koningskamer"}

ENDINGS: dict[str, dict[str, tuple[str, str]]] = {
    "kings-chamber": {
        "en": ("{winners} reached the king's chamber", "{winners} reached the king's chamber"),
        "de": ("{winners} hat die Königskammer erreicht", "{winners} haben die Königskammer erreicht"),
        "nl": ("{winners} heeft de koningskamer bereikt", "{winners} hebben de koningskamer bereikt"),
    },
    "round-over": {
        "en": (
            "the last round is over: {winners} reached the king's chamber",
            "the last round is over: {winners} reached the king's chamber",
        ),
        "de": (
            "die letzte Runde ist vorbei: {winners} hat die Königskammer erreicht",
            "die letzte Runde ist vorbei: {winners} haben die Königskammer erreicht",
        ),
        "nl": (
            "de laatste ronde is voorbij: {winners} heeft de koningskamer bereikt",
            "de laatste ronde is voorbij: {winners} hebben de koningskamer bereikt",
        ),
    },
}


WORDING = Wording(
    prompts=PROMPTS,
    events=EVENTS,
    name=card_name,
    token_keys=frozenset({"card", "cards", "kind", "options", "reason", "drawn"}),
    actions=ACTIONS,
    choices=CHOICES,
    action_view=action_view,
    event_view=event_view,
    progress=progress,
    in_points=in_points,
    endings=ENDINGS,
)
