"""Scarab's own stand-in art for the Ankh cards, and seeded table scenes of a game.

Mummy cards show their colour (green, yellow, blue, red) all over, the value 1–5 as a big
numeral and as pips, and a gift icon of their colour; the 18 papyrus cards are parchment
with the four colours as bars in rank order (×2, ×1, ×0, −1) and the threshold in a
disc. An ``ArtStyle`` other than 0 changes the palette, the fonts, the pips' shape, the
icons and where things sit: "art the recogniser has never seen" for enrolment tests.

The newer art families (vision/synth/art.py) lay cards out otherwise: ``lineart`` a white
card in a dark frame with the colour as a band across the top and the value in the
corners; ``parchment`` a parchment card with the colour as a band down its left side, a
brown silhouette and the value as pips; ``photo`` a grainy gradient with one big corner
numeral; ``heldout`` (held out until 2026-11-28) a cream card with coloured corner
triangles and Roman numerals; ``ebony`` (held out until 2026-11-29) a dark card with the
colour as a sash across a corner, a pale gold icon and the value as pips; ``mosaic``
(held out on 2026-11-29) a card of pale marble tesserae in a checkered border, an icon
of small dark stones, the colour as a strip of stones along the bottom carrying the value
as a seven-segment numeral, and papyri as four bars of stones shortening down the card
(rank order) over a dark strip with the threshold; ``woodcut`` (held out: never tuned on)
a relief print, a black block over the top of the card with the icon and gouge marks cut
out of it so that a wash of the colour shows through them, the value as large tally marks
on the bare paper below, and papyri as four washes stepping down the card like stairs
(rank order), each on a black tread, over the threshold in tally marks. Their palettes
put green near blue.

A ``CardScene`` fixes a table (vision/synth/tiles.py's ``Stage``: the same camera, light, lens
and hands as the Tutankhamen scenes) with 2–5 seat cards (markers 20 + seat) round its
edges, each seat's row of mummy cards laid side by side in front of its marker (touching
or overlapping by a few mm, each a little turned), and the papyrus pile in the middle,
older papyri peeking out under the top one. ``render`` draws a frame of any rows and pile
with the ground truth. Rows run from the seat's left to its right (as its player sees
them); a new card goes on the right end.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision.synth.art import (
    MOSAIC_ICONS,
    MOSAIC_INK,
    MOSAIC_SHELL,
    MOSAIC_STONE,
    NILE_ICONS,
    ROMAN,
    SEAL_ICONS,
    WOODCUT_ICONS,
    ArtStyle,
    checker_border,
    draw_icon,
    gouges,
    lay_stones,
    mosaic_ground,
    mosaic_icon,
    parchment_ground,
    print_block,
    rough_frame,
    seeded_rng,
    seven_segment,
    tally,
    tally_width,
    wash,
    wobbly,
    woodcut_paper,
)
from vision.synth.tiles import SKIN, Scene, Stage, write_enrolment_set

CARD_MM = (45.0, 70.0)  # width, height
CARD_PX = (90, 140)  # the art's own resolution
COLOURS = ("green", "yellow", "blue", "red")
VALUES = (1, 2, 3, 4, 5)
MUMMY_LABELS: tuple[str, ...] = tuple(f"{c}-{v}" for c in COLOURS for v in VALUES)
FACTORS = ("x2", "x1", "x0", "-1")
DECK = Path(__file__).resolve().parents[2] / "engines" / "ankh" / "data" / "deck.json"

BGR = tuple[int, int, int]
SUIT: dict[str, BGR] = {
    "green": (60, 150, 40),
    "yellow": (30, 195, 230),
    "blue": (180, 100, 25),
    "red": (45, 40, 200),
}
PARCHMENT: BGR = (165, 210, 228)
SLEEVES: tuple[BGR, ...] = ((120, 60, 40), (40, 40, 45), (60, 110, 60), (150, 150, 160))

# per level: how far cards in a row overlap (mm; negative: a gap) and turn (°)
CARD_LEVELS: dict[str, dict[str, tuple[float, float]]] = {
    "easy": {"overlap": (-0.5, 1.5), "turn": (-1.5, 1.5)},
    "medium": {"overlap": (-1.0, 3.0), "turn": (-3.0, 3.0)},
    "hard": {"overlap": (-1.0, 4.0), "turn": (-4.5, 4.5)},
}


@cache
def papyri() -> tuple[dict[str, Any], ...]:
    """The 18 papyrus cards of engines/ankh/data/deck.json."""
    return tuple(json.loads(DECK.read_text())["papyri"])


def papyrus_label(card: dict[str, Any]) -> str:
    return "papyrus-" + "-".join(card["rank"]) + f"-{card['threshold']}"


def parse_papyrus(label: str) -> dict[str, Any] | None:
    """``papyrus-<c1>-<c2>-<c3>-<c4>-<n>`` → {"rank": [...], "threshold": n}, else None."""
    parts = label.split("-")
    if len(parts) != 6 or parts[0] != "papyrus" or not parts[5].isdigit():
        return None
    return {"rank": parts[1:5], "threshold": int(parts[5])}


def papyrus_labels() -> tuple[str, ...]:
    return tuple(papyrus_label(p) for p in papyri())


def card_labels() -> list[str]:
    """Every face of the Ankh box: 20 mummy faces and 18 papyri."""
    return [*MUMMY_LABELS, *papyrus_labels()]


# ---------------------------------------------------------------------- the art


def _icon(img: np.ndarray, kind: int, x: int, y: int, r: int, ink: BGR) -> None:
    """One of six small gift icons centred at (x, y), ``r`` px in radius."""
    if kind == 0:  # an ankh
        cv2.ellipse(img, (x, y - r // 2), (r // 2, r // 2 + 1), 0, 0, 360, ink, 2)
        cv2.line(img, (x, y), (x, y + r), ink, 3)
        cv2.line(img, (x - r // 1, y + r // 4), (x + r, y + r // 4), ink, 3)
    elif kind == 1:  # a sun
        cv2.circle(img, (x, y), r // 2, ink, -1)
        for k in range(8):
            a = k * math.pi / 4
            cv2.line(img, (x, y), (int(x + r * math.cos(a)), int(y + r * math.sin(a))), ink, 2)
    elif kind == 2:  # an eye
        cv2.ellipse(img, (x, y), (r, r // 2), 0, 0, 360, ink, 2)
        cv2.circle(img, (x, y), r // 3, ink, -1)
    elif kind == 3:  # a jar
        cv2.ellipse(img, (x, y + r // 4), (2 * r // 3, 3 * r // 4), 0, 0, 360, ink, -1)
        cv2.rectangle(img, (x - r // 3, y - r), (x + r // 3, y - r // 2), ink, -1)
    elif kind == 4:  # a feather
        cv2.ellipse(img, (x, y), (r // 3, r), 15, 0, 360, ink, -1)
        cv2.line(img, (x - r // 4, y + r), (x + r // 4, y - r), (255, 255, 255), 1)
    else:  # a lotus
        pts = np.array(
            [[x - r, y], [x - r // 3, y - r], [x, y - r // 3], [x + r // 3, y - r], [x + r, y], [x, y + r]]
        )
        cv2.fillPoly(img, [pts.astype(np.int32)], ink)


def _pip(img: np.ndarray, shape: int, x: int, y: int, r: int, ink: BGR) -> None:
    if shape == 0:
        cv2.circle(img, (x, y), r, ink, -1, cv2.LINE_AA)
    elif shape == 1:
        cv2.rectangle(img, (x - r, y - r), (x + r, y + r), ink, -1)
    else:
        cv2.fillPoly(
            img, [np.array([[x, y - r - 1], [x + r + 1, y], [x, y + r + 1], [x - r - 1, y]], np.int32)], ink
        )


PIPS = {  # pip places in a unit box: each count its own figure
    1: [(0.5, 0.5)],
    2: [(0.15, 0.5), (0.85, 0.5)],
    3: [(0.5, 0.12), (0.12, 0.88), (0.88, 0.88)],
    4: [(0.15, 0.15), (0.85, 0.15), (0.15, 0.85), (0.85, 0.85)],
    5: [(0.1, 0.1), (0.9, 0.1), (0.5, 0.5), (0.1, 0.9), (0.9, 0.9)],
}
FONTS = (
    cv2.FONT_HERSHEY_DUPLEX,
    cv2.FONT_HERSHEY_SIMPLEX,
    cv2.FONT_HERSHEY_TRIPLEX,
    cv2.FONT_HERSHEY_COMPLEX,
)


@dataclass(frozen=True)
class CardLook:
    """How one art style draws the cards."""

    font: int
    pip: int  # 0 discs, 1 squares, 2 diamonds
    icons: tuple[int, ...]  # the icon per colour
    numeral_top: bool  # the numeral above the pips (else below)
    bars_round: bool  # papyrus bars rounded
    edge: BGR  # the card's printed border

    @classmethod
    def of(cls, style: ArtStyle) -> CardLook:
        if style.number == 0:
            return cls(cv2.FONT_HERSHEY_DUPLEX, 0, (0, 1, 2, 3), True, False, (215, 230, 238))
        rng = random.Random(f"cards:{style.number}")
        icons = list(range(6))
        rng.shuffle(icons)
        edge = style.tint("card-edge", (215, 230, 238), 25)
        return cls(
            rng.choice(FONTS),
            rng.randrange(3),
            tuple(icons[:4]),
            rng.random() < 0.5,
            rng.random() < 0.5,
            edge,
        )


def _blank(base: BGR, look: CardLook) -> np.ndarray:
    w, h = CARD_PX
    img = np.empty((h, w, 3), np.uint8)
    ramp = np.linspace(1.1, 0.9, h, dtype=np.float32)[:, None, None]
    img[:] = np.clip(np.array(base, np.float32)[None, None, :] * ramp, 0, 255).astype(np.uint8)
    return img


def _shade(base: BGR, k: float, plus: float = 0.0) -> BGR:
    """``base`` scaled by ``k`` and lifted by ``plus``, per channel, at most 255."""
    b, g, r = (int(min(255, v * k + plus)) for v in base)
    return b, g, r


def _frame(img: np.ndarray, look: CardLook) -> np.ndarray:
    h, w = img.shape[:2]
    cv2.rectangle(img, (0, 0), (w - 1, h - 1), look.edge, 6)  # printed border
    cv2.rectangle(img, (0, 0), (w - 1, h - 1), (30, 35, 40), 2)  # cut edge
    return img


def _text(img: np.ndarray, s: str, cx: int, cy: int, font: int, scale: float, ink: BGR, thick: int) -> None:
    (tw, th), _ = cv2.getTextSize(s, font, scale, thick)
    cv2.putText(img, s, (cx - tw // 2, cy + th // 2), font, scale, ink, thick, cv2.LINE_AA)


def mummy_face(label: str, style: ArtStyle | None = None) -> np.ndarray:
    """A mummy card ``<colour>-<value>``, CARD_PX, BGR."""
    style = style or ArtStyle()
    look = CardLook.of(style)
    colour, value = label.split("-")
    n = int(value)
    base = style.tint(f"suit-{colour}", SUIT[colour], 25)
    img = _blank(base, look)
    w, h = CARD_PX
    panel = _shade(base, 0.35, 160)
    ink = _shade(base, 0.3)
    cv2.rectangle(img, (12, 12), (w - 13, h - 13), panel, -1)
    num_y, pip_y = (42, 98) if look.numeral_top else (98, 42)
    _text(img, value, w // 2, num_y, look.font, 2.0, ink, 5)
    box = 46
    pip = _shade(base, 0.75)
    for px, py in PIPS[n]:
        _pip(img, look.pip, int(w // 2 - box / 2 + px * box), int(pip_y - box / 2 + py * box), 8, pip)
    kind = look.icons[COLOURS.index(colour)]
    _icon(img, kind, w - 22, 22 if look.numeral_top else h - 22, 7, ink)  # beside the numeral
    return _frame(img, look)


def papyrus_face(label: str, style: ArtStyle | None = None) -> np.ndarray:
    """A papyrus ``papyrus-<c1>-<c2>-<c3>-<c4>-<n>``: parchment, the colours as bars in
    rank order, the threshold in a disc at the bottom."""
    style = style or ArtStyle()
    look = CardLook.of(style)
    card = parse_papyrus(label)
    if card is None:
        raise ValueError(f"{label!r} is not a papyrus label")
    img = _blank(style.tint("parchment", PARCHMENT, 20), look)
    w, h = CARD_PX
    for k, colour in enumerate(card["rank"]):
        y0 = 12 + k * 20
        base = style.tint(f"suit-{colour}", SUIT[colour], 25)
        if look.bars_round:
            cv2.ellipse(img, (w // 2 + 8, y0 + 8), (26, 8), 0, 0, 360, base, -1)
        else:
            cv2.rectangle(img, (w // 2 - 16, y0), (w - 12, y0 + 16), base, -1)
        _text(img, FACTORS[k], 24, y0 + 8, look.font, 0.42, (40, 40, 40), 1)
    cy = h - 30
    cv2.circle(img, (w // 2, cy), 20, (50, 60, 70), -1)
    _text(img, str(card["threshold"]), w // 2, cy, look.font, 1.0, (235, 240, 245), 2)
    return _frame(img, look)


# ---------------------------------------------------------------- the newer families

CARD_PALETTES: dict[str, dict[str, BGR]] = {  # green near blue, as printed boxes have them
    "lineart": {
        "green": (120, 150, 45),
        "yellow": (40, 190, 225),
        "blue": (175, 120, 40),
        "red": (50, 45, 190),
    },
    "parchment": {
        "green": (115, 140, 60),
        "yellow": (60, 180, 215),
        "blue": (150, 120, 55),
        "red": (55, 60, 170),
    },
    "photo": {
        "green": (100, 150, 55),
        "yellow": (45, 200, 235),
        "blue": (170, 125, 50),
        "red": (60, 50, 210),
    },
    "heldout": {
        "green": (110, 155, 70),
        "yellow": (50, 185, 220),
        "blue": (175, 125, 60),
        "red": (65, 65, 185),
    },
    "ebony": {
        "green": (90, 165, 65),
        "yellow": (55, 195, 230),
        "blue": (190, 130, 60),
        "red": (60, 55, 200),
    },
    "mosaic": {
        "green": (105, 150, 60),
        "yellow": (60, 190, 220),
        "blue": (170, 120, 55),
        "red": (60, 55, 185),
    },
    "woodcut": {
        "green": (120, 155, 75),
        "yellow": (70, 190, 225),
        "blue": (180, 130, 70),
        "red": (70, 65, 190),
    },
}
GIFTS = ("anubis", "horus", "cat", "scarab")  # the icon per colour in the newer families
ROMAN5 = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", **ROMAN}


def _suit(colour: str, style: ArtStyle) -> BGR:
    return style.tint(f"suit-{colour}", CARD_PALETTES[style.family][colour], 25)


def _lineart_mummy(colour: str, n: int, style: ArtStyle) -> np.ndarray:
    """A white card in a dark frame, the colour as a band across the top, the value in
    two corners in a script font and as dots, an outline icon."""
    w, h = CARD_PX
    suit = _suit(colour, style)
    paper = (238, 240, 240)
    img = np.full((h, w, 3), paper, np.uint8)
    cv2.rectangle(img, (0, 0), (w - 1, h - 1), (40, 34, 30), 12)
    cv2.rectangle(img, (6, 6), (w - 7, 30), suit, -1)  # the colour band
    font = cv2.FONT_HERSHEY_SCRIPT_COMPLEX
    _text(img, str(n), 16, 20, font, 0.7, (250, 250, 250), 2)
    _text(img, str(n), w - 17, h - 20, font, 0.7, suit, 2)
    draw_icon(img, NILE_ICONS[GIFTS[COLOURS.index(colour)]], suit, paper, (18, 42, 54), line=2)
    for k in range(n):
        cv2.circle(img, (w // 2 - 2 * 9 + k * 9, h - 24), 3, suit, -1, cv2.LINE_AA)
    return img


def _parchment_mummy(colour: str, n: int, style: ArtStyle) -> np.ndarray:
    """Parchment, the colour as a band down the left side, a brown silhouette, the value
    as a column of pips and an italic numeral."""
    w, h = CARD_PX
    img = parchment_ground((w, h), seeded_rng("card-parchment", style.number, colour, n))
    ink = (30, 45, 62)
    cv2.rectangle(img, (3, 3), (20, h - 4), _suit(colour, style), -1)  # the colour band
    paper = tuple(int(v) for v in img[h // 2, w - 10])
    draw_icon(img, NILE_ICONS[GIFTS[COLOURS.index(colour)]], ink, paper, (28, 30, 56))
    for k in range(n):  # the value as pips in a column at the right
        cv2.circle(img, (w - 12, 96 + k * 9), 3, ink, -1, cv2.LINE_AA)
    _text(img, str(n), 52, h - 18, cv2.FONT_HERSHEY_TRIPLEX | cv2.FONT_ITALIC, 0.8, ink, 2)
    cv2.rectangle(img, (0, 0), (w - 1, h - 1), (50, 60, 70), 2)
    return img


def _photo_mummy(colour: str, n: int, style: ArtStyle) -> np.ndarray:
    """A grainy radial gradient of the colour, a soft pale icon, one big corner numeral."""
    w, h = CARD_PX
    base = np.array(_suit(colour, style), np.float32)
    rng = seeded_rng("card-photo", style.number, colour, n)
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    light = 1.3 - 0.6 * np.hypot(xs / w - 0.3, ys / h - 0.25)
    grain = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 1.2)
    img = np.clip(base * light[:, :, None] + 10 * grain[:, :, None], 0, 255).astype(np.uint8)
    soft = np.zeros((h, w), np.uint8)
    _icon(soft, COLOURS.index(colour) + 1, w // 2, h // 2 + 12, 22, 255)  # type: ignore[arg-type]
    mask = cv2.GaussianBlur(soft.astype(np.float32) / 255, (0, 0), 1.0)[:, :, None]
    img = (img * (1 - mask) + np.clip(base * 0.4 + 140, 0, 255) * mask).astype(np.uint8)
    cv2.putText(img, str(n), (8, 38), cv2.FONT_HERSHEY_SIMPLEX, 1.2, (20, 20, 20), 6, cv2.LINE_AA)
    cv2.putText(img, str(n), (8, 38), cv2.FONT_HERSHEY_SIMPLEX, 1.2, (245, 245, 245), 2, cv2.LINE_AA)
    cv2.rectangle(img, (1, 1), (w - 2, h - 2), (225, 225, 225), 2)
    return img


def _heldout_mummy(colour: str, n: int, style: ArtStyle) -> np.ndarray:
    """Cream, the colour as two corner triangles, a ringed icon, the value in Roman
    numerals (held out until 2026-11-28)."""
    w, h = CARD_PX
    cream = (205, 228, 240)
    suit = _suit(colour, style)
    img = np.full((h, w, 3), cream, np.uint8)
    cv2.fillPoly(img, [np.array([[0, 0], [44, 0], [0, 44]], np.int32)], suit, cv2.LINE_AA)
    cv2.fillPoly(img, [np.array([[w, h], [w - 44, h], [w, h - 44]], np.int32)], suit, cv2.LINE_AA)
    cv2.circle(img, (w // 2, 66), 24, suit, 2, cv2.LINE_AA)
    draw_icon(img, SEAL_ICONS[GIFTS[COLOURS.index(colour)]], suit, cream, (w // 2 - 16, 50, 32))
    _text(img, ROMAN5[n], w // 2, 112, cv2.FONT_HERSHEY_PLAIN, 1.6, (50, 50, 50), 2)
    cv2.rectangle(img, (0, 0), (w - 1, h - 1), (60, 70, 80), 1)
    return img


EBONY = (38, 30, 26)  # the ebony family's dark ground
GOLD = (120, 200, 225)  # …and its one pale ink


def _ebony_mummy(colour: str, n: int, style: ArtStyle) -> np.ndarray:
    """A dark card, the colour as a sash across the top-left corner, a pale gold icon, the
    value as pips in a column (held out until 2026-11-29)."""
    w, h = CARD_PX
    img = np.full((h, w, 3), EBONY, np.uint8)
    sash = np.array([[0, 20], [20, 0], [46, 0], [0, 46]], np.int32)
    cv2.fillPoly(img, [sash], _suit(colour, style), cv2.LINE_AA)
    draw_icon(img, NILE_ICONS[GIFTS[COLOURS.index(colour)]], GOLD, EBONY, (w // 2 - 18, 44, 40))
    for k in range(n):
        cv2.circle(img, (w - 12, 30 + k * 12), 4, GOLD, -1, cv2.LINE_AA)
    cv2.rectangle(img, (0, 0), (w - 1, h - 1), (15, 12, 10), 2)
    return img


MOSAIC_CELL = 10  # the mosaic family's stones on a card: 9 × 14 of them


def _mosaic_card(style: ArtStyle, *key: object) -> tuple[np.ndarray, np.random.Generator]:
    """A mosaic card's ground and checkered border, and the generator of its stones."""
    rng = seeded_rng("card-mosaic", style.number, *key)
    img = mosaic_ground(CARD_PX, MOSAIC_CELL, MOSAIC_STONE, rng)
    checker_border(img, MOSAIC_CELL)
    return img, rng


def _mosaic_mummy(colour: str, n: int, style: ArtStyle) -> np.ndarray:
    """Pale marble tesserae in a checkered border, the icon in small dark stones (mirrored
    in odd styles), the colour only as a strip of stones along the bottom, the value as a
    seven-segment numeral on it (held out on 2026-11-29)."""
    w, h = CARD_PX
    c = MOSAIC_CELL
    img, rng = _mosaic_card(style, colour, n)
    lay_stones(img, (c, h - 4 * c, w - c, h - c), c, _suit(colour, style), rng)
    icon = MOSAIC_ICONS[GIFTS[COLOURS.index(colour)]]
    if style.number % 2:
        icon = tuple(row[::-1] for row in icon)
    mosaic_icon(img, icon, w // 2 - 30, 2 * c + 2, 5, rng)
    seven_segment(img, str(n), w / 2, h - 2.5 * c, 22, MOSAIC_SHELL)
    return img


def _woodcut_box(x0: int, y0: int, x1: int, y1: int, rng: np.random.Generator) -> np.ndarray:
    """A card-sized 0/1 region: the box (x0, y0)–(x1, y1) px, its edge wobbled by hand."""
    w, h = CARD_PX
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    distance = np.maximum(np.maximum(x0 - xs, xs - x1), np.maximum(y0 - ys, ys - y1))
    return wobbly(distance, rng, 1.5)


def _woodcut_mummy(colour: str, n: int, style: ArtStyle) -> np.ndarray:
    """HELD OUT — never tune a reader on this family. A relief print: a black block over
    the top of the card, the icon (mirrored in odd styles) and rows of gouge marks cut out
    of it so that a wash of the colour printed under it shows through, the value as large
    tally marks on the bare paper below, a rough hand-cut frame."""
    w, h = CARD_PX
    rng = seeded_rng("card-woodcut", style.number, colour, n)
    img = woodcut_paper(CARD_PX, rng)
    wash(img, _woodcut_box(10, 11, 81, 92, rng), _suit(colour, style), rng)  # a little off register
    block = np.zeros((h, w), np.uint8)
    cv2.rectangle(block, (9, 9), (w - 10, 89), 255, -1)
    icon = np.zeros_like(block)
    box = (17, 18, 56)
    draw_icon(icon, WOODCUT_ICONS[GIFTS[COLOURS.index(colour)]], 255, 0, box)
    if style.number % 2:
        icon[:, box[0] : box[0] + box[2] + 1] = icon[:, box[0] : box[0] + box[2] + 1][:, ::-1].copy()
    around = cv2.subtract(block, cv2.dilate(icon, np.ones((7, 7), np.uint8)))  # the block round the icon
    ground = cv2.erode(around, np.ones((5, 5), np.uint8))
    ink = cv2.subtract(cv2.subtract(block, icon), gouges(ground, rng, 9, 6, -35))
    rough_frame(ink, 3, 2, rng)
    tally(ink, n, (w - tally_width(n, 26)) / 2, 102, 26, rng)
    img = print_block(img, ink, rng)
    cv2.rectangle(img, (0, 0), (w - 1, h - 1), (70, 80, 90), 1)
    return img


MUMMY_DRAWERS = {
    "lineart": _lineart_mummy,
    "parchment": _parchment_mummy,
    "photo": _photo_mummy,
    "heldout": _heldout_mummy,
    "ebony": _ebony_mummy,
    "mosaic": _mosaic_mummy,
    "woodcut": _woodcut_mummy,
}


def _family_papyrus(card: dict[str, Any], style: ArtStyle) -> np.ndarray:
    """A papyrus in a newer family: the four colours in rank order, each family its own
    way (columns, a 2×2 grid, stripes, discs), and the threshold."""
    w, h = CARD_PX
    fam = style.family
    rank = [_suit(c, style) for c in card["rank"]]
    t = card["threshold"]
    if fam == "parchment":
        img = parchment_ground((w, h), seeded_rng("papyrus", style.number, *card["rank"], t))
        for k, c in enumerate(rank):  # a 2×2 grid, rank order row by row
            x, y = 12 + (k % 2) * 36, 12 + (k // 2) * 36
            cv2.rectangle(img, (x, y), (x + 30, y + 30), c, -1)
        _text(img, str(t), w // 2, h - 32, cv2.FONT_HERSHEY_TRIPLEX | cv2.FONT_ITALIC, 1.3, (30, 45, 62), 2)
        cv2.rectangle(img, (0, 0), (w - 1, h - 1), (50, 60, 70), 2)
        return img
    if fam == "lineart":
        img = np.full((h, w, 3), (238, 240, 240), np.uint8)
        cv2.rectangle(img, (0, 0), (w - 1, h - 1), (40, 34, 30), 12)
        for k, c in enumerate(rank):  # columns, left to right
            cv2.rectangle(img, (12 + k * 17, 14), (24 + k * 17, 90), c, -1)
        _text(img, str(t), w // 2, h - 26, cv2.FONT_HERSHEY_SCRIPT_COMPLEX, 1.1, (40, 34, 30), 2)
        return img
    if fam == "photo":
        rng = seeded_rng("papyrus-photo", style.number, *card["rank"], t)
        img = np.full((h, w, 3), (170, 205, 220), np.float32)
        img *= np.linspace(1.15, 0.85, h, dtype=np.float32)[:, None, None]
        img += 8 * cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 1.2)[:, :, None]
        img = np.clip(img, 0, 255).astype(np.uint8)
        for k, c in enumerate(rank):  # stripes the card's width
            cv2.rectangle(img, (0, 8 + k * 22), (w - 1, 26 + k * 22), c, -1)
        cv2.putText(
            img, str(t), (w - 34, h - 12), cv2.FONT_HERSHEY_SIMPLEX, 1.2, (30, 30, 30), 3, cv2.LINE_AA
        )
        cv2.rectangle(img, (1, 1), (w - 2, h - 2), (225, 225, 225), 2)
        return img
    if fam == "ebony":  # quarters clockwise from the top left, the threshold as pips
        img = np.full((h, w, 3), EBONY, np.uint8)
        for k, c in enumerate(rank):
            x, y = (10, 46, 46, 10)[k], (10, 10, 46, 46)[k]
            cv2.rectangle(img, (x, y), (x + 30, y + 30), c, -1)
        for k in range(t):
            cv2.circle(img, (w // 2 + int((k - (t - 1) / 2) * 10), h - 24), 3, GOLD, -1, cv2.LINE_AA)
        cv2.rectangle(img, (0, 0), (w - 1, h - 1), (15, 12, 10), 2)
        return img
    if fam == "mosaic":  # bars of stones shortening down the card, the threshold on a dark strip
        cell = MOSAIC_CELL
        img, rng = _mosaic_card(style, "papyrus", *card["rank"], t)
        for k, suit in enumerate(rank):
            y = 14 + k * 19
            lay_stones(img, (cell, y, cell + 70 - 14 * k, y + 14), 7, suit, rng)
        lay_stones(img, (cell, h - 4 * cell, w - cell, h - cell), cell, MOSAIC_INK, rng)
        seven_segment(img, str(t), w / 2, h - 2.5 * cell, 22, MOSAIC_SHELL)
        return img
    if fam == "woodcut":  # washes stepping down like stairs, each on a tread; tally marks
        rng = seeded_rng("papyrus-woodcut", style.number, *card["rank"], t)
        img = woodcut_paper(CARD_PX, rng)
        ink = np.zeros((h, w), np.uint8)
        for k, suit in enumerate(rank):
            x, y = 9 + 11 * k, 10 + 22 * k
            wash(img, _woodcut_box(x, y, x + 38, y + 16, rng), suit, rng)
            cv2.line(ink, (x - 2, y + 20), (x + 40, y + 20), 255, 3, cv2.LINE_AA)
        rough_frame(ink, 3, 2, rng)
        tally(ink, t, (w - tally_width(t, 24)) / 2, 106, 24, rng)
        img = print_block(img, ink, rng)
        cv2.rectangle(img, (0, 0), (w - 1, h - 1), (70, 80, 90), 1)
        return img
    cream = (205, 228, 240)  # heldout: discs in a column, Roman threshold
    img = np.full((h, w, 3), cream, np.uint8)
    for k, c in enumerate(rank):
        cv2.circle(img, (w // 2, 18 + k * 24), 10, c, -1, cv2.LINE_AA)
        cv2.circle(img, (w // 2, 18 + k * 24), 11, (60, 70, 80), 1, cv2.LINE_AA)
    _text(img, ROMAN5[t], w // 2, h - 22, cv2.FONT_HERSHEY_PLAIN, 1.6, (50, 50, 50), 2)
    cv2.rectangle(img, (0, 0), (w - 1, h - 1), (60, 70, 80), 1)
    return img


def card_face(label: str, style: ArtStyle | None = None) -> np.ndarray:
    """Any Ankh face by its label, drawn by the style's family."""
    style = style or ArtStyle()
    if style.family == "classic":
        return papyrus_face(label, style) if label.startswith("papyrus-") else mummy_face(label, style)
    if label.startswith("papyrus-"):
        card = parse_papyrus(label)
        if card is None:
            raise ValueError(f"{label!r} is not a papyrus label")
        return _family_papyrus(card, style)
    colour, value = label.split("-")
    return MUMMY_DRAWERS[style.family](colour, int(value), style)


def write_card_enrolment_set(
    folder: Any, labels: list[str] | None = None, style: ArtStyle | None = None, seed: int = 0
) -> list[str]:
    """``<label>.png`` photos of Ankh faces (default: all 38), as ``scarab vision enroll
    --game ankh --from`` reads them."""
    return write_enrolment_set(folder, labels or card_labels(), style, seed, draw=card_face)


# ---------------------------------------------------------------------- the table


@dataclass
class Seat:
    """Where a seat's card lies and which way its row runs (table mm)."""

    seat: int
    marker: np.ndarray  # the seat card's centre
    facing: np.ndarray  # unit vector from the seat into the table
    shift: float  # the row's middle along it, from in front of the marker (mm)
    overlaps: list[float]  # between card i and i+1
    turns: list[float]  # each card's small turn (°)
    wobble: list[float]  # each card's offset across the row (mm)

    @property
    def right(self) -> np.ndarray:
        return np.array([-self.facing[1], self.facing[0]])

    def card_pose(self, i: int, n: int) -> tuple[np.ndarray, float]:
        """Card i of a row of n: its centre (mm) and turn (° clockwise; 0 is upright for a
        seat on the bottom edge). A row is laid about the middle in front of its seat."""
        length = sum(CARD_MM[0] - o for o in self.overlaps[: max(n - 1, 0)])
        along = self.shift - length / 2 + sum(CARD_MM[0] - o for o in self.overlaps[:i])
        centre = (
            self.marker + self.facing * (MARKER_GAP + CARD_MM[1] / 2 + self.wobble[i]) + self.right * along
        )
        upright = math.degrees(math.atan2(self.facing[0], -self.facing[1]))
        return centre, upright + self.turns[i]


MARKER_GAP = 40.0  # from a seat card's centre to the near edge of its row (mm)
SEAT_INSET = 20.0  # a seat card's centre inside the corner markers' line
MAX_ROW = 8


@dataclass
class CardScene(Stage):
    """An Ankh table of ``seats`` players seen by one fixed camera under one light."""

    seats: int = 3
    seed: int = 0
    level: str = "medium"
    size: tuple[int, int] = (1280, 720)
    style: ArtStyle = field(default_factory=ArtStyle)
    overlap: tuple[float, float] | None = None  # how far a row's cards overlap (mm); None: the level's
    table: tuple[int, int, int] | None = None  # the table's colour (BGR); None: the stage's own

    def __post_init__(self) -> None:
        self._check_level()
        if not 2 <= self.seats <= 6:
            raise ValueError("an Ankh table has 2 to 6 seats")
        rng = np.random.default_rng([self.seed, 77])
        width, height = float(rng.uniform(920, 980)), float(rng.uniform(660, 680))
        self._stage(rng, width, height)
        if self.table is not None:
            self.table_colour = np.array(self.table, np.float32)
        self.card_params = {k: v for k, v in CARD_LEVELS[self.level].items()}
        if self.overlap is not None:
            self.card_params["overlap"] = self.overlap
        self.seat_list = self._seats(rng, width, height)
        self.pile_centre = np.array([width / 2, height / 2]) + rng.uniform(-20, 20, 2)
        self.pile_turn = float(rng.integers(0, 4) * 90 + rng.uniform(-8, 8))
        self.peeks = [
            (float(rng.uniform(0, 2 * math.pi)), float(rng.uniform(7, 16)), float(rng.uniform(-25, 25)))
            for _ in range(3)
        ]
        self.sleeve = SLEEVES[int(rng.integers(0, len(SLEEVES)))]
        self._faces: dict[str, np.ndarray] = {}
        self._plane_cache: dict[Any, np.ndarray] = {}

    def _seats(self, rng: np.random.Generator, w: float, h: float) -> list[Seat]:
        e = SEAT_INSET
        spots = [  # round the table: bottom left, bottom right, right, top right, top left, left
            ((0.27 * w, h - e), (0, -1)),
            ((0.73 * w, h - e), (0, -1)),
            ((w - e, h / 2), (-1, 0)),
            ((0.73 * w, e), (0, 1)),
            ((0.27 * w, e), (0, 1)),
            ((e, h / 2), (1, 0)),
        ]
        chosen = sorted(rng.choice(6, size=self.seats, replace=False).tolist())
        first = int(rng.integers(0, len(chosen)))
        chosen = chosen[first:] + chosen[:first]  # seat 0 sits anywhere; the others follow round
        out = []
        lo, hi = self.card_params["overlap"]
        tlo, thi = self.card_params["turn"]
        for seat, k in enumerate(chosen):
            (x, y), facing = spots[k]
            out.append(
                Seat(
                    seat,
                    np.array([x, y]) + rng.uniform(-6, 6, 2),
                    np.array(facing, np.float64),
                    float(rng.uniform(-8, 8)),
                    [float(rng.uniform(lo, hi)) for _ in range(MAX_ROW)],
                    [float(rng.uniform(tlo, thi)) for _ in range(MAX_ROW)],
                    [float(rng.uniform(-2, 2)) for _ in range(MAX_ROW)],
                )
            )
        return out

    def face(self, label: str) -> np.ndarray:
        if label not in self._faces:
            self._faces[label] = card_face(label, self.style)
        return self._faces[label]

    def deal(self, rng: np.random.Generator | None = None) -> tuple[dict[int, list[str]], list[str]]:
        """A random moment of a game: 0–8 mummy cards per row, a pile of 1–4 papyri."""
        rng = rng or np.random.default_rng([self.seed, 5])
        rows = {
            s.seat: [
                MUMMY_LABELS[int(i)]
                for i in rng.integers(0, len(MUMMY_LABELS), int(rng.integers(0, MAX_ROW + 1)))
            ]
            for s in self.seat_list
        }
        labels = papyrus_labels()
        pile = [labels[int(i)] for i in rng.choice(len(labels), size=int(rng.integers(1, 5)), replace=False)]
        return rows, pile

    def plane(self, rows: dict[int, list[str]], pile: list[str]) -> np.ndarray:
        """The table with markers, rows and the pile (no light or hands)."""
        key = (tuple((k, tuple(v)) for k, v in sorted(rows.items())), tuple(pile))
        if key in self._plane_cache:
            return self._plane_cache[key].copy()
        plane = self._table()
        w, h = self.width_mm, self.height_mm
        for marker_id, (x, y) in {0: (0, 0), 1: (w, 0), 2: (w, h), 3: (0, h)}.items():
            self._marker(plane, marker_id, x, y)
        for s in self.seat_list:
            self._marker(plane, 20 + s.seat, float(s.marker[0]), float(s.marker[1]))
            row = rows.get(s.seat, [])[:MAX_ROW]
            for i, label in enumerate(row):
                centre, turn = s.card_pose(i, len(row))
                self._paste(plane, self.face(label), float(centre[0]), float(centre[1]), CARD_MM, turn)
        for centre, turn, label in self.pile_poses(pile):
            self._paste(plane, self.face(label), float(centre[0]), float(centre[1]), CARD_MM, turn)
        self._plane_cache = {key: plane}
        return plane.copy()

    def pile_poses(self, pile: list[str]) -> list[tuple[np.ndarray, float, str]]:
        """Where each papyrus of the pile (bottom first) lies: the top one at the pile's
        centre, up to three older ones peeking out under it."""
        poses = []
        older = pile[:-1][-3:]
        for k, label in enumerate(older):
            a, r, turn = self.peeks[(len(older) - 1 - k) % 3]
            off = np.array([math.cos(a), math.sin(a)]) * r
            poses.append((self.pile_centre + off, self.pile_turn + turn, label))
        if pile:
            poses.append((self.pile_centre, self.pile_turn, pile[-1]))
        return poses

    def render(
        self,
        rows: dict[int, list[str]] | None = None,
        pile: list[str] | None = None,
        hand: bool = False,
        frame_seed: int = 0,
        skin: tuple[int, int, int] = SKIN,
        sleeve: tuple[int, int, int] | bool | None = True,
    ) -> Scene:
        """A frame: ``rows`` per seat (left to right as the seat sees them) and the papyrus
        ``pile`` (bottom first; the last is the top) — by default the scene's ``deal()``;
        ``hand``: a hand of ``skin`` (BGR) reaches over a row or the pile, in the scene's
        own sleeve (``sleeve`` True), a sleeve of that colour, or bare (None)."""
        rng = np.random.default_rng([self.seed, frame_seed])
        if rows is None or pile is None:
            dealt_rows, dealt_pile = self.deal()
            rows = dealt_rows if rows is None else rows
            pile = dealt_pile if pile is None else pile
        plane = self.plane(rows, pile)
        if hand:
            spots = [s.card_pose(0, 1)[0] for s in self.seat_list] + [self.pile_centre]
            x, y = spots[int(rng.integers(0, len(spots)))]
            cloth = self.sleeve if sleeve is True else sleeve or None
            self._hand(plane, rng, float(x), float(y), cloth, skin)
        image = self._photograph(plane, rng)
        cards = []
        truth_rows: dict[str, list[str]] = {}
        for s in self.seat_list:
            row = rows.get(s.seat, [])[:MAX_ROW]
            truth_rows[str(s.seat)] = list(row)
            for i, label in enumerate(row):
                centre = self.to_image(s.card_pose(i, len(row))[0][None])[0]
                cards.append(
                    {
                        "seat": s.seat,
                        "index": i,
                        "label": label,
                        "center": [round(float(v), 1) for v in centre],
                    }
                )
        top = parse_papyrus(pile[-1]) if pile else None
        truth = {
            "rows": truth_rows,
            "papyrus": top,
            "papyrus_center": [round(float(v), 1) for v in self.to_image(self.pile_centre[None])[0]]
            if pile
            else None,
            "cards": cards,
            "hand": hand,
            "level": self.level,
            "seed": self.seed,
        }
        return Scene(image, truth)
