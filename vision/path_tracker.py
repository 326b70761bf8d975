"""Following the Tutankhamen path through a game: which of its places still hold a tile.

The first full reading (``PathReader.read``) fixes the path: every place's centre, kept
in table millimetres so that a camera that was nudged (the corner markers moved) only
needs a new calibration, together with how each place looked then. After that no frame
is walked again — a path with holes cannot be walked reliably — but each known place is
compared with its first look: still its tile (the same picture, the same contrast), or
bare table (a flat picture that matches nothing; the table's colour alone is no test, as
shadows and wood grain fool it), perhaps with a pawn standing there, which is left out
of the comparison. Frames are used only once the table is
still (no hand over it, nothing moving between two frames), and a few such frames vote
before anything is reported, so one bad frame never becomes an observation. What the
changes mean is for the rules to decide (firmware/referees/camera_referee.py): this module knows
none.
"""

from __future__ import annotations

import base64
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from vision.catalogue import Catalogue
from vision.errors import VisionError
from vision.faces import INNER, PATCH, crop_patch
from vision.path_reader import (
    PathReader,
    PathReading,
    ReaderSettings,
    Slot,
    blank_marker,
    foreground,
    hand_blob,
    table_colour,
    tile_angle,
)
from vision.tracking import ArmWatch, VotingTracker, Waiting


@dataclass
class TrackerSettings:
    """Measured on rendered tables (easy to hard): a tile still there matches its first
    look at 0.97 or more with all its contrast; a bare place, with or without a pawn on
    it, below 0.6, or below 0.75 with under a third of the contrast."""

    votes: int = 3  # still frames that vote on each observation
    still_levels: int = 14  # a downscaled grey pixel that changes more than this has moved
    still_share: float = 0.002  # more than this share of moved pixels: the table is not still
    present_at: float = 0.8  # a place that matches its first look this well holds its tile
    absent_at: float = 0.7  # one that matches this poorly is bare
    flat_at: float = 0.3  # and so is one with this little of its first look's contrast
    contrast_at: float = 0.5  # a tile keeps at least this much of it
    shift: int = 2  # patch pixels a tile may have slid and still be found
    pawn_cover: float = 1.8  # hidden round a pawn, in its seen radius (its rim and shadow)


REF = PATCH + 2 * 2  # a place's crop: the compared patch with room to slide


@dataclass
class PathLayout:
    """The path's places from the first full reading: centres in table mm, the tile's
    small turn in the top view, its label, and how the place first looked (a crop of
    the top view, the reference every later frame is compared with)."""

    centres_mm: np.ndarray  # n×2
    angles: list[float]
    labels: list[str | None]
    looks: np.ndarray  # n×REF×REF×3 BGR uint8

    def __len__(self) -> int:
        return len(self.labels)

    def to_json(self) -> dict[str, Any]:
        strip = np.concatenate(list(self.looks), axis=1) if len(self.looks) else np.zeros((REF, 0, 3))
        ok, png = cv2.imencode(".png", strip)
        if not ok:
            raise ValueError("the reference looks could not be encoded")
        return {
            "centres_mm": [[round(float(x), 2), round(float(y), 2)] for x, y in self.centres_mm],
            "angles": [round(a, 2) for a in self.angles],
            "labels": list(self.labels),
            "looks_png": base64.b64encode(png.tobytes()).decode(),
        }

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> PathLayout:
        """A layout saved by ``to_json``; ValueError (or KeyError/TypeError) if damaged."""
        centres = np.array(doc["centres_mm"], np.float64).reshape(-1, 2)
        angles = [float(a) for a in doc["angles"]]
        labels = [None if v is None else str(v) for v in doc["labels"]]
        strip = cv2.imdecode(np.frombuffer(base64.b64decode(doc["looks_png"]), np.uint8), cv2.IMREAD_COLOR)
        n = len(labels)
        sizes = {len(centres), len(angles), n}
        if strip is None or strip.shape != (REF, REF * n, 3) or sizes != {n} or not n:
            raise ValueError("a path layout needs one centre, turn, label and look per place")
        looks = np.stack([strip[:, i * REF : (i + 1) * REF] for i in range(n)])
        return cls(centres, angles, labels, looks)


@dataclass(frozen=True)
class Observation:
    """What still frames agreed on: places seen bare, pawns on the path (by place), and
    places no majority could tell."""

    removed: list[int]
    pawns: dict[str, int]
    unreadable: list[int]


@dataclass
class Look:
    """One frame's verdict per place: True (its tile), False (bare), None (unsure)."""

    present: list[bool | None]
    scores: list[float]
    pawns: dict[str, int] = field(default_factory=dict)
    contrasts: list[float] = field(default_factory=list)


class PathTracker(VotingTracker[Look, Observation]):
    """Follows one laid path; ``feed`` it every frame the camera gives."""

    def __init__(
        self,
        catalogue: Catalogue,
        layout: PathLayout | None = None,
        settings: TrackerSettings | None = None,
        reader_settings: ReaderSettings | None = None,
    ) -> None:
        self.reader = PathReader(catalogue, reader_settings)
        self.layout = layout
        self.settings = settings or TrackerSettings()
        self._start()
        self._refs: tuple[PathLayout, list[np.ndarray]] | None = None
        self.arms = ArmWatch()
        self._last_view: np.ndarray | None = None

    @property
    def side(self) -> float:
        """A tile's side in top-view pixels (as the reader measured it in the last frame)."""
        return self.reader.tile_mm * self.reader.settings.px_per_mm

    # ------------------------------------------------------------ the first reading

    def learn(self, frame: np.ndarray) -> PathReading:
        """Read the whole path once and keep its places if the reading reached marker 11
        (``reading.complete``; otherwise nothing is kept). A VisionError for a frame the
        reader refuses (a hand over the table, markers covered, ...)."""
        reading = self.reader.read(frame)
        if not reading.complete or not reading.tiles:
            return reading
        view, _, cal = self.reader.view(frame)
        image_px = np.array([t["center"] for t in reading.tiles], np.float64)
        centres_mm = cal.table_points(image_px)
        centres = view.view_point(centres_mm)
        angles = [tile_angle(view.image, c, self.side) for c in centres]
        looks = np.stack([self._crop(view.image, c, a) for c, a in zip(centres, angles, strict=True)])
        self.layout = PathLayout(centres_mm, angles, reading.labels, looks)
        self.arms.settle(view.image)
        self.window.clear()
        return reading

    def _crop(self, image: np.ndarray, centre: np.ndarray, angle: float) -> np.ndarray:
        """A place's crop at the patch's scale, with room to slide by ``shift``."""
        return crop_patch(image, centre, self.side * REF / PATCH, angle, REF, INNER)

    # ------------------------------------------------------------ one frame

    def look(self, frame: np.ndarray) -> Look:
        """Each known place in this frame — its tile, bare, or unsure — and the pawns on
        the path. A VisionError when the frame cannot be read (a hand over the table too)."""
        layout = self.layout
        if layout is None:
            raise ValueError("the path has not been read yet: learn() it first")
        s, side = self.settings, self.side
        view, markers, cal = self.reader.view(frame)
        table = table_colour(view, cal, markers)
        mask = foreground(view.image, side, table)
        for marker in markers.values():
            blank_marker(mask, view, cal, marker)
        centres = view.view_point(layout.centres_mm)
        if hand_blob(view.image, mask, side, view.px_per_mm, table) is not None or self.arms.something_over(
            view.image, side, list(centres)
        ):
            raise VisionError("hand-over-table", "a hand is over the table")
        slots = [Slot(c, np.array([1.0, 0.0]), 0.0) for c in centres]
        pawns = self.reader.find_pawns(view, mask, slots) if self.reader.pawn_colours else []
        refs = self._references(layout)
        present: list[bool | None] = []
        scores: list[float] = []
        contrasts: list[float] = []
        for i, centre in enumerate(centres):
            covers = [
                (np.array(p["view"]), p["radius"] * s.pawn_cover)
                for p in pawns
                if np.linalg.norm(np.array(p["view"]) - centre) < side
            ]
            angle = layout.angles[i]
            crop = self._crop(view.image, centre, angle)
            score, contrast = likeness(crop, refs[i], s.shift, hidden_by(covers, centre, side, angle))
            scores.append(round(score, 3))
            contrasts.append(round(contrast, 3))
            if score <= s.absent_at or contrast <= s.flat_at:  # (NaN, no telling, is neither)
                present.append(False)
            else:
                present.append(True if score >= s.present_at and contrast >= s.contrast_at else None)
        on_path = {str(p["label"]): int(p["index"]) for p in pawns if p["index"] is not None}
        self._last_view = view.image
        return Look(present, scores, on_path, contrasts)

    def _references(self, layout: PathLayout) -> list[np.ndarray]:
        """The places' first looks as compared, prepared once per layout."""
        if self._refs is None or self._refs[0] is not layout:
            self._refs = (layout, [reference(look) for look in layout.looks])
        return self._refs[1]

    # ------------------------------------------------------------ following

    def not_ready(self) -> Waiting | None:
        return Waiting("no-layout", "the path has not been read yet") if self.layout is None else None

    def vote(self) -> Observation:
        """Per place and per pawn, what a majority of the window's frames saw."""
        if self._last_view is not None:  # still frames agreed: the table at rest now
            self.arms.settle(self._last_view)
        looks = list(self.window)
        need = len(looks) // 2 + 1
        removed, unsure = [], []
        for i in range(len(looks[0].present)):
            seen = Counter(look.present[i] for look in looks)
            if seen[False] >= need:
                removed.append(i)
            elif seen[True] < need:
                unsure.append(i)
        pawns: dict[str, int] = {}
        for label in sorted({label for look in looks for label in look.pawns}):
            where, count = Counter(look.pawns.get(label) for look in looks).most_common(1)[0]
            if where is not None and count >= need:
                pawns[label] = where
        return Observation(removed, pawns, unsure)


def hidden_by(
    covers: list[tuple[np.ndarray, float]], centre: np.ndarray, side: float, angle: float
) -> np.ndarray | None:
    """The pixels of a place's crop (REF square) that pawns cover, or None."""
    if not covers:
        return None
    scale = side * INNER / PATCH
    a = np.deg2rad(angle)
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    vs, us = np.mgrid[0:REF, 0:REF]
    hidden = np.zeros((REF, REF), bool)
    for where, radius in covers:
        u, v = rot.T @ (where - centre) / scale + REF / 2 - 0.5
        hidden |= (us - u) ** 2 + (vs - v) ** 2 <= (radius / scale + 1.5) ** 2
    return hidden


def reference(first: np.ndarray) -> np.ndarray:
    """A place's first look as compared: its inner patch, blurred a little, as floats."""
    m = (REF - PATCH) // 2
    return cv2.GaussianBlur(first, (0, 0), 0.8).astype(np.float32)[m : m + PATCH, m : m + PATCH]


def likeness(crop: np.ndarray, ref: np.ndarray, shift: int, hidden: np.ndarray | None) -> tuple[float, float]:
    """How well a place looks as it first did (``ref``, from ``reference``), over slides
    of up to ``shift`` pixels: the best correlation of the inner patch (each colour
    channel about its own mean, so a flat bare table matches no face), and the contrast
    then, relative to the first look's (a bare table has little). Pixels a pawn hides
    are left out; NaN when nearly all are hidden."""
    m = (REF - PATCH) // 2
    now = cv2.GaussianBlur(crop, (0, 0), 0.8).astype(np.float32)
    if hidden is None:  # the common case, in C: TM_CCOEFF_NORMED takes each channel's mean
        area = now[m - shift : m + shift + PATCH, m - shift : m + shift + PATCH]
        scores = cv2.matchTemplate(area, ref, cv2.TM_CCOEFF_NORMED)
        y, x = np.unravel_index(int(np.argmax(scores)), scores.shape)
        window = area[y : y + PATCH, x : x + PATCH].reshape(-1, 3)
        spread = float(window.var(axis=0).sum()) / max(float(ref.reshape(-1, 3).var(axis=0).sum()), 1e-6)
        return float(scores[y, x]), float(np.sqrt(spread))
    span = range(m - shift, m + shift + 1)
    windows = np.stack([now[y : y + PATCH, x : x + PATCH] for y in span for x in span])  # k×P×P×3
    keep = np.stack([~hidden[y : y + PATCH, x : x + PATCH] for y in span for x in span])
    keep = keep.astype(np.float32)[..., None]
    n = keep.sum(axis=(1, 2))  # k×1
    ok = n[:, 0] >= 0.15 * PATCH * PATCH
    if not ok.any():
        return float("nan"), float("nan")  # nearly all under a pawn: no telling
    n = np.maximum(n, 1.0)
    mean_ref = (keep * ref).sum(axis=(1, 2)) / n  # k×3
    mean_now = (keep * windows).sum(axis=(1, 2)) / n
    cov = (keep * ref * windows).sum(axis=(1, 2)) - n * mean_ref * mean_now
    var_ref = (keep * ref * ref).sum(axis=(1, 2)) - n * mean_ref**2
    var_now = (keep * windows * windows).sum(axis=(1, 2)) - n * mean_now**2
    vr, vn = np.maximum(var_ref.sum(1), 1e-6), np.maximum(var_now.sum(1), 1e-6)
    ncc = np.where(ok, cov.sum(1) / np.sqrt(vr * vn), -1.0)
    best = int(np.argmax(ncc))
    return float(ncc[best]), float(np.sqrt(vn[best] / vr[best]))
