"""Im Bann der Pyramide's prompts, events and card names in English, German and Dutch."""

from __future__ import annotations

from engines.wording import Wording

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
        "en": "{player} draws {count} card(s)",
        "de": "{player} zieht {count} Karte(n)",
        "nl": "{player} trekt {count} kaart(en)",
    },
    "swapped": {
        "en": "{player} swaps {count} card(s)",
        "de": "{player} tauscht {count} Karte(n)",
        "nl": "{player} ruilt {count} kaart(en)",
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


WORDING = Wording(
    prompts=PROMPTS,
    events=EVENTS,
    name=card_name,
    token_keys=frozenset({"card", "cards", "kind", "options", "reason", "drawn"}),
)
