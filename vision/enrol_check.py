"""Which enrolled faces the reader may mistake for each other, found before any game.

Two faces can be distinct to the eye and still too alike for the reader: two sets whose
colours lie close under the box's print, or the same face enrolled under two labels by
mistake. ``alike_pairs`` makes a few copies of every enrolled face as a frame might
show it — dimmer and brighter, under warmer and cooler light, blurred, a little larger
or smaller, a little turned — and matches each against the catalogue with the readers'
own face index (vision/faces.py, built as PathReader and CardReader build it), the way
the reader would: the plain look, then the sharper look and the colour look it gives a
close call. A pair is reported when some copy of one face is taken for the other, or
beats it by less than the reader's own least margin: the reader would call such faces
unreadable, or worse, at the table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

from vision.catalogue import Catalogue, is_card_game
from vision.faces import FINE_INNER, WIDE, WIDE_INNER, FaceIndex, Size, face_patch, normalised, smoothed

RIVAL_SPAN = 0.15  # labels this close to a copy's own score (or above it) are looked at closely

Augment = Callable[[np.ndarray], np.ndarray]


def _gain(image: np.ndarray, bgr: tuple[float, float, float]) -> np.ndarray:
    return np.clip(image.astype(np.float32) * np.array(bgr, np.float32), 0, 255).astype(np.uint8)


def _warp(image: np.ndarray, turn: float, scale: float) -> np.ndarray:
    h, w = image.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2 - 0.5, h / 2 - 0.5), turn, scale)
    return cv2.warpAffine(image, m, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


# what a frame does to a face that its enrolment photo did not show: each alone
AUGMENTS: dict[str, Augment] = {
    "dim": lambda f: _gain(f, (0.7, 0.7, 0.7)),
    "bright": lambda f: _gain(f, (1.2, 1.2, 1.2)),
    "warm": lambda f: _gain(f, (0.85, 0.95, 1.05)),  # a lamp of about 4000 K, partly balanced
    "cool": lambda f: _gain(f, (1.05, 0.98, 0.88)),
    "blur": lambda f: cv2.GaussianBlur(f, (0, 0), 1.2),
    "smaller": lambda f: _warp(f, 0.0, 0.94),
    "larger": lambda f: _warp(f, 0.0, 1.06),
    "turned": lambda f: _warp(f, 4.0, 1.0),
}


@dataclass(frozen=True)
class Alike:
    """Two labels the reader tells apart by too little (``margin`` below 0: it took one
    for the other), with the copy that came closest."""

    a: str
    b: str
    margin: float
    copy: str  # "<label> <augment>", e.g. "cat-blue dim"

    def to_json(self) -> list[str | float]:
        return [self.a, self.b, round(self.margin, 3)]


@dataclass
class Look:
    """One reader's index, the patch sizes it compares and its margin."""

    index: FaceIndex
    patch: Size
    fine: Size
    min_score: float
    min_margin: float
    colour_weight: float | None = None  # the colour look's, where the reader gives one


def looks(cat: Catalogue) -> list[Look]:
    """The face indexes the catalogue's reader builds (cards: mummies and papyri apart)."""
    if is_card_game(cat.game):
        from vision.card_reader import CardReader

        reader = CardReader(cat)
        s = reader.settings
        return [
            Look(index, s.patch, s.fine, s.min_score, s.min_margin)
            for index in (reader.mummies, reader.papyri)
            if index is not None
        ]
    from vision.faces import FINE, PATCH
    from vision.path_reader import PathReader

    path = PathReader(cat)
    s = path.settings
    return [Look(path.index, PATCH, FINE, s.min_score, s.min_margin, s.colour_weight)]


def _per_label(look: Look, patch: np.ndarray) -> np.ndarray:
    """A copy's best plain correlation with each label of the index."""
    index = look.index
    scores = normalised(smoothed(index.prepare(patch))[None]) @ index.matrix.T
    best = np.full(len(index.names), -1.0, np.float32)
    np.maximum.at(best, index.column_label, scores[0])
    return best


def _pair_margin(look: Look, copy: np.ndarray, own: str, rival: str, plain: float) -> float:
    """How clearly the reader tells ``own`` from ``rival`` on this copy: the best margin
    of its plain, sharper and colour looks (the reader takes whichever is surest)."""
    index, among = look.index, (own, rival)
    fine = index.rerank([face_patch(copy, look.fine, FINE_INNER)], among, look.min_score, look.min_margin)
    seen = [fine]
    if look.colour_weight is not None:
        seen.append(
            index.colour_look(
                [face_patch(copy, look.patch)],
                [face_patch(copy, WIDE, WIDE_INNER)],
                among,
                look.min_score,
                look.min_margin,
                look.colour_weight,
            )
        )
    signed = [m.score - m.runner_up if m.label == own else m.runner_up - m.score for m in seen]
    return max(plain, *signed)


def alike_pairs(cat: Catalogue, thin: float | None = None) -> list[Alike]:
    """Every pair of labels the reader tells apart by less than ``thin`` (default: the
    reader's least margin) on some augmented copy of one of their enrolled faces, the
    closest first."""
    closest: dict[tuple[str, str], Alike] = {}
    for look in looks(cat):
        least = look.min_margin if thin is None else thin
        names = look.index.names
        if len(names) < 2:
            continue
        for own, face in (f for f in cat.faces if f[0] in names):
            for name, augment in AUGMENTS.items():
                copy = augment(face)
                plain = _per_label(look, face_patch(copy, look.patch))
                mine = plain[names.index(own)]
                for j, rival in enumerate(names):
                    if rival == own or plain[j] < mine - RIVAL_SPAN:
                        continue
                    margin = _pair_margin(look, copy, own, rival, float(mine - plain[j]))
                    key = (min(own, rival), max(own, rival))
                    if margin < least and (key not in closest or margin < closest[key].margin):
                        closest[key] = Alike(key[0], key[1], margin, f"{own} {name}")
    return sorted(closest.values(), key=lambda p: (p.margin, p.a, p.b))
