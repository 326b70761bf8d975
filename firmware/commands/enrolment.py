"""Enrolment's shared steps, for ``scarab vision enroll`` and its guided form alike: the
faces each box needs and which are missing, where the catalogue and its contact sheet go,
and the warnings about faces too alike for the reader."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engines.replay import LogError
from firmware.commands.common import check_writable

if TYPE_CHECKING:
    from vision.catalogue import Catalogue
    from vision.enrol_check import Alike

_KINDS = [
    f"{k}-{c}" for k in ("scarab", "cat", "horus", "anubis", "mask") for c in ("green", "blue", "purple")
]
# the faces each Tutankhamen edition lays on its path: enrolment says which are still missing
EDITION_FACES = {
    "otb2004": [*_KINDS, "goldbag", "pharaoh", "kingtut"],
    "amigo": [*_KINDS, "nugget", "canopic"],
}


def check_suffix(path: str, allowed: tuple[str, ...], what: str) -> Path:
    """An output file named for its format, in a place it can be written."""
    out = Path(path)
    if out.suffix.lower() not in allowed:
        names = ", ".join(s.lstrip(".") for s in allowed)
        raise LogError("bad-suffix", f"{path}: {what} is written as {names} (name the file so)", None)
    return check_writable(out)


def missing_faces(game: str, labels: list[str]) -> dict[str, list[str]]:
    """Per edition (Ankh: its one box), the faces it needs that the catalogue has not learned."""
    have = set(labels)
    if game == "ankh":
        from vision.synth.cards import card_labels

        return {"ankh": [f for f in card_labels() if f not in have]}
    if game != "tutankhamen":
        return {}
    return {edition: [f for f in needed if f not in have] for edition, needed in EDITION_FACES.items()}


def declared_deck(game: str, name: str | None) -> dict[str, Any] | None:
    """``--deck FILE``: the Ankh box the enrolled cards came from, as a game log declares it
    (the ``deck`` object itself, or a header holding one), judged before anything is enrolled."""
    if name is None:
        return None
    if game != "ankh":
        raise LogError("no-deck", "--deck declares the box of Ankh cards: use it with --game ankh", None)
    from vision.catalogue import checked_deck
    from vision.errors import VisionError

    try:
        doc = json.loads(Path(name).read_text("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise LogError("bad-deck", f"cannot read the deck file {name}: {exc}", None) from None
    if isinstance(doc, dict) and "deck" in doc:
        doc = doc["deck"]
    try:
        return checked_deck(doc, f"{name}: ")
    except VisionError as exc:
        raise LogError(exc.code, exc.message, None) from None


def deck_size(cat: Catalogue) -> int | None:
    """How many cards the catalogue's declared box holds; None where none is declared."""
    counts = cat.deck_counts()
    return None if counts is None else sum(counts.values())


def show_deck(cat: Catalogue) -> None:
    size = deck_size(cat)
    if size is not None:
        print(f"  the box declared with these cards holds {size} cards: games at this table count them")
    elif cat.game == "ankh":
        print("  no box declared (--deck): games at this table accept any well-formed card")


def sheet_target(sheet: str | None, catalog: Path) -> Path:
    """Where the contact sheet goes (``--sheet``, else beside the catalogue), checked
    before anything is enrolled."""
    from vision.contact_sheet import sheet_path

    if sheet is None:
        return check_writable(sheet_path(catalog), make_parents=True)
    return check_suffix(sheet, (".png",), "the contact sheet")


def check_and_show(cat: Catalogue, sheet: Path) -> list[Alike]:
    """The pairs of faces too alike for the reader, after writing the contact sheet of
    what the catalogue stores with them marked."""
    from vision import contact_sheet
    from vision.enrol_check import alike_pairs

    alike = alike_pairs(cat)
    try:
        contact_sheet.write(sheet, cat, alike)
    except OSError as exc:
        raise LogError("unwritable", f"cannot write {sheet}: {exc}", None) from None
    return alike


def show_alike(alike: list[Alike], sheet: Path) -> None:
    print(f"Wrote the contact sheet of the stored faces to {sheet}")
    for pair in alike:
        how = "took one for the other" if pair.margin < 0 else f"told them apart by only {pair.margin:.3f}"
        print(
            f"  warning: {pair.a} and {pair.b} are too alike for the reader (on {pair.copy} it {how}):"
            " check their photos and labels, or enrol more photos of each",
            file=sys.stderr,
        )
