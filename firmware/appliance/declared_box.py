"""The Ankh box a table declared when its cards were enrolled, added to the games it starts.

An Ankh game in table mode trusts the table unless its header declares the box
(docs/game-logs-ankh.md §3). Whoever enrolled the cards with ``scarab vision enroll
--deck`` has declared it once for this table, so every new game here — from ``scarab
run`` or the page's new-game form — counts the box's cards without each header repeating
it. A header's own ``deck`` always wins; a catalogue that cannot be read declares nothing
(the camera reports the catalogue's problem where it loads the faces).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def ankh_catalog(chosen: str) -> Path:
    """Where the table's enrolled cards are: ``camera.ankh_catalog``, else the state
    directory's catalogue (as the camera loads them)."""
    from firmware.appliance.store import default_catalog

    return Path(chosen) if chosen else default_catalog("ankh")


def enrolled_deck(catalog: Path) -> dict[str, Any] | None:
    """The ``deck`` the catalogue at ``catalog`` declares; None where none is to be had."""
    from vision.catalogue import checked_deck
    from vision.errors import VisionError

    try:
        doc = json.loads(catalog.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    if not isinstance(doc, dict) or doc.get("game") != "ankh" or "deck" not in doc:
        return None
    try:
        return checked_deck(doc["deck"])
    except VisionError:
        return None


def with_enrolled_box(header: dict[str, Any], catalog: Path) -> dict[str, Any]:
    """``header`` with the enrolled box as its ``deck`` when it is an Ankh game declaring none."""
    if header.get("game") != "ankh" or "deck" in header:
        return header
    deck = enrolled_deck(catalog)
    return header if deck is None else {**header, "deck": deck}
