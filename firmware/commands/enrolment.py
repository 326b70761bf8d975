"""Enrolment's shared steps, for ``scarab vision enroll`` and its guided form alike: the
faces each box needs and which are missing, where the catalogue and its contact sheet go,
and the warnings about faces too alike for the reader."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

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
