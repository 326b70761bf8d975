"""What enrolment stored, to look at: every face of a catalogue on one PNG.

A bad crop (a corner cut off, table along a side, the wrong face under a label) is
obvious to a person at a glance and invisible in a list of labels, so enrolment writes
this sheet: one cell per stored face in the catalogue's order, the face as the reader
compares it (scaled up), its label and the photo it came from beneath; faces in a pair
the reader may mistake for each other (vision/enrol_check.py) are framed in red and
name their look-alike.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from vision.catalogue import Catalogue
from vision.enrol_check import Alike

CELL_W = 132  # a cell's width, pixels
FACE_W = 112  # the face's width in it
TEXT_H = 46  # the lines beneath the face
COLUMNS = 8
PAD = 10
PAPER, INK, WARN = (245, 245, 245), (30, 30, 30), (0, 0, 220)
FONT = cv2.FONT_HERSHEY_SIMPLEX


def sheet_path(catalog: Path) -> Path:
    """Where enrolment writes the sheet by default: beside the catalogue."""
    return catalog.with_name(f"{catalog.stem}-sheet.png")


def cell_size(cat: Catalogue) -> tuple[int, int]:
    """A cell's (width, height): as tall as the tallest face (cards are oblong)."""
    tallest = max(face.shape[0] / face.shape[1] for _, face in cat.faces)
    return CELL_W, round(FACE_W * tallest) + TEXT_H + PAD


def cell_origin(i: int, cat: Catalogue) -> tuple[int, int]:
    """The top left corner of face ``i``'s cell on the sheet."""
    w, h = cell_size(cat)
    return PAD + (i % COLUMNS) * w, PAD + (i // COLUMNS) * h


def face_box(i: int, cat: Catalogue) -> tuple[int, int, int, int]:
    """Where face ``i`` is drawn: (x, y, width, height)."""
    x, y = cell_origin(i, cat)
    face = cat.faces[i][1]
    return x + (CELL_W - FACE_W) // 2, y, FACE_W, round(FACE_W * face.shape[0] / face.shape[1])


def _text(sheet: np.ndarray, text: str, x: int, y: int, colour: tuple[int, int, int]) -> None:
    """One line, shrunk to fit the cell's width."""
    scale = 0.38
    width = cv2.getTextSize(text, FONT, scale, 1)[0][0]
    if width > CELL_W - 6:
        scale *= (CELL_W - 6) / width
    cv2.putText(sheet, text, (x + 3, y), FONT, scale, colour, 1, cv2.LINE_AA)


def render(cat: Catalogue, alike: list[Alike] | None = None) -> np.ndarray:
    """The sheet (BGR): every face with its label and source, look-alikes in red."""
    partners: dict[str, list[str]] = {}
    for pair in alike or []:
        partners.setdefault(pair.a, []).append(pair.b)
        partners.setdefault(pair.b, []).append(pair.a)
    w, h = cell_size(cat)
    rows = -(-len(cat.faces) // COLUMNS)
    sheet = np.full((2 * PAD + rows * h, 2 * PAD + min(len(cat.faces), COLUMNS) * w, 3), PAPER, np.uint8)
    for i, ((label, face), source) in enumerate(zip(cat.faces, cat.sources, strict=True)):
        x, y, fw, fh = face_box(i, cat)
        sheet[y : y + fh, x : x + fw] = cv2.resize(face, (fw, fh), interpolation=cv2.INTER_NEAREST)
        cx = cell_origin(i, cat)[0]
        others = partners.get(label, [])
        if others:
            cv2.rectangle(sheet, (x - 3, y - 3), (x + fw + 2, y + fh + 2), WARN, 3)
        _text(sheet, label, cx, y + fh + 14, WARN if others else INK)
        _text(sheet, source, cx, y + fh + 28, INK)
        if others:
            _text(sheet, "like " + ", ".join(others), cx, y + fh + 42, WARN)
    return sheet


def write(path: Path, cat: Catalogue, alike: list[Alike] | None = None) -> None:
    """The sheet as a PNG at ``path`` (OSError if it cannot be written)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    ok, png = cv2.imencode(".png", render(cat, alike))
    if not ok:
        raise OSError(f"cannot encode the sheet for {path}")
    path.write_bytes(png.tobytes())
