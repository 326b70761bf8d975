"""Scarab's own stand-in art for the Tutankhamen tiles, in several unlike art families.

Real tile art is copyrighted and differs by edition, so tests, the demo and the benchmark
use faces drawn here: five kinds (a glyph and the set value 1/2/4/6/8) in three colours,
and the specials of both editions. A reader fitted to one look fails on a real box, so the
art comes in *families* that differ in what matters to a reader, not in parameters alone:

- ``classic``: the house art (coloured glyph on a pale panel, a cream edge); an
  ``ArtStyle`` number other than 0 permutes its glyphs and shifts its palette;
- ``lineart``: thin coloured outline icons on white paper inside a dark border band, the
  value printed in a script font;
- ``parchment``: dark filled silhouettes (the same ink for every colour) on textured
  parchment, the colour only as a frame band, the value in an italic serif;
- ``photo``: photo-like shaded icons on a grainy radial gradient, a thin border and one
  corner numeral;
- ``heldout``: a cream tile with a coloured medallion, its own knocked-out icons and the
  value in Roman numerals. It was held out until 2026-11-28, when the walk's failures on
  it were looked at: it is now a looked-at family like the others;
- ``ebony``: pale gold icons on a dark tile, the set's colour only as four corner
  brackets, the value as pips. It was held out from 2026-11-28 until 2026-11-29, when it
  had been read several times while the card reader's rules were chosen: it is an
  ordinary reported family now;
- ``mosaic``: everything laid in square tesserae — a pale marble ground with grout, a
  checkered border of dark and pale stones, icons of its own as small dark stones on a
  12 × 12 grid (the same ink for every set), the set's colour only as a strip of stones
  along the bottom, the value as a seven-segment numeral on that strip. It was held out
  on 2026-11-29 until its failures were to be looked at: it is an ordinary reported
  family now;
- ``woodcut``: a relief print — the set's colour as a watercolour wash over only part of
  the paper (a swipe, a band or a blot), then one black block over it: bold carved icons
  of its own with white gouge marks (the same ink for every set), a rough hand-cut frame,
  the value as tally marks, the ink's edges rough and its cover uneven. **Held out**
  (since 2026-11-29, later; committed before anything read it): the benchmarks report it,
  but nobody tunes a reader, a threshold or a setting on it, nor looks at its frames
  (docs/vision.md §5).

Palettes of the new families put blue near purple and green near blue, as printed boxes
do. The recogniser itself has no built-in knowledge of any of it.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

KINDS = {"scarab": 1, "cat": 2, "horus": 4, "anubis": 6, "mask": 8}
COLOURS = ("green", "blue", "purple")
SPECIALS = ("goldbag", "pharaoh", "kingtut", "nugget", "canopic")
TILE_LABELS: tuple[str, ...] = tuple(f"{k}-{c}" for k in KINDS for c in COLOURS) + SPECIALS

FACE_PX = 128  # the art's own resolution; scenes scale it to the tile's size

BGR = tuple[int, int, int]
Glyph = Callable[[np.ndarray, BGR], None]

# BGR base colours of the house art; a style shifts them.
BASE: dict[str, BGR] = {
    "green": (70, 150, 40),
    "blue": (170, 90, 20),
    "purple": (140, 40, 120),
    "goldbag": (40, 90, 150),
    "pharaoh": (120, 120, 40),
    "kingtut": (20, 120, 190),
    "nugget": (60, 60, 70),
    "canopic": (170, 200, 215),
}


def _pts(points: list[tuple[float, float]]) -> np.ndarray:
    return np.array([[int(x * FACE_PX), int(y * FACE_PX)] for x, y in points], np.int32)


def _scarab(img: np.ndarray, ink: BGR) -> None:
    c = FACE_PX // 2
    cv2.ellipse(img, (c, c + 8), (22, 30), 0, 0, 360, ink, -1)
    cv2.circle(img, (c, c - 26), 11, ink, -1)
    for dy in (-8, 8, 24):
        cv2.line(img, (c - 20, c + dy), (c - 40, c + dy - 10), ink, 4)
        cv2.line(img, (c + 20, c + dy), (c + 40, c + dy - 10), ink, 4)


def _cat(img: np.ndarray, ink: BGR) -> None:
    c = FACE_PX // 2
    cv2.circle(img, (c, c + 2), 28, ink, -1)
    cv2.fillPoly(img, [_pts([(0.3, 0.42), (0.33, 0.12), (0.47, 0.3)])], ink)
    cv2.fillPoly(img, [_pts([(0.7, 0.42), (0.67, 0.12), (0.53, 0.3)])], ink)
    cv2.rectangle(img, (c - 16, c + 26), (c + 16, c + 48), ink, -1)


def _horus(img: np.ndarray, ink: BGR) -> None:
    c = FACE_PX // 2
    cv2.ellipse(img, (c, c - 6), (40, 18), 0, 0, 360, ink, 5)
    cv2.circle(img, (c, c - 6), 12, ink, -1)
    cv2.line(img, (c - 8, c + 12), (c - 14, c + 44), ink, 6)
    cv2.ellipse(img, (c + 14, c + 30), (14, 14), 0, 180, 360, ink, 5)


def _anubis(img: np.ndarray, ink: BGR) -> None:
    cv2.fillPoly(img, [_pts([(0.22, 0.72), (0.38, 0.42), (0.8, 0.48), (0.82, 0.58), (0.45, 0.72)])], ink)
    cv2.fillPoly(img, [_pts([(0.36, 0.46), (0.34, 0.12), (0.46, 0.42)])], ink)
    cv2.fillPoly(img, [_pts([(0.46, 0.44), (0.5, 0.14), (0.56, 0.44)])], ink)


def _mask(img: np.ndarray, ink: BGR) -> None:
    cv2.fillPoly(img, [_pts([(0.2, 0.3), (0.8, 0.3), (0.7, 0.85), (0.3, 0.85)])], ink)
    cv2.ellipse(img, (FACE_PX // 2, 38), (30, 16), 0, 180, 360, ink, -1)
    for x in (0.4, 0.6):
        cv2.circle(img, (int(x * FACE_PX), 62), 6, (255, 255, 255), -1)


def _bag(img: np.ndarray, ink: BGR) -> None:
    c = FACE_PX // 2
    cv2.circle(img, (c, c + 14), 34, ink, -1)
    cv2.fillPoly(img, [_pts([(0.38, 0.2), (0.62, 0.2), (0.55, 0.42), (0.45, 0.42)])], ink)
    cv2.putText(img, "$", (c - 14, c + 30), cv2.FONT_HERSHEY_SIMPLEX, 1.3, (60, 210, 240), 4)


def _crook(img: np.ndarray, ink: BGR) -> None:
    cv2.line(img, (40, 110), (78, 36), ink, 8)
    cv2.ellipse(img, (88, 34), (14, 14), 0, 180, 400, ink, 8)
    cv2.line(img, (88, 110), (50, 36), (40, 200, 230), 8)


def _tut(img: np.ndarray, ink: BGR) -> None:
    cv2.fillPoly(img, [_pts([(0.12, 0.9), (0.25, 0.15), (0.75, 0.15), (0.88, 0.9)])], ink)
    for y in range(30, 110, 12):
        cv2.line(img, (20, y), (108, y), (150, 60, 20), 3)
    cv2.ellipse(img, (64, 60), (18, 24), 0, 0, 360, (40, 170, 220), -1)


def _nugget(img: np.ndarray, ink: BGR) -> None:
    cv2.fillPoly(
        img, [_pts([(0.25, 0.5), (0.4, 0.25), (0.7, 0.3), (0.8, 0.6), (0.55, 0.8), (0.3, 0.72)])], ink
    )
    cv2.line(img, (50, 55), (80, 70), (255, 255, 255), 3)


def _jar(img: np.ndarray, ink: BGR) -> None:
    cv2.ellipse(img, (64, 78), (28, 36), 0, 0, 360, ink, -1)
    cv2.circle(img, (64, 36), 18, (30, 80, 140), -1)
    cv2.rectangle(img, (44, 104), (84, 114), ink, -1)


def _star(img: np.ndarray, ink: BGR) -> None:
    points = []
    for i in range(10):
        r = 44 if i % 2 == 0 else 18
        a = np.pi * i / 5 - np.pi / 2
        points.append((64 + r * np.cos(a), 64 + r * np.sin(a)))
    cv2.fillPoly(img, [np.array(points, np.int32)], ink)


def _ring(img: np.ndarray, ink: BGR) -> None:
    cv2.circle(img, (64, 64), 34, ink, 10)
    cv2.circle(img, (64, 64), 8, ink, -1)


def _cross(img: np.ndarray, ink: BGR) -> None:
    cv2.rectangle(img, (54, 22), (74, 106), ink, -1)
    cv2.rectangle(img, (22, 54), (106, 74), ink, -1)


def _moon(img: np.ndarray, ink: BGR) -> None:
    cv2.circle(img, (64, 64), 38, ink, -1)
    cv2.circle(img, (80, 54), 32, (255, 255, 255), -1)


def _bars(img: np.ndarray, ink: BGR) -> None:
    for x in (30, 56, 82):
        cv2.rectangle(img, (x, 30 + (x - 30) // 2), (x + 14, 104), ink, -1)


def _diamond(img: np.ndarray, ink: BGR) -> None:
    cv2.fillPoly(img, [_pts([(0.5, 0.15), (0.82, 0.5), (0.5, 0.85), (0.18, 0.5)])], ink)
    cv2.fillPoly(img, [_pts([(0.5, 0.35), (0.62, 0.5), (0.5, 0.65), (0.38, 0.5)])], (255, 255, 255))


HOUSE_GLYPHS: dict[str, Glyph] = {
    "scarab": _scarab,
    "cat": _cat,
    "horus": _horus,
    "anubis": _anubis,
    "mask": _mask,
    "goldbag": _bag,
    "pharaoh": _crook,
    "kingtut": _tut,
    "nugget": _nugget,
    "canopic": _jar,
}
SPARE_GLYPHS: tuple[Glyph, ...] = (_star, _ring, _cross, _moon, _bars, _diamond)


@dataclass(frozen=True)
class ArtStyle:
    """One printing of one art family: ``number`` 0 is the family's own look, any other
    number a seeded variant of it (glyphs permuted in ``classic``, palette shifted in all)."""

    number: int = 0
    family: str = "classic"

    def __post_init__(self) -> None:
        if self.family not in FAMILIES:
            raise ValueError(f"unknown art family {self.family!r}: one of {', '.join(FAMILIES)}")

    def glyphs(self) -> dict[str, Glyph]:
        """The classic family's glyph drawers (other families draw their own icons)."""
        if self.number == 0:
            return dict(HOUSE_GLYPHS)
        rng = random.Random(self.number)
        pool = list(HOUSE_GLYPHS.values()) + list(SPARE_GLYPHS)
        rng.shuffle(pool)
        return dict(zip(HOUSE_GLYPHS, pool, strict=False))

    def colour(self, name: str) -> BGR:
        return self.tint(name, FAMILIES[self.family].palette[name])

    def tint(self, name: str, base: BGR, spread: int = 35) -> BGR:
        """``base`` as this style prints it: unchanged in a family's own look (number 0),
        else shifted by a seeded amount per ``name`` (less in the newer families, whose
        close palettes are the point)."""
        if self.number == 0:
            return base
        key = f"{self.number}:{name}" if self.family == "classic" else f"{self.family}:{self.number}:{name}"
        spread = spread if self.family == "classic" else spread // 3
        rng = random.Random(key)
        return tuple(int(np.clip(v + rng.randint(-spread, spread), 10, 235)) for v in base)  # type: ignore[return-value]


def _theme(label: str) -> tuple[str, str, int | None]:
    """(glyph name, colour name, value or None) for a tile label."""
    if label in SPECIALS:
        return label, label, None
    kind, colour = label.split("-")
    return kind, colour, KINDS[kind]


def _classic_face(label: str, style: ArtStyle) -> np.ndarray:
    """The house art: a coloured glyph on a pale panel, the value twice, a cream edge."""
    glyph_name, colour_name, value = _theme(label)
    base = np.array(style.colour(colour_name), np.float32)
    img = np.empty((FACE_PX, FACE_PX, 3), np.uint8)
    ramp = np.linspace(1.12, 0.88, FACE_PX, dtype=np.float32)[:, None, None]  # a printed gradient
    img[:] = np.clip(base[None, None, :] * ramp, 0, 255).astype(np.uint8)
    panel = tuple(int(min(255, v * 0.55 + 115)) for v in base)
    cv2.rectangle(img, (14, 14), (FACE_PX - 15, FACE_PX - 15), panel, -1)
    ink = tuple(int(v * 0.35) for v in base)
    style.glyphs()[glyph_name](img, ink)  # type: ignore[arg-type]
    if value is not None:
        text = str(value)
        cv2.putText(img, text, (18, 38), cv2.FONT_HERSHEY_DUPLEX, 0.9, (20, 20, 20), 2)
        cv2.putText(img, text, (FACE_PX - 36, FACE_PX - 18), cv2.FONT_HERSHEY_DUPLEX, 0.9, (20, 20, 20), 2)
    cv2.rectangle(img, (0, 0), (FACE_PX - 1, FACE_PX - 1), (215, 230, 238), 6)  # cream edge
    cv2.rectangle(img, (0, 0), (FACE_PX - 1, FACE_PX - 1), (30, 35, 40), 2)  # cut edge
    return img


# ---------------------------------------------------------------- icons as primitives
#
# The newer families draw their icons from primitives in unit coordinates, so one drawing
# can be printed as an outline, a silhouette or a shaded shape. ("poly", pts), ("line",
# pts) an open polyline, ("ellipse", (cx, cy), (ax, ay), angle), ("hole", prim): a part
# drawn in the paper's colour over the shape (an eye, a face in a headdress).

Prim = tuple[Any, ...]

NILE_ICONS: dict[str, list[Prim]] = {  # lineart and parchment: one drawing, two printings
    "scarab": [
        ("ellipse", (0.5, 0.6), (0.2, 0.25), 0),
        ("ellipse", (0.5, 0.27), (0.1, 0.08), 0),
        ("line", [(0.3, 0.5), (0.14, 0.38)]),
        ("line", [(0.3, 0.62), (0.1, 0.64)]),
        ("line", [(0.33, 0.76), (0.15, 0.88)]),
        ("line", [(0.7, 0.5), (0.86, 0.38)]),
        ("line", [(0.7, 0.62), (0.9, 0.64)]),
        ("line", [(0.67, 0.76), (0.85, 0.88)]),
        ("hole", ("line", [(0.5, 0.38), (0.5, 0.84)])),
    ],
    "cat": [
        (
            "poly",
            [
                (0.34, 0.88),
                (0.31, 0.6),
                (0.4, 0.42),
                (0.37, 0.16),
                (0.45, 0.28),
                (0.52, 0.28),
                (0.58, 0.15),
                (0.58, 0.42),
                (0.63, 0.62),
                (0.66, 0.88),
            ],
        ),
        ("line", [(0.64, 0.86), (0.78, 0.82), (0.84, 0.66), (0.8, 0.56)]),
        ("hole", ("ellipse", (0.5, 0.34), (0.025, 0.025), 0)),
    ],
    "horus": [
        (
            "poly",
            [
                (0.3, 0.32),
                (0.42, 0.18),
                (0.56, 0.2),
                (0.64, 0.3),
                (0.55, 0.34),
                (0.63, 0.5),
                (0.7, 0.76),
                (0.58, 0.8),
                (0.5, 0.64),
                (0.37, 0.72),
                (0.34, 0.5),
            ],
        ),
        ("line", [(0.47, 0.78), (0.47, 0.9)]),
        ("line", [(0.56, 0.8), (0.58, 0.9)]),
        ("hole", ("ellipse", (0.47, 0.27), (0.03, 0.03), 0)),
    ],
    "anubis": [
        (
            "poly",
            [
                (0.3, 0.88),
                (0.32, 0.55),
                (0.35, 0.12),
                (0.44, 0.38),
                (0.5, 0.4),
                (0.55, 0.12),
                (0.59, 0.44),
                (0.84, 0.54),
                (0.85, 0.63),
                (0.6, 0.67),
                (0.56, 0.88),
            ],
        ),
        ("hole", ("ellipse", (0.55, 0.5), (0.03, 0.02), 0)),
    ],
    "mask": [
        ("poly", [(0.5, 0.1), (0.8, 0.28), (0.87, 0.88), (0.13, 0.88), (0.2, 0.28)]),
        ("hole", ("ellipse", (0.5, 0.52), (0.16, 0.21), 0)),
        ("line", [(0.5, 0.74), (0.5, 0.9)]),
        ("line", [(0.22, 0.45), (0.3, 0.45)]),
        ("line", [(0.7, 0.45), (0.78, 0.45)]),
    ],
    "goldbag": [
        ("ellipse", (0.5, 0.76), (0.3, 0.1), 0),
        ("ellipse", (0.5, 0.6), (0.3, 0.1), 0),
        ("ellipse", (0.5, 0.44), (0.3, 0.1), 0),
        ("ellipse", (0.5, 0.26), (0.16, 0.12), 0),
    ],
    "pharaoh": [
        ("line", [(0.28, 0.9), (0.6, 0.22), (0.64, 0.14), (0.74, 0.14), (0.76, 0.24)]),
        ("line", [(0.72, 0.9), (0.4, 0.22)]),
        ("line", [(0.4, 0.22), (0.28, 0.3)]),
        ("line", [(0.4, 0.22), (0.3, 0.2)]),
        ("line", [(0.4, 0.22), (0.34, 0.12)]),
    ],
    "kingtut": [
        (
            "poly",
            [
                (0.32, 0.1),
                (0.68, 0.1),
                (0.74, 0.18),
                (0.74, 0.78),
                (0.68, 0.84),
                (0.32, 0.84),
                (0.26, 0.78),
                (0.26, 0.18),
            ],
        ),
        ("line", [(0.22, 0.9), (0.78, 0.9)]),
        ("hole", ("ellipse", (0.5, 0.3), (0.09, 0.09), 0)),
        ("hole", ("line", [(0.36, 0.5), (0.64, 0.5)])),
        ("hole", ("poly", [(0.5, 0.58), (0.62, 0.76), (0.38, 0.76)])),
    ],
    "nugget": [
        ("poly", [(0.3, 0.3), (0.7, 0.3), (0.86, 0.48), (0.5, 0.86), (0.14, 0.48)]),
        ("hole", ("line", [(0.14, 0.48), (0.86, 0.48)])),
        ("hole", ("line", [(0.38, 0.48), (0.5, 0.86), (0.62, 0.48)])),
    ],
    "canopic": [
        ("ellipse", (0.5, 0.62), (0.2, 0.24), 0),
        ("poly", [(0.36, 0.36), (0.4, 0.12), (0.46, 0.24), (0.54, 0.24), (0.6, 0.12), (0.64, 0.36)]),
        ("line", [(0.32, 0.9), (0.68, 0.9)]),
    ],
}

SEAL_ICONS: dict[str, list[Prim]] = {  # the held-out family's own drawings
    "scarab": [
        ("ellipse", (0.5, 0.32), (0.15, 0.15), 0),
        ("poly", [(0.28, 0.52), (0.72, 0.52), (0.5, 0.86)]),
    ],
    "cat": [
        (
            "poly",
            [
                (0.26, 0.84),
                (0.26, 0.4),
                (0.34, 0.16),
                (0.44, 0.38),
                (0.56, 0.38),
                (0.66, 0.16),
                (0.74, 0.4),
                (0.74, 0.84),
            ],
        ),
        ("hole", ("line", [(0.36, 0.56), (0.44, 0.56)])),
        ("hole", ("line", [(0.56, 0.56), (0.64, 0.56)])),
    ],
    "horus": [
        ("poly", [(0.14, 0.3), (0.86, 0.46), (0.86, 0.58), (0.14, 0.44)]),
        ("poly", [(0.2, 0.5), (0.8, 0.64), (0.74, 0.74), (0.24, 0.62)]),
        ("poly", [(0.28, 0.7), (0.68, 0.8), (0.6, 0.88), (0.32, 0.8)]),
    ],
    "anubis": [
        (
            "poly",
            [
                (0.14, 0.78),
                (0.14, 0.62),
                (0.54, 0.62),
                (0.6, 0.36),
                (0.64, 0.16),
                (0.7, 0.34),
                (0.88, 0.44),
                (0.72, 0.52),
                (0.72, 0.78),
            ],
        ),
    ],
    "mask": [
        ("ellipse", (0.5, 0.5), (0.3, 0.38), 0),
        ("hole", ("line", [(0.3, 0.36), (0.7, 0.36)])),
        ("hole", ("line", [(0.28, 0.52), (0.72, 0.52)])),
        ("hole", ("line", [(0.3, 0.68), (0.7, 0.68)])),
    ],
    "goldbag": [
        ("ellipse", (0.5, 0.26), (0.1, 0.1), 0),
        ("ellipse", (0.38, 0.5), (0.1, 0.1), 0),
        ("ellipse", (0.62, 0.5), (0.1, 0.1), 0),
        ("ellipse", (0.26, 0.74), (0.1, 0.1), 0),
        ("ellipse", (0.5, 0.74), (0.1, 0.1), 0),
        ("ellipse", (0.74, 0.74), (0.1, 0.1), 0),
    ],
    "pharaoh": [
        ("ellipse", (0.5, 0.26), (0.13, 0.16), 0),
        ("hole", ("ellipse", (0.5, 0.26), (0.06, 0.09), 0)),
        ("poly", [(0.44, 0.4), (0.56, 0.4), (0.56, 0.9), (0.44, 0.9)]),
        ("poly", [(0.2, 0.46), (0.8, 0.46), (0.8, 0.56), (0.2, 0.56)]),
    ],
    "kingtut": [
        (
            "poly",
            [(0.2, 0.86), (0.26, 0.3), (0.44, 0.46), (0.5, 0.12), (0.56, 0.46), (0.74, 0.3), (0.8, 0.86)],
        ),
    ],
    "nugget": [
        ("poly", [(0.18, 0.6), (0.3, 0.3), (0.6, 0.2), (0.84, 0.42), (0.76, 0.76), (0.4, 0.82)]),
        ("hole", ("ellipse", (0.42, 0.46), (0.06, 0.05), 0)),
        ("hole", ("ellipse", (0.62, 0.62), (0.05, 0.04), 0)),
    ],
    "canopic": [
        (
            "poly",
            [
                (0.4, 0.12),
                (0.6, 0.12),
                (0.58, 0.22),
                (0.74, 0.4),
                (0.7, 0.78),
                (0.6, 0.88),
                (0.4, 0.88),
                (0.3, 0.78),
                (0.26, 0.4),
                (0.42, 0.22),
            ],
        ),
    ],
}


def _px(points: list[tuple[float, float]], box: tuple[int, int, int]) -> np.ndarray:
    """Unit points into a ``box`` (x0, y0, side) px."""
    x0, y0, side = box
    return np.array([[round(x0 + x * side), round(y0 + y * side)] for x, y in points], np.int32)


def _prim(img: np.ndarray, prim: Prim, colour: Any, box: tuple[int, int, int], line: int) -> None:
    """One primitive: filled when ``line`` is 0 (a polyline then gets a bold stroke), else
    outlined ``line`` px thick."""
    x0, y0, side = box
    kind = prim[0]
    if kind == "poly":
        pts = _px(prim[1], box)
        if line:
            cv2.polylines(img, [pts], True, colour, line, cv2.LINE_AA)
        else:
            cv2.fillPoly(img, [pts], colour, cv2.LINE_AA)
    elif kind == "line":
        cv2.polylines(img, [_px(prim[1], box)], False, colour, line or max(3, side // 14), cv2.LINE_AA)
    elif kind == "ellipse":
        (cx, cy), (ax, ay), angle = prim[1], prim[2], prim[3]
        centre = (round(x0 + cx * side), round(y0 + cy * side))
        axes = (max(1, round(ax * side)), max(1, round(ay * side)))
        cv2.ellipse(img, centre, axes, angle, 0, 360, colour, line or -1, cv2.LINE_AA)


def draw_icon(
    img: np.ndarray, prims: list[Prim], ink: Any, paper: Any, box: tuple[int, int, int], line: int = 0
) -> None:
    """An icon in ``box``: as a silhouette (``line`` 0: holes in the paper's colour) or as
    outlines ``line`` px thick (holes outlined in the ink too)."""
    for prim in prims:
        if prim[0] == "hole":
            _prim(img, prim[1], ink if line else paper, box, line if line else max(2, box[2] // 40))
            if not line and prim[1][0] != "line":
                _prim(img, prim[1], paper, box, 0)
        else:
            _prim(img, prim, ink, box, line)


def seeded_rng(*parts: object) -> np.random.Generator:
    """A generator fixed by the parts: a printed face's texture is the same every time."""
    return np.random.default_rng(zlib.crc32("/".join(map(str, parts)).encode()))


def _edge(img: np.ndarray, colour: BGR = (30, 35, 40), width: int = 2) -> np.ndarray:
    cv2.rectangle(img, (0, 0), (img.shape[1] - 1, img.shape[0] - 1), colour, width)
    return img


def _text_at(
    img: np.ndarray, s: str, cx: float, cy: float, font: int, scale: float, ink: Any, thick: int
) -> None:
    """``s`` centred at (cx, cy)."""
    (tw, th), _ = cv2.getTextSize(s, font, scale, thick)
    cv2.putText(img, s, (round(cx - tw / 2), round(cy + th / 2)), font, scale, ink, thick, cv2.LINE_AA)


def _lineart_face(label: str, style: ArtStyle) -> np.ndarray:
    """Thin outline icon in the set's colour on white paper, a dark border band carrying
    the value in a script font."""
    glyph, colour, value = _theme(label)
    ink = style.colour(colour)
    paper = (236, 240, 241)
    img = np.full((FACE_PX, FACE_PX, 3), paper, np.uint8)
    band = 15
    cv2.rectangle(img, (0, 0), (FACE_PX - 1, FACE_PX - 1), (40, 34, 30), band * 2)
    cv2.rectangle(img, (band + 3, band + 3), (FACE_PX - band - 4, FACE_PX - band - 4), ink, 1, cv2.LINE_AA)
    draw_icon(img, NILE_ICONS[glyph], ink, paper, (band + 10, band + 8, FACE_PX - 2 * band - 20), line=3)
    if value is not None:
        font = cv2.FONT_HERSHEY_SCRIPT_COMPLEX
        _text_at(img, str(value), FACE_PX / 2, FACE_PX - band / 2 - 1, font, 0.5, (235, 235, 235), 1)
        _text_at(img, str(value), FACE_PX / 2, band / 2, font, 0.5, (235, 235, 235), 1)
    return _edge(img, (20, 20, 20), 1)


def parchment_ground(
    size: tuple[int, int], seed: np.random.Generator, tone: BGR = (150, 196, 222)
) -> np.ndarray:
    """Parchment: a warm ground with blotches and fibres."""
    w, h = size
    blotch = cv2.resize(seed.normal(0, 1, (6, 6)).astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC)
    fibre = cv2.GaussianBlur(seed.normal(0, 1, (h, w)).astype(np.float32), (0, 0), sigmaX=4, sigmaY=0.6)
    grain = seed.normal(0, 1, (h, w)).astype(np.float32)
    shade = 1 + 0.05 * blotch + 0.12 * fibre + 0.025 * grain
    return np.clip(np.array(tone, np.float32)[None, None, :] * shade[:, :, None], 0, 255).astype(np.uint8)


def _parchment_face(label: str, style: ArtStyle) -> np.ndarray:
    """A dark silhouette on parchment; the colour only in the frame band; the value in an
    italic serif."""
    glyph, colour, value = _theme(label)
    img = parchment_ground((FACE_PX, FACE_PX), seeded_rng("parchment", style.number, label))
    ink = (30, 45, 62)  # one brown ink for every set
    band = style.colour(colour)
    cv2.rectangle(img, (4, 4), (FACE_PX - 5, FACE_PX - 5), band, 12)
    cv2.rectangle(img, (11, 11), (FACE_PX - 12, FACE_PX - 12), ink, 1, cv2.LINE_AA)
    paper = tuple(int(v) for v in img[FACE_PX // 2, 16])
    draw_icon(img, NILE_ICONS[glyph], ink, paper, (22, 24, FACE_PX - 42))
    if value is not None:
        font = cv2.FONT_HERSHEY_TRIPLEX | cv2.FONT_ITALIC
        _text_at(img, str(value), FACE_PX - 26, 28, font, 0.75, ink, 2)
    return _edge(img, (50, 60, 70), 2)


def _photo_face(label: str, style: ArtStyle) -> np.ndarray:
    """A shaded icon with a soft drop shadow on a grainy radial gradient of the set's
    colour; a thin light border and one corner numeral."""
    glyph, colour, value = _theme(label)
    base = np.array(style.colour(colour), np.float32)
    rng = seeded_rng("photo", style.number, label)
    ys, xs = np.mgrid[0:FACE_PX, 0:FACE_PX].astype(np.float32) / FACE_PX
    r = np.hypot(xs - 0.4, ys - 0.35)
    light = (1.35 - 0.7 * r)[:, :, None]
    grain = cv2.GaussianBlur(rng.normal(0, 1, (FACE_PX, FACE_PX)).astype(np.float32), (0, 0), 1.2)
    ground = base[None, None, :] * light + 9 * grain[:, :, None]
    layer = np.zeros((FACE_PX, FACE_PX, 3), np.uint8)
    style_glyphs = ArtStyle(style.number).glyphs() if style.number else HOUSE_GLYPHS
    style_glyphs[glyph](layer, (255, 255, 255))
    mask = cv2.GaussianBlur((layer.max(axis=2) > 0).astype(np.float32), (0, 0), 0.8)
    shadow = cv2.GaussianBlur(np.roll(mask, (4, 4), axis=(0, 1)), (0, 0), 3.0)[:, :, None]
    ground *= 1 - 0.45 * shadow
    icon = np.clip(base * 0.45 + 125, 0, 255)[None, None, :] * (1.25 - 0.5 * ys[:, :, None])
    img = ground * (1 - mask[:, :, None]) + icon * mask[:, :, None]
    img = np.clip(img, 0, 255).astype(np.uint8)
    cv2.rectangle(img, (2, 2), (FACE_PX - 3, FACE_PX - 3), (225, 225, 225), 2, cv2.LINE_AA)
    if value is not None:
        font = cv2.FONT_HERSHEY_SIMPLEX
        cv2.putText(img, str(value), (10, FACE_PX - 10), font, 0.8, (20, 20, 20), 5, cv2.LINE_AA)
        cv2.putText(img, str(value), (10, FACE_PX - 10), font, 0.8, (245, 245, 245), 2, cv2.LINE_AA)
    return _edge(img, (25, 25, 25), 1)


ROMAN = {1: "I", 2: "II", 4: "IV", 6: "VI", 8: "VIII"}


def _heldout_face(label: str, style: ArtStyle) -> np.ndarray:
    """A cream tile with a double rule, a coloured medallion with a knocked-out icon, the
    value in Roman numerals (held out until 2026-11-28)."""
    glyph, colour, value = _theme(label)
    cream = (205, 228, 240)
    img = np.full((FACE_PX, FACE_PX, 3), cream, np.uint8)
    cv2.rectangle(img, (5, 5), (FACE_PX - 6, FACE_PX - 6), (90, 100, 110), 1, cv2.LINE_AA)
    cv2.rectangle(img, (8, 8), (FACE_PX - 9, FACE_PX - 9), (90, 100, 110), 1, cv2.LINE_AA)
    disc = style.colour(colour)
    centre = (FACE_PX // 2, FACE_PX // 2 + 6)
    cv2.circle(img, centre, 44, disc, -1, cv2.LINE_AA)
    cv2.circle(img, centre, 47, tuple(int(v * 0.6) for v in disc), 2, cv2.LINE_AA)
    draw_icon(img, SEAL_ICONS[glyph], cream, disc, (centre[0] - 30, centre[1] - 30, 60))
    if value is not None:
        _text_at(img, ROMAN[value], FACE_PX - 30, 20, cv2.FONT_HERSHEY_PLAIN, 1.0, (60, 60, 60), 1)
        _text_at(img, ROMAN[value], 30, 20, cv2.FONT_HERSHEY_PLAIN, 1.0, (60, 60, 60), 1)
    return _edge(img, (60, 70, 80), 1)


def _ebony_face(label: str, style: ArtStyle) -> np.ndarray:
    """A dark tile, the icon in one pale gold ink for every set, the set's colour only as
    four corner brackets, the value as pips along the bottom (held out until 2026-11-29)."""
    glyph, colour, value = _theme(label)
    ground = (38, 30, 26)
    img = np.full((FACE_PX, FACE_PX, 3), ground, np.uint8)
    mark = style.colour(colour)
    arm, t, o = 30, 7, 6
    for cx, cy in ((o, o), (FACE_PX - 1 - o, o), (o, FACE_PX - 1 - o), (FACE_PX - 1 - o, FACE_PX - 1 - o)):
        sx = 1 if cx < FACE_PX // 2 else -1
        sy = 1 if cy < FACE_PX // 2 else -1
        cv2.rectangle(img, (cx, cy), (cx + sx * arm, cy + sy * t), mark, -1)
        cv2.rectangle(img, (cx, cy), (cx + sx * t, cy + sy * arm), mark, -1)
    layer = np.zeros((FACE_PX, FACE_PX, 3), np.uint8)
    HOUSE_GLYPHS[glyph](layer, (255, 255, 255))
    small = cv2.resize(layer, None, fx=0.7, fy=0.7, interpolation=cv2.INTER_AREA)
    shape = np.zeros_like(layer)
    off = (FACE_PX - small.shape[0]) // 2
    shape[off - 6 : off - 6 + small.shape[0], off : off + small.shape[1]] = small
    ink = np.array((120, 200, 225), np.float32)  # pale gold
    alpha = (shape.max(axis=2).astype(np.float32) / 255)[:, :, None]
    img = np.clip(img * (1 - alpha) + ink * alpha, 0, 255).astype(np.uint8)
    if value is not None:
        for k in range(value):
            x = FACE_PX // 2 + int((k - (value - 1) / 2) * 10)
            cv2.circle(img, (x, FACE_PX - 16), 3, (120, 200, 225), -1, cv2.LINE_AA)
    return _edge(img, (15, 12, 10), 2)


# ---------------------------------------------------------------- the mosaic family
#
# Everything is laid in tesserae: a ground of pale marble squares with grout between
# them, a checkered border of dark and pale stones, icons as small stones on a coarse
# grid (``#`` dark stone, ``*`` a pale shell stone), the set's colour as a strip of
# coloured stones along the bottom and the value as a seven-segment numeral on it.

MOSAIC_ICONS: dict[str, tuple[str, ...]] = {  # 12 × 12 stones each
    "scarab": (
        "............",
        ".....##.....",
        "....####....",
        ".#..####..#.",
        "..#......#..",
        "...##..##...",
        "#.###..###.#",
        ".####..####.",
        "..###..###..",
        ".####..####.",
        "#.###..###.#",
        "...##..##...",
    ),
    "cat": (
        ".#..#.......",
        ".####.......",
        ".#*##.......",
        ".####.......",
        "..##........",
        "..###.......",
        ".#####......",
        ".######.....",
        ".######..#..",
        ".#######.#..",
        ".########...",
        ".#######....",
    ),
    "horus": (
        "...###......",
        "..##*##.....",
        ".#######....",
        "....####....",
        "....#####...",
        "...######...",
        "...#######..",
        "...########.",
        "....#######.",
        ".....#####..",
        ".....#..#...",
        "....##..##..",
    ),
    "anubis": (
        "..#..#......",
        "..##.##.....",
        "..#####.....",
        "..#####.....",
        "..##*#####..",
        "..#########.",
        "..###.......",
        "..###.......",
        ".####.......",
        ".####.......",
        "#####.......",
        "#####.......",
    ),
    "mask": (
        "....####....",
        "..########..",
        ".###....###.",
        ".##.*..*.##.",
        "##........##",
        "##...##...##",
        "###......###",
        "###.####.###",
        "####....####",
        "####.##.####",
        "#####..#####",
        "############",
    ),
    "goldbag": (
        "............",
        "...#....#...",
        "....####....",
        ".....##.....",
        "....####....",
        "..########..",
        ".####**####.",
        ".###****###.",
        ".####**####.",
        ".##########.",
        "..########..",
        "............",
    ),
    "pharaoh": (
        "..###.......",
        ".#...#..####",
        ".#...#..#*#.",
        ".....#..###.",
        ".....#...#..",
        ".....#...#..",
        ".....#...#..",
        ".....#...#..",
        ".....#...#..",
        "....##...#..",
        "....#...###.",
        "...##...#.#.",
    ),
    "kingtut": (
        ".....##.....",
        "....####....",
        "....####....",
        "...######...",
        "...#*##*#...",
        "...######...",
        "....#**#....",
        "..########..",
        ".##########.",
        ".##.####.##.",
        ".##.####.##.",
        "....#..#....",
    ),
    "nugget": (
        "............",
        "....###.....",
        "..######....",
        ".###**####..",
        ".##****####.",
        "####**#####.",
        "##########..",
        ".####**###..",
        "..###*####..",
        "...#####....",
        "............",
        "............",
    ),
    "canopic": (
        "....####....",
        "...#*##*#...",
        "...######...",
        "....####....",
        "..########..",
        ".##########.",
        ".###....###.",
        ".##########.",
        ".##########.",
        "..########..",
        "...######...",
        "..########..",
    ),
}
MOSAIC_STONE: BGR = (214, 216, 210)  # the ground's pale marble
MOSAIC_GROUT: BGR = (150, 160, 172)
MOSAIC_INK: BGR = (48, 42, 40)  # the icons' dark stone, the same for every set
MOSAIC_SHELL: BGR = (232, 236, 236)  # pale stones: eyes, the border's light squares

SEGMENTS = {  # seven-segment digits: a top, b top right, c bottom right, d bottom, e, f, g
    "0": "abcdef",
    "1": "bc",
    "2": "abdeg",
    "3": "abcdg",
    "4": "bcfg",
    "5": "acdfg",
    "6": "acdefg",
    "7": "abc",
    "8": "abcdefg",
    "9": "abcdfg",
}


def mosaic_ground(
    size: tuple[int, int], cell: int, tone: BGR, rng: np.random.Generator, jitter: int = 10
) -> np.ndarray:
    """Square stones of ``cell`` px in ``tone`` (each a little lighter or darker), 1 px of
    grout between them."""
    w, h = size
    ny, nx = -(-h // cell), -(-w // cell)
    shade = rng.integers(-jitter, jitter + 1, (ny, nx, 1)) + rng.integers(-3, 4, (ny, nx, 3))
    stones = np.clip(np.array(tone, np.int32)[None, None, :] + shade, 0, 255).astype(np.uint8)
    img = np.repeat(np.repeat(stones, cell, axis=0), cell, axis=1)[:h, :w].copy()
    img[::cell, :] = MOSAIC_GROUT
    img[:, ::cell] = MOSAIC_GROUT
    return img


def lay_stones(
    img: np.ndarray, box: tuple[int, int, int, int], cell: int, colour: BGR, rng: np.random.Generator
) -> None:
    """Fill ``box`` (x0, y0, x1, y1, px) with stones of ``colour``, ``cell`` px a side."""
    x0, y0, x1, y1 = box
    for y in range(y0, y1, cell):
        for x in range(x0, x1, cell):
            tone = np.clip(np.array(colour) + rng.integers(-7, 8), 0, 255)
            img[y + 1 : min(y + cell, y1), x + 1 : min(x + cell, x1)] = tone


def mosaic_icon(
    img: np.ndarray, rows: tuple[str, ...], x0: int, y0: int, cell: int, rng: np.random.Generator
) -> None:
    """An icon of small stones: ``#`` the dark stone, ``*`` a pale shell stone."""
    for r, line in enumerate(rows):
        for c, mark in enumerate(line):
            if mark in "#*":
                base = MOSAIC_INK if mark == "#" else MOSAIC_SHELL
                tone = np.clip(np.array(base) + rng.integers(-6, 7), 0, 255)
                x, y = x0 + c * cell, y0 + r * cell
                img[y : y + cell - 1, x : x + cell - 1] = tone


def checker_border(img: np.ndarray, cell: int) -> None:
    """A ring of stones ``cell`` px wide round the edge, dark and pale in turn."""
    h, w = img.shape[:2]
    for y in range(0, h, cell):
        for x in range(0, w, cell):
            if y == 0 or x == 0 or y + cell >= h or x + cell >= w:
                colour = MOSAIC_INK if (x // cell + y // cell) % 2 == 0 else MOSAIC_SHELL
                img[y : min(y + cell, h), x : min(x + cell, w)] = colour
                img[y : min(y + cell, h), x : min(x + cell, w)][:1] = MOSAIC_GROUT
                img[y : min(y + cell, h), x : min(x + cell, w)][:, :1] = MOSAIC_GROUT


def _segment(img: np.ndarray, a: tuple[float, float], b: tuple[float, float], s: float, ink: BGR) -> None:
    """One bevelled segment from ``a`` to ``b`` (axis-aligned), ``2 s`` px thick."""
    (ax, ay), (bx, by) = a, b
    if ay == by:  # horizontal
        pts = [(ax, ay), (ax + s, ay - s), (bx - s, by - s), (bx, by), (bx - s, by + s), (ax + s, ay + s)]
    else:
        pts = [(ax, ay), (ax + s, ay + s), (bx + s, by - s), (bx, by), (bx - s, by - s), (ax - s, ay + s)]
    cv2.fillPoly(img, [np.array(pts, np.float32).round().astype(np.int32)], ink, cv2.LINE_AA)


def seven_segment(img: np.ndarray, text: str, cx: float, cy: float, height: float, ink: BGR) -> None:
    """``text`` (digits) as a seven-segment numeral centred at (cx, cy), ``height`` px tall."""
    w, s, gap = 0.55 * height, max(1.5, 0.09 * height), 0.3 * height
    x = cx - (len(text) * w + (len(text) - 1) * gap) / 2
    top, mid, bot = cy - height / 2, cy, cy + height / 2
    for digit in text:
        ends = {
            "a": ((x, top), (x + w, top)),
            "b": ((x + w, top), (x + w, mid)),
            "c": ((x + w, mid), (x + w, bot)),
            "d": ((x, bot), (x + w, bot)),
            "e": ((x, mid), (x, bot)),
            "f": ((x, top), (x, mid)),
            "g": ((x, mid), (x + w, mid)),
        }
        for seg in SEGMENTS[digit]:
            _segment(img, *ends[seg], s, ink)
        x += w + gap


def _mosaic_face(label: str, style: ArtStyle) -> np.ndarray:
    """A mosaic: pale marble tesserae, a checkered border, the icon in small dark stones
    (the same for every set), the set's colour only as a strip of stones along the
    bottom, the value as a seven-segment numeral on it (at the strip's right; at its left
    in odd styles). Held out on 2026-11-29 until its failures were to be looked at."""
    glyph, colour, value = _theme(label)
    rng = seeded_rng("mosaic", style.number, label)
    cell = FACE_PX // 16
    img = mosaic_ground((FACE_PX, FACE_PX), cell, MOSAIC_STONE, rng)
    checker_border(img, cell)
    strip = (cell, FACE_PX - 4 * cell, FACE_PX - cell, FACE_PX - cell)
    lay_stones(img, strip, cell, style.colour(colour), rng)
    mosaic_icon(img, MOSAIC_ICONS[glyph], FACE_PX // 2 - 36, cell + 6, 6, rng)
    if value is not None:
        x = FACE_PX - 2 * cell - 4 if style.number % 2 == 0 else 2 * cell + 4
        seven_segment(img, str(value), x, FACE_PX - 2.5 * cell, 17, MOSAIC_SHELL)
    return _edge(img, (25, 22, 20), 1)


# ---------------------------------------------------------------- the woodcut family
#
# A relief print: the set's colour printed first as a watercolour wash over part of the
# paper, then the black key block over it — bold carved icons of its own with white
# gouge marks cut into them, a rough hand-cut frame, the value as tally marks — with the
# ink's own rough edges and uneven cover. Icons are primitives as in ``draw_icon``.

WOODCUT_ICONS: dict[str, list[Prim]] = {
    "scarab": [  # a beetle rolling the sun
        ("ellipse", (0.5, 0.14), (0.11, 0.1), 0),
        ("line", [(0.38, 0.36), (0.32, 0.22), (0.4, 0.16)]),
        ("line", [(0.62, 0.36), (0.68, 0.22), (0.6, 0.16)]),
        ("ellipse", (0.5, 0.4), (0.11, 0.07), 0),
        ("ellipse", (0.5, 0.66), (0.21, 0.23), 0),
        ("line", [(0.32, 0.56), (0.14, 0.5)]),
        ("line", [(0.3, 0.7), (0.1, 0.76)]),
        ("line", [(0.34, 0.82), (0.2, 0.94)]),
        ("line", [(0.68, 0.56), (0.86, 0.5)]),
        ("line", [(0.7, 0.7), (0.9, 0.76)]),
        ("line", [(0.66, 0.82), (0.8, 0.94)]),
        ("hole", ("line", [(0.5, 0.47), (0.5, 0.86)])),
    ],
    "cat": [  # sitting, seen from the front, its tail round its feet
        ("ellipse", (0.5, 0.66), (0.2, 0.25), 0),
        ("ellipse", (0.5, 0.3), (0.16, 0.14), 0),
        ("poly", [(0.34, 0.26), (0.36, 0.04), (0.47, 0.18)]),
        ("poly", [(0.66, 0.26), (0.64, 0.04), (0.53, 0.18)]),
        ("line", [(0.66, 0.86), (0.84, 0.9), (0.9, 0.78), (0.84, 0.66)]),
        ("hole", ("ellipse", (0.43, 0.28), (0.035, 0.025), 0)),
        ("hole", ("ellipse", (0.57, 0.28), (0.035, 0.025), 0)),
        ("hole", ("line", [(0.5, 0.52), (0.5, 0.88)])),
    ],
    "horus": [  # the eye of Horus
        ("line", [(0.14, 0.2), (0.5, 0.13), (0.86, 0.2)]),
        ("ellipse", (0.5, 0.4), (0.34, 0.14), 0),
        ("hole", ("ellipse", (0.5, 0.4), (0.22, 0.07), 0)),
        ("ellipse", (0.5, 0.4), (0.08, 0.08), 0),
        ("line", [(0.42, 0.52), (0.36, 0.88)]),
        ("line", [(0.6, 0.52), (0.7, 0.76), (0.84, 0.72), (0.82, 0.62)]),
    ],
    "anubis": [  # the jackal lying down, ears up
        (
            "poly",
            [
                (0.08, 0.88),
                (0.1, 0.7),
                (0.3, 0.62),
                (0.58, 0.6),
                (0.6, 0.4),
                (0.58, 0.14),
                (0.66, 0.3),
                (0.72, 0.12),
                (0.76, 0.34),
                (0.94, 0.44),
                (0.92, 0.52),
                (0.78, 0.52),
                (0.78, 0.88),
            ],
        ),
        ("hole", ("ellipse", (0.72, 0.42), (0.03, 0.02), 0)),
        ("hole", ("line", [(0.3, 0.78), (0.64, 0.78)])),
    ],
    "mask": [  # the king's mask: striped headdress, face, beard
        ("poly", [(0.5, 0.06), (0.84, 0.22), (0.92, 0.8), (0.08, 0.8), (0.16, 0.22)]),
        ("hole", ("ellipse", (0.5, 0.46), (0.17, 0.21), 0)),
        ("ellipse", (0.42, 0.42), (0.045, 0.022), 0),
        ("ellipse", (0.58, 0.42), (0.045, 0.022), 0),
        ("poly", [(0.45, 0.7), (0.55, 0.7), (0.53, 0.94), (0.47, 0.94)]),
    ],
    "goldbag": [  # a tied sack with a coin on it
        ("ellipse", (0.5, 0.64), (0.32, 0.28), 0),
        ("poly", [(0.4, 0.4), (0.6, 0.4), (0.7, 0.14), (0.3, 0.14)]),
        ("hole", ("line", [(0.36, 0.38), (0.64, 0.38)])),
        ("hole", ("ellipse", (0.5, 0.66), (0.11, 0.11), 0)),
    ],
    "pharaoh": [  # crook and flail, crossed
        ("line", [(0.22, 0.92), (0.6, 0.26), (0.64, 0.14), (0.76, 0.1), (0.84, 0.18)]),
        ("line", [(0.8, 0.92), (0.42, 0.24)]),
        ("line", [(0.42, 0.24), (0.2, 0.34)]),
        ("line", [(0.42, 0.24), (0.24, 0.16)]),
        ("line", [(0.42, 0.24), (0.36, 0.06)]),
    ],
    "kingtut": [  # a cartouche on its base
        ("ellipse", (0.5, 0.46), (0.26, 0.4), 0),
        ("hole", ("ellipse", (0.5, 0.46), (0.17, 0.31), 0)),
        ("ellipse", (0.5, 0.26), (0.07, 0.07), 0),
        ("poly", [(0.5, 0.38), (0.6, 0.54), (0.5, 0.64), (0.4, 0.54)]),
        ("line", [(0.4, 0.7), (0.6, 0.7)]),
        ("line", [(0.18, 0.92), (0.82, 0.92)]),
    ],
    "nugget": [  # a cut crystal
        ("poly", [(0.5, 0.08), (0.84, 0.34), (0.74, 0.86), (0.26, 0.86), (0.16, 0.34)]),
        ("hole", ("line", [(0.16, 0.34), (0.84, 0.34)])),
        ("hole", ("line", [(0.5, 0.08), (0.5, 0.86)])),
        ("hole", ("line", [(0.3, 0.34), (0.38, 0.86)])),
    ],
    "canopic": [  # a jar with a jackal's head for a lid
        ("poly", [(0.3, 0.4), (0.7, 0.4), (0.76, 0.62), (0.66, 0.9), (0.34, 0.9), (0.24, 0.62)]),
        ("poly", [(0.36, 0.36), (0.38, 0.06), (0.46, 0.2), (0.54, 0.2), (0.62, 0.06), (0.64, 0.36)]),
        ("hole", ("line", [(0.28, 0.56), (0.72, 0.56)])),
        ("hole", ("line", [(0.3, 0.68), (0.7, 0.68)])),
    ],
}
WOODCUT_PAPER: BGR = (206, 222, 230)  # a warm, soft printing paper
WOODCUT_INK: BGR = (30, 28, 32)  # the key block's black, the same for every set


def woodcut_paper(size: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """The paper as float BGR, with a faint fibre."""
    w, h = size
    fibre = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), sigmaX=2.5, sigmaY=0.7)
    shade = 1 + 0.025 * fibre / max(float(fibre.std()), 1e-6)
    return np.array(WOODCUT_PAPER, np.float32)[None, None, :] * shade[:, :, None]


def _noise(shape: tuple[int, int], rng: np.random.Generator, sigma: float) -> np.ndarray:
    """Smooth noise of unit spread, features about ``sigma`` px."""
    n = cv2.GaussianBlur(rng.normal(0, 1, shape).astype(np.float32), (0, 0), sigma)
    return n / max(float(n.std()), 1e-6)


def wash(img: np.ndarray, region: np.ndarray, colour: BGR, rng: np.random.Generator) -> None:
    """A watercolour wash of ``colour`` over ``region`` (0/1) of the float paper ``img``:
    soft, unevenly laid, darker where the water pooled at its edge."""
    soft = cv2.GaussianBlur(region.astype(np.float32), (0, 0), 1.8)
    rim = 4 * soft * (1 - soft)
    shape = region.shape[:2]
    cover = soft * (0.82 + 0.07 * _noise(shape, rng, 6) + 0.03 * _noise(shape, rng, 1)) + 0.18 * rim
    cover = np.clip(cover, 0, 1)[:, :, None]
    tint = np.clip(np.array(colour, np.float32) / np.array(WOODCUT_PAPER, np.float32), 0, 1)
    img *= 1 - cover * (1 - tint[None, None, :])


def wobbly(distance: np.ndarray, rng: np.random.Generator, amount: float = 4.0) -> np.ndarray:
    """The region where a signed ``distance`` (px, negative inside) is below zero, its
    edge wobbled by a brush's hand."""
    return (distance + amount * _noise(distance.shape, rng, 5) < 0).astype(np.float32)


def gouges(
    area: np.ndarray, rng: np.random.Generator, spacing: int, length: int, angle: float, width: int = 2
) -> np.ndarray:
    """White gouge marks cut in rows across ``area`` (0/255): short strokes at ``angle``
    degrees, ``spacing`` px apart, kept inside the area."""
    h, w = area.shape[:2]
    cuts = np.zeros((h, w), np.uint8)
    dx, dy = np.cos(np.radians(angle)) * length / 2, np.sin(np.radians(angle)) * length / 2
    for y in range(spacing // 2, h, spacing):
        shift = int(rng.integers(0, spacing))
        for x in range(shift, w, spacing + 2):
            if rng.random() < 0.3:
                continue
            cx, cy = x + rng.normal(0, 1), y + rng.normal(0, 1)
            a, b = (round(cx - dx), round(cy - dy)), (round(cx + dx), round(cy + dy))
            cv2.line(cuts, a, b, 255, width, cv2.LINE_AA)
    return cv2.bitwise_and(cuts, area)


def tally(ink: np.ndarray, n: int, x: float, y: float, height: float, rng: np.random.Generator) -> float:
    """``n`` as tally marks from (x, y) (top left), ``height`` px tall, into the 0/255
    ``ink``: strokes in gates of five (four and a stroke across). Gives the right end."""
    step, thick = 0.5 * height, max(2, round(0.16 * height))
    for gate in range(0, n, 5):
        marks = min(4, n - gate)
        x0 = x
        for _ in range(marks):
            top = (round(x + rng.normal(0, 0.6)), round(y))
            bot = (round(x + rng.normal(0, 0.6)), round(y + height))
            cv2.line(ink, top, bot, 255, thick, cv2.LINE_AA)
            x += step
        if n - gate >= 5:  # the fifth stroke across the four
            a = (round(x0 - 0.3 * step), round(y + 0.8 * height))
            b = (round(x - 0.5 * step), round(y + 0.2 * height))
            cv2.line(ink, a, b, 255, thick, cv2.LINE_AA)
        x += 0.8 * step
    return x - 0.8 * step


def tally_width(n: int, height: float) -> float:
    """How wide ``tally`` draws ``n``, from its first stroke to its last."""
    step = 0.5 * height
    return (n - n // 5 - 1) * step + (-(-n // 5) - 1) * 0.8 * step


def rough_frame(ink: np.ndarray, inset: int, width: int, rng: np.random.Generator) -> None:
    """A hand-cut frame into ``ink`` (0/255): its four sides a little crooked."""
    h, w = ink.shape[:2]
    j = lambda: float(rng.normal(0, 0.8))  # noqa: E731
    corners = [(inset + j(), inset + j()), (w - 1 - inset + j(), inset + j())]
    corners += [(w - 1 - inset + j(), h - 1 - inset + j()), (inset + j(), h - 1 - inset + j())]
    pts = np.array(corners, np.float32).round().astype(np.int32)
    cv2.polylines(ink, [pts], True, 255, width, cv2.LINE_AA)


def print_block(img: np.ndarray, ink: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The key block pressed on the float ``img``: where ``ink`` (0/255) is, with rough
    edges and uneven cover (paper showing through in specks). Gives uint8 BGR."""
    shape = ink.shape[:2]
    soft = cv2.GaussianBlur(ink.astype(np.float32) / 255, (0, 0), 1.0)
    edge = soft + 0.12 * _noise(shape, rng, 0.8)
    cover = cv2.GaussianBlur((edge > 0.5).astype(np.float32), (0, 0), 0.5)
    specks = np.clip((_noise(shape, rng, 0.7) - 1.9) * 2, 0, 0.8)  # where the ink missed
    cover = (cover * (1 - specks))[:, :, None]
    out = img * (1 - cover) + np.array(WOODCUT_INK, np.float32)[None, None, :] * cover
    return np.clip(out, 0, 255).astype(np.uint8)


def woodcut_icon(
    name: str,
    box: tuple[int, int, int],
    size: tuple[int, int],
    rng: np.random.Generator,
    mirror: bool = False,
) -> np.ndarray:
    """The carved icon ``name`` in ``box`` as 0/255, white gouge marks cut into its
    larger parts."""
    w, h = size
    icon = np.zeros((h, w), np.uint8)
    draw_icon(icon, WOODCUT_ICONS[name], 255, 0, box)
    if mirror:
        x0, _, side = box
        icon[:, x0 : x0 + side + 1] = icon[:, x0 : x0 + side + 1][:, ::-1].copy()
    inner = cv2.erode(icon, np.ones((7, 7), np.uint8))
    return cv2.subtract(icon, gouges(inner, rng, 7, 5, 60))


WOODCUT_WASHES = ("swipe", "band", "blot")  # a style's wash: style number mod 3


def _woodcut_wash_region(kind: str, rng: np.random.Generator) -> np.ndarray:
    """Where a tile's wash goes: a swipe rising across the tile, a band across its lower
    half or a blot behind its upper right — never the whole tile."""
    ys, xs = np.mgrid[0:FACE_PX, 0:FACE_PX].astype(np.float32)
    if kind == "swipe":
        distance = np.abs(xs + ys - FACE_PX) / np.sqrt(2) - 25
    elif kind == "band":
        distance = np.maximum(np.abs(ys - 84) - 21, np.abs(xs - FACE_PX / 2) - 50)
    else:
        distance = np.hypot(xs - 78, ys - 54) - 40
    return wobbly(distance, rng)


def _woodcut_face(label: str, style: ArtStyle) -> np.ndarray:
    """HELD OUT — never tune a reader on this family. A woodcut: the set's colour as a
    wash over part of the paper (a swipe, a band or a blot by style), then the black block
    — a carved icon of its own with white gouge marks (the same for every set), a rough
    hand-cut frame, the value as tally marks at the top (at the left; at the right in odd
    styles, whose icons are mirrored). As in a real print run, a kind's three sets are
    one block pressed over three washes."""
    glyph, colour, value = _theme(label)
    rng = seeded_rng("woodcut", style.number, label)  # the paper and the wash
    img = woodcut_paper((FACE_PX, FACE_PX), rng)
    wash(img, _woodcut_wash_region(WOODCUT_WASHES[style.number % 3], rng), style.colour(colour), rng)
    block = seeded_rng("woodcut-block", style.number, glyph)  # the key block: one per kind
    ink = woodcut_icon(glyph, (24, 34, 80), (FACE_PX, FACE_PX), block, mirror=style.number % 2 == 1)
    rough_frame(ink, 6, 4, block)
    if value is not None:
        x = 17.0 if style.number % 2 == 0 else FACE_PX - 17 - tally_width(value, 18)
        tally(ink, value, x, 12, 18, block)
    return _edge(print_block(img, ink, block), (70, 80, 90), 1)


@dataclass(frozen=True)
class ArtFamily:
    """A family of tile (and card) art: its own drawing, palette and the variants
    (``ArtStyle`` numbers) the benchmarks enrol and read. ``heldout``: reported, never
    tuned on."""

    name: str
    about: str
    palette: dict[str, BGR]
    draw: Callable[[str, ArtStyle], np.ndarray]
    styles: tuple[int, ...]
    heldout: bool = False


def _palette(**colours: BGR) -> dict[str, BGR]:
    return {**BASE, **colours}


FAMILIES: dict[str, ArtFamily] = {
    f.name: f
    for f in (
        ArtFamily(
            "classic",
            "the house art and its seeded variants (glyphs permuted, palette shifted)",
            dict(BASE),
            _classic_face,
            (0, 7, 12, 31),
        ),
        ArtFamily(
            "lineart",
            "outline icons on white inside a dark border band, script numerals",
            _palette(
                green=(110, 150, 40), blue=(175, 105, 45), purple=(165, 70, 105), kingtut=(30, 140, 200)
            ),
            _lineart_face,
            (0, 3),
        ),
        ArtFamily(
            "parchment",
            "brown silhouettes on parchment, the colour as a frame band, italic serif numerals",
            _palette(
                green=(120, 140, 60), blue=(150, 115, 55), purple=(140, 75, 115), goldbag=(40, 150, 200)
            ),
            _parchment_face,
            (0, 3),
        ),
        ArtFamily(
            "photo",
            "shaded icons on a grainy radial gradient, a thin border, one corner numeral",
            _palette(green=(90, 135, 60), blue=(165, 100, 60), purple=(160, 75, 100), nugget=(90, 90, 100)),
            _photo_face,
            (0, 3),
        ),
        ArtFamily(
            "heldout",
            "knocked-out icons in a coloured medallion, Roman numerals (held out until 2026-11-28)",
            _palette(green=(95, 150, 85), blue=(170, 115, 70), purple=(160, 90, 120), pharaoh=(60, 80, 160)),
            _heldout_face,
            (0, 3),
        ),
        ArtFamily(
            "ebony",
            "pale gold icons on a dark tile, the colour as corner brackets, pips (held out until 2026-11-29)",
            _palette(
                green=(80, 160, 60), blue=(190, 120, 50), purple=(170, 80, 140), canopic=(150, 180, 200)
            ),
            _ebony_face,
            (0, 3),
        ),
        ArtFamily(
            "mosaic",
            "pale marble tesserae, a checkered border, icons of small dark stones, the colour as a"
            " strip along the bottom, seven-segment numerals (held out on 2026-11-29)",
            _palette(
                green=(110, 150, 55),
                blue=(165, 115, 50),
                purple=(150, 75, 120),
                kingtut=(40, 150, 210),
                canopic=(185, 165, 110),
            ),
            _mosaic_face,
            (0, 2, 5),
        ),
        ArtFamily(
            "woodcut",
            "HELD OUT (never tuned on): a relief print, bold carved black icons with white gouge"
            " marks, the colour as a wash over part of the paper, a rough frame, tally marks",
            _palette(
                green=(120, 155, 75),
                blue=(175, 125, 65),
                purple=(160, 85, 130),
                goldbag=(50, 110, 175),
                kingtut=(35, 145, 215),
                nugget=(95, 105, 120),
                canopic=(140, 180, 205),
            ),
            _woodcut_face,
            (0, 4, 11),
            heldout=True,
        ),
    )
}
HELDOUT = "woodcut"  # the family nobody tunes on (since 2026-11-29, later): see docs/vision.md §5


def family_styles(name: str) -> list[ArtStyle]:
    """The styles a benchmark reads for the family ``name``."""
    return [ArtStyle(n, name) for n in FAMILIES[name].styles]


def tile_face(label: str, style: ArtStyle | None = None) -> np.ndarray:
    """The face of one tile, FACE_PX square, BGR, drawn by the style's family."""
    style = style or ArtStyle()
    return FAMILIES[style.family].draw(label, style)


# Pawn colours (BGR) chosen away from the tile palette.
PAWNS: dict[str, BGR] = {
    "pawn-red": (30, 30, 210),
    "pawn-yellow": (20, 215, 245),
    "pawn-cyan": (235, 215, 40),
    "pawn-lime": (40, 230, 150),
    "pawn-orange": (10, 120, 245),
    "pawn-pink": (190, 90, 240),
}


def pawn_face(label: str) -> np.ndarray:
    """A pawn seen from above (for enrolment): its coloured top on a neutral ground."""
    img = np.full((FACE_PX, FACE_PX, 3), 128, np.uint8)
    colour = PAWNS[label]
    cv2.circle(img, (64, 64), 50, tuple(int(v * 0.7) for v in colour), -1)
    cv2.circle(img, (64, 64), 44, colour, -1)
    return img
