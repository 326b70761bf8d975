"""The detail look: cards of one colour told apart only where they differ, matched locally.

A mummy card's value is a small mark — a numeral in a corner, a row of pips — on art its
colour's other values share. Whole-card correlations weigh that mark against everything
else, and against how each enrolment photo happened to be lit (a brighter photo of the 4
than of the 3 differs more than their numerals do). So this look keeps only the detail
(each face minus its own blur: no shading, no white balance), finds where the leading
labels' enrolled faces differ (the regions), and matches each label's regions together
within a few pixels of where they belong — a crop cut a little off, or a card a little
bigger in the frame than enrolled, moves a corner numeral further than the whole-card
looks' shifts follow.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.faces import Match, verdict

FACE = (64, 100)  # the compared card (width, height): a catalogue face's own size
SMOOTH = 1.0  # both sides blurred alike first (px): a sharp photo against a softer frame
HIGH_PASS = 5.0  # the detail is what a blur this wide (px) does not keep
SPREAD_BLUR = 2.0  # the faces' spread smoothed over this (px) before it picks the regions
SHARE = 0.6  # a region is where the spread reaches this share of its peak
RIM = 7  # px at the face's rim left out (a ninth of its width: a photo's cut edge, bevel, the table round it)
REACH = 6  # px each way a region is looked for round its place
ANCHOR: int | None = 3  # …but only this far (px) from where the whole face fits best
LEAST_AREA = 12  # px²: smaller regions are specks
# how far it trusts itself: its clear verdicts on camera-like copies of the catalogue's own
# faces (``reliable``) may be wrong at most this share of the time
TRUSTED = 0.01
COPIES = 16  # camera-like copies of each face for that check
# the share of ``FACE``'s width the camera itself saw of a card is rounded to this: one set of
# faces brought down to that resolution for each step
SEEN_STEP = 0.05


def detail(image: np.ndarray) -> np.ndarray:
    """A face or crop (``FACE``, BGR) as its detail: float32, each channel minus its blur."""
    f = cv2.GaussianBlur(image.astype(np.float32), (0, 0), SMOOTH)
    out: np.ndarray = f - cv2.GaussianBlur(f, (0, 0), HIGH_PASS)
    return out


def _standard(a: np.ndarray) -> np.ndarray:
    a = a - a.mean(axis=(0, 1))
    out: np.ndarray = a / np.maximum(a.std(axis=(0, 1)), 1e-6)
    return out


@dataclass
class _Regions:
    boxes: list[tuple[int, int, int, int]]  # x, y, w, h in FACE pixels
    faces: dict[str, list[np.ndarray]]  # label → the detail of each of its photos, turned
    whole: np.ndarray  # all of them averaged: the art the labels share (``_near_whole``)
    # the same brought down to what the camera saw (``brought_down``); empty where it saw more
    low: dict[str, list[np.ndarray]]
    whole_low: np.ndarray | None


class DetailLook:
    """Built from the enrolled faces of one catalogue (label, image); the regions are
    worked out once per set of compared labels and turn."""

    def __init__(self, faces: Sequence[tuple[str, np.ndarray]]) -> None:
        self._faces = [
            (label, cv2.resize(image, FACE, interpolation=cv2.INTER_AREA)) for label, image in faces
        ]
        self.details: dict[str, list[np.ndarray]] = {}
        for label, face in self._faces:
            self.details.setdefault(label, []).append(detail(face))
        self._regions: dict[tuple[tuple[str, ...], int, float], _Regions] = {}
        self._reliable: bool | None = None

    def reliable(self, min_score: float, min_margin: float) -> bool:
        """Whether its clear verdicts can be trusted for this box: on camera-like copies of
        each enrolled face (shifted, scaled, softened at the frame's resolution, darker,
        noisy) among the values of its colour, at most ``TRUSTED`` of its clear verdicts
        are wrong. Dark cards whose one extra pip blurs into the next fail (4.8 % on a
        photoreal ebony box), as do thin line numerals (1.5 %). Judged with each mark free
        to move (``anchored=False``): the copies differ from the photos only by a shift, so
        the whole face pins them where a real crop — lit, turned, cut otherwise — may not;
        how a mark a pip's spacing off fits another value is what the check must see (a
        photoreal ebony box judged anchored passed at 0 wrong in 303 and read four values
        one too high in a frame of its own table)."""
        if self._reliable is None:
            rng = np.random.default_rng(0)
            right = wrong = 0
            for label, face in self._faces:
                if "-" not in label:
                    continue
                colour = label.rsplit("-", 1)[0]
                among = tuple(sorted({n for n, _ in self._faces if n.rsplit("-", 1)[0] == colour}))
                for _ in range(COPIES):
                    seen = self.look(_camera_like(face, rng), among, 0, min_score, min_margin, anchored=False)
                    if seen is not None and seen.confidence >= 0.5:
                        right += seen.label == label
                        wrong += seen.label != label
            self._reliable = right > 0 and wrong <= TRUSTED * (right + wrong)
        return self._reliable

    def regions(self, among: tuple[str, ...], turn: int, seen: float = 1.0) -> _Regions:
        """Where ``among`` differ, and their faces' detail there: each photo as it is and,
        for a card the camera saw at ``seen`` of ``FACE``'s width, also as the camera would
        show it (``brought_down``)."""
        key = (among, turn, seen)
        if key not in self._regions:
            sharp = {
                label: [_standard(np.rot90(d, turn).copy()) for d in self.details[label]]
                for label in among
                if label in self.details
            }
            means = np.array([np.mean(sharp[label], axis=0) for label in sharp])
            spread = cv2.GaussianBlur(means.std(axis=0).mean(axis=-1), (0, 0), SPREAD_BLUR)
            spread[:RIM], spread[-RIM:], spread[:, :RIM], spread[:, -RIM:] = 0, 0, 0, 0
            where = (spread > SHARE * max(float(spread.max()), 1e-6)).astype(np.uint8)
            where = cv2.dilate(where, np.ones((5, 5), np.uint8))
            count, _, stats, _ = cv2.connectedComponentsWithStats(where)
            boxes = [
                (int(x), int(y), int(w), int(h)) for x, y, w, h, area in stats[1:count] if area >= LEAST_AREA
            ]
            low = {}
            if seen < 1.0:
                low = {
                    label: [
                        _standard(np.rot90(detail(brought_down(f, seen)), turn).copy())
                        for name, f in self._faces
                        if name == label
                    ]
                    for label in sharp
                }
            whole_low = _averaged(low) if low else None
            self._regions[key] = _Regions(boxes, sharp, _averaged(sharp), low, whole_low)
        return self._regions[key]

    def look(
        self,
        crop: np.ndarray,
        among: tuple[str, ...],
        turn: int,
        min_score: float,
        min_margin: float,
        seen: float = 1.0,
        anchored: bool = True,
    ) -> Match | None:
        """The best of ``among`` for a card ``crop`` (``FACE``, upright as the catalogue's
        faces after ``turn`` quarter turns of them); None where they do not differ or fewer
        than two of them are enrolled. ``seen``: the share of ``FACE``'s width the camera
        saw of the card — below 1 the faces are compared as it would show them.
        ``anchored``: the regions matched only near where the whole face fits (``ANCHOR``)."""
        regions = self.regions(among, turn, min(1.0, max(SEEN_STEP, round(seen / SEEN_STEP) * SEEN_STEP)))
        names = list(regions.faces)
        if len(names) < 2 or not regions.boxes:
            return None
        padded = cv2.copyMakeBorder(detail(crop), REACH, REACH, REACH, REACH, cv2.BORDER_REPLICATE)
        anchor = ANCHOR if anchored else None
        faces = [regions.faces[n] for n in names]
        scores = _scores(padded, regions.boxes, faces, _near_whole(padded, regions.whole, anchor))
        if regions.low and regions.whole_low is not None:
            # how sharp a frame shows a mark lies between the photo and its pixel count (a
            # camera's own sharpening, a renderer's): the faces as the crop is best fitted
            lows = [regions.low[n] for n in names]
            low = _scores(padded, regions.boxes, lows, _near_whole(padded, regions.whole_low, anchor))
            if _lead(low) > _lead(scores):
                scores = low
        return verdict(scores, np.arange(len(names)), names, min_score, min_margin, len(names))


def _lead(scores: np.ndarray) -> float:
    """How far the best label's fit leads the next."""
    top = np.sort(scores[0])[::-1]
    return float(top[0] - top[1])


def _scores(
    padded: np.ndarray,
    boxes: list[tuple[int, int, int, int]],
    faces: list[list[np.ndarray]],
    kept: tuple[slice, slice] | None,
) -> np.ndarray:
    """Each label's fit (1 × labels) to a crop's detail padded by ``REACH``: its regions
    matched together, at the best shift (among the ``kept`` shifts, if given), the best of
    its photos."""
    scores = np.full((1, len(faces)), -1.0, np.float32)
    area = np.array([w * h for _, _, w, h in boxes], np.float32)
    for j, photos in enumerate(faces):
        for face in photos:
            maps = [
                cv2.matchTemplate(
                    padded[y : y + h + 2 * REACH, x : x + w + 2 * REACH],
                    face[y : y + h, x : x + w],
                    cv2.TM_CCOEFF_NORMED,
                )
                for x, y, w, h in boxes
            ]
            # one shift for every region: each region free to move on its own lets a wrong
            # label's numeral and pips each find their best spot apart
            together = np.tensordot(area, np.array(maps), axes=1) / area.sum()
            if kept is not None:
                together = together[kept]
            scores[0, j] = max(scores[0, j], float(together.max()))
    return scores


def _averaged(faces: dict[str, list[np.ndarray]]) -> np.ndarray:
    """Every photo of every label averaged (float32): the art they share."""
    every = [face for photos in faces.values() for face in photos]
    out: np.ndarray = np.mean(every, axis=0).astype(np.float32)
    return out


def _near_whole(padded: np.ndarray, whole: np.ndarray, reach: int | None) -> tuple[slice, slice] | None:
    """The shifts within ``reach`` px of where the card's ``whole`` face (its labels' photos
    averaged: the art they share, one place for the card), rim left out, fits the crop
    best; None for every shift. Where the faces differ is often where one has a mark and the
    other none (a 2's second pip, a 1's bare card), and a mark moved on its own onto the
    other's place fits that label."""
    if reach is None:
        return None
    h, w = whole.shape[:2]
    fit = cv2.matchTemplate(
        padded[RIM : h - RIM + 2 * REACH, RIM : w - RIM + 2 * REACH],
        whole[RIM : h - RIM, RIM : w - RIM],
        cv2.TM_CCOEFF_NORMED,
    )
    by, bx = np.unravel_index(int(np.argmax(fit)), fit.shape)
    return slice(max(0, by - reach), by + reach + 1), slice(max(0, bx - reach), bx + reach + 1)


def brought_down(face: np.ndarray, seen: float) -> np.ndarray:
    """A ``FACE`` as a camera that saw the card at ``seen`` of its width shows it, enlarged
    back: a crop of the top view holds no detail finer than the frame's own pixels, and a
    sharp photo's fine strokes (a pip's rim, a numeral's serif) are then detail only the
    photo has."""
    w, h = FACE
    small = cv2.resize(face, (max(2, round(w * seen)), max(2, round(h * seen))), interpolation=cv2.INTER_AREA)
    out: np.ndarray = cv2.resize(small, FACE, interpolation=cv2.INTER_LINEAR)
    return out


def _camera_like(face: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A ``FACE`` as a frame may show it: a few px off, a little bigger or smaller, at the
    frame's resolution (54 px wide), softened, darker, noisy."""
    w, h = FACE
    scale, (dx, dy) = rng.uniform(0.95, 1.05), rng.uniform(-3, 3, 2)
    m = np.array([[scale, 0, (1 - scale) * w / 2 + dx], [0, scale, (1 - scale) * h / 2 + dy]])
    moved = cv2.warpAffine(face, m, FACE, borderMode=cv2.BORDER_REPLICATE)
    small = cv2.GaussianBlur(
        cv2.resize(moved, (54, 84), interpolation=cv2.INTER_AREA), (0, 0), rng.uniform(0.6, 1.4)
    )
    lit = small.astype(np.float32) * rng.uniform(0.6, 1.1) + rng.normal(0, 3, small.shape)
    return cv2.resize(np.clip(lit, 0, 255).astype(np.uint8), FACE, interpolation=cv2.INTER_LINEAR)
