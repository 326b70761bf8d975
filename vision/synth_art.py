"""Scarab's own stand-in art for the Tutankhamen tiles.

Real tile art is copyrighted and differs by edition, so tests, the demo and the benchmark
use faces drawn here: five kinds (a glyph and the set value 1/2/4/6/8) in three colours,
and the specials of both editions. An ``ArtStyle`` other than 0 permutes glyphs and
shifts the palette, which gives "art the recogniser has never seen" for enrolment tests —
the recogniser itself has no built-in knowledge of any of it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

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
    """Style 0 is the house art; any other number is a different, seeded set of faces."""

    number: int = 0

    def glyphs(self) -> dict[str, Glyph]:
        if self.number == 0:
            return dict(HOUSE_GLYPHS)
        rng = random.Random(self.number)
        pool = list(HOUSE_GLYPHS.values()) + list(SPARE_GLYPHS)
        rng.shuffle(pool)
        return dict(zip(HOUSE_GLYPHS, pool, strict=False))

    def colour(self, name: str) -> BGR:
        return self.tint(name, BASE[name])

    def tint(self, name: str, base: BGR, spread: int = 35) -> BGR:
        """``base`` as this style prints it: unchanged in the house art, else shifted by a
        seeded amount per ``name``."""
        if self.number == 0:
            return base
        rng = random.Random(f"{self.number}:{name}")
        return tuple(int(np.clip(v + rng.randint(-spread, spread), 10, 235)) for v in base)  # type: ignore[return-value]


def _theme(label: str) -> tuple[str, str, int | None]:
    """(glyph name, colour name, value or None) for a tile label."""
    if label in SPECIALS:
        return label, label, None
    kind, colour = label.split("-")
    return kind, colour, KINDS[kind]


def tile_face(label: str, style: ArtStyle | None = None) -> np.ndarray:
    """The face of one tile, FACE_PX square, BGR; a cream border and a dark edge as on
    cardboard tiles."""
    style = style or ArtStyle()
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
