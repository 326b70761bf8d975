"""Reading the Tutankhamen path: which face lies where, in order from marker 10 to 11.

The frame is warped to a top view of the table and evened out against the markers (see
calibration.py). What is not table is found against a smooth estimate of the table's own
colour; the path is then walked from the start marker, tile by tile: the next tile lies
one tile's pitch ahead, to the left or to the right, and gaps of up to three missing
tiles are crossed straight ahead. Each tile is compared with the enrolled faces at a few
small shifts, which also corrects where the walk thinks the tile lies. A face that does
not match clearly is reported as unreadable, never guessed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from itertools import pairwise
from typing import Any

import cv2
import numpy as np

from vision.box import (
    AMIGO_ONLY,
    OTB_ONLY,
    Outcome,
    contested,
    crowded,
    edition_on_path,
    hold_to_box,
    overfilled,
    tutankhamen_box,
)
from vision.calibration import Calibration, TableLocator, TopView
from vision.catalogue import Catalogue
from vision.errors import VisionError
from vision.faces import (
    FINE,
    FINE_INNER,
    INNER,
    PATCH,
    WIDE,
    WIDE_INNER,
    FaceIndex,
    Kept,
    Match,
    crop_grid,
    crop_patch,
    normalised,
    photos_digest,
    smoothed,
    verdict,
)
from vision.factored import (
    COLOUR_FROM,
    PLAIN_FROM,
    PLAIN_SURE,
    KindColourLook,
    enrolled_grounds,
    kind_of,
    ramp,
)
from vision.frame_colour import Call, colour_of, group, set_colours, tile_ink
from vision.glare import burnt_map, burnt_share, glare_among, glared
from vision.markers import MARKER_MM, PATH_END, PATH_START, QUIET_MM, Marker, lenient_detector
from vision.outline import Outlines, WalkedSides
from vision.trained import INNER as TRAINED_INNER
from vision.trained import PAIR, Opinion, Trust, by_kind_and_colour, to_ask, trained_look, weigh
from vision.trained import SIDE as TRAINED_SIDE


@dataclass
class ReaderSettings:
    px_per_mm: float = 1.2  # the top view's resolution
    tile_mm: float | None = None  # a tile's side (mm); None: measured in each frame at marker 10
    tile_range: tuple[float, float] = (25.0, 50.0)  # the sides a measured tile may have (mm)
    # the first face must match this well at its best side for that side to be believed
    # (a whole face matches surely from 0.75): a weaker best — a face under a pawn, art the
    # catalogue reads poorly — leaves the last frame's side, the walk settling it on the
    # faces it reads surely. A medallion face matched 0.63-0.70 at the range's least side,
    # its medallion taken for the tile, and the walk stepped half tiles
    measure_sure: float = 0.75
    gap_mm: float = 1.5  # the usual gap between neighbours
    min_score: float = 0.6  # below this correlation a face is unreadable
    min_margin: float = 0.05
    fine_margin: float = 0.05  # the best label must beat the runner-up by this much
    pawn_cover: float = 0.9  # hidden round a pawn, in its seen radius (the blob runs over its rim)
    pawn_mm: float = 16.0  # a pawn's width: a dim pawn's blob of its colour looks smaller
    shadow_dark: float = 0.45  # a pawn's shadow darkens the face under it this much…
    shadow_shift: float = 0.5  # …in a disc as big as the pawn, this far off it (in its radius)…
    shadow_blur: float = 0.25  # …with a soft rim (σ, in its radius); its direction is looked for
    shadow_turns: int = 8
    pawn_min_area: float = 0.04  # a pawn's blob of its colour at least, in tile areas (dim or warm light)
    cover_min_score: float = 0.6  # a covered face shows less: it must match a little better…
    cover_sure_score: float = 0.7  # …and matches surely from here on (a whole face: from 0.75),
    cover_margin: float = 0.06  # but by a wider margin over the runner-up
    min_confidence: float = 0.5
    max_bridge: int = 3  # missing tiles crossed straight ahead
    # a place the walk steps to shows a square's four sides each at least this share as
    # sharp as the tiles walked usually are (vision/outline.py): bare wood beside a tile on
    # the photoreal set 0.05-0.07, a synthetic tile in a hand's shadow 0.27
    outline_share: float = 0.15
    # a face under a pawn read as a special (no set's colour) is read only this surely:
    # on the photoreal sets 7 such faces read at 1.0 were right, 2 at 0.5-0.7 were set
    # tiles of line art whose uncovered rim looked like the gold bag
    covered_special: float = 0.9
    colour_weight: float = 0.0075  # correlation lost per unit of mean chroma distance (Lab a*+b*)
    colour_min_score: float = 0.7  # the colour look only firms up faces matched at least this well
    use_box: bool = True  # no reading holds more tiles of a kind than the box (vision/box.py)
    edition: str | None = None  # the box's edition ("otb2004", "amigo"); None: told by the enrolled specials
    box_sure: float = 0.9  # a tile the box pushes off its label keeps the next one only this surely
    # a tile read less surely than this as a label the box then holds too few of, counting
    # the tiles that look like it first but unclearly, is asked (``box.crowded``; None: never)
    crowded: float | None = 0.95
    factored: bool = True  # an unsure face is also read as kind, then colour (vision/factored.py)
    frame_colours: bool = True  # the frame's own tiles tell its sets' colours (vision/frame_colour.py)
    anchor: float = 0.9  # a tile read at least this surely shows the frame's cast of its set
    ink_outlying: float | None = 8.0  # an ink this far from its group is no set's (``group``)
    # a face the trained look takes for another set's this surely anchors no group: on
    # synthetic parchment, rims read as another set's at full confidence kept the groups
    # from agreeing with their anchors (seed 10000, 84 frames of seven families and the
    # photoreal sets looked at: 600 -> 577 questions, none wrong)
    anchor_gainsaid: float | None = 0.9
    # faces the players confirmed as a second opinion (``_weigh_learned``): off, measured by
    # `bench learning` — mixed with the photos they made the reader surely wrong four
    # times as often; kept apart they change next to nothing (docs/vision.md §6)
    learned: bool = False
    # the look learned from camera-like copies of the photos (vision/trained.py): it
    # confirms an unsure face's first label, and a face it takes for another label at
    # least 0.8 surely (0.99 where the other looks were fully sure) is asked about —
    # under a warm lamp they read blue parchment rims as green at full confidence where
    # it did not. Below full confidence its doubts at 0.8-0.99 were right four times in
    # five; on fully sure faces about half the time (classic art's strong colours). Seed
    # 60000, tuned families, with the box's `contested`: 12 -> 3 wrong tiles, 14.4 ->
    # 15.2 % asked; the photoreal set 11 -> 7 wrong, 26.7 -> 28.4 % asked
    trained: bool = True
    trust: Trust = field(
        default_factory=lambda: Trust(
            veto=0.8, veto_whole=0.99, doubt_below=math.inf, kind=0.99, colour_sure=0.97
        )
    )
    # …but it reads no face the other looks matched less than this well (``measure_sure``:
    # a whole face), only doubts it: a face partly hidden — by a pawn the reader missed, a
    # hand's edge — is nothing any photo showed, and the trained look names one of its
    # labels for anything (photoreal sets: an orange pawn on a mask, read as the gold bag
    # at full certainty; None: it reads any face)
    trust_whole: float | None = 0.75
    # an unsure face is read as the kind the trained look is this sure of, in the colour
    # its ink shares with the frame's sure tiles, where the plain look finds that kind
    # within ``kind_within`` of its best label (``settle_kinds``)
    settle_kinds: bool = True
    settle_specials: bool = True  # …an unsure face the plain look put on a special too
    # …and an unsure face the trained look is ``kind_sure`` is a gold bag or a pharaoh,
    # whole and among the plain look's first three, is read as that special
    # (``name_specials``; photoreal seeds 41-53 looked at and 168 synthetic frames of
    # seven families: 984 -> 939 questions of 13,965 tiles, wrong 5 -> 5)
    name_specials: bool = True
    kind_sure: float = 0.99
    # a face read surely as a kind the trained look is this sure it is not is asked (it
    # was ``kind_sure`` before): medallion art's mask read at full confidence, the trained
    # look 0.97 sure of a cat (photoreal seed 49); seeds 41-53 looked at and 168 synthetic
    # frames: wrong 5 -> 4, questions 939 -> 940 of 13,965
    kind_doubt: float = 0.95
    kind_within: float = 0.25
    colour_agrees: float | None = 0.95  # a face whose colour the looks agree on anchors a group
    # …and its ink's lead (spread units) over the next group: the colour of an unsure face
    # at a lead of 2-4 was its set's 62 times in 63 (seed 60000 and the photoreal sets)
    settle_lead: float = 3.0
    # …unless the trained look names another colour this surely: two looks clearly at odds
    # over the colour make a question (photoreal sets looked at: of 165 faces settled, the
    # 3 green masks on ebony a blue group took were all named green at 1.0; of the 161
    # settled rightly, none had its colour gainsaid at 0.99 or more)
    colour_veto: float | None = 0.99
    # a face read surely whose ink lies this clearly (or more) with another set is asked:
    # at 2-3 spreads a sure face's colour call was its set's 114 times in 115
    doubt_lead: float = 2.0
    # (from 2 to 3 spreads only where the trained look does not name the face's own
    # colour this surely)…
    vouch: float = 0.95
    # …or a lead of 1 spread where the trained look names that set's colour 0.8 surely
    seconded_lead: float = 1.0
    seconded_colour: float = 0.8
    # the faces confirmed at the table train it too: off, measured by `bench learning` —
    # games 2-3 at 4 line-art tables 2 -> 0 wrong, at 6 parchment tables 3 -> 4, the
    # questions alike (docs/vision.md §5)
    trained_learns: bool = False


@dataclass
class Slot:
    """One place on the path as read: where (top view px) and what."""

    center: np.ndarray
    heading: np.ndarray
    angle: float
    match: Match | None = None
    bridged: int = 0  # tiles missing just before this one
    doubt: str | None = None  # the label the trained look took this face for, against the others
    opinion: Opinion | None = None  # the trained look's verdict on the uncovered face
    moved: bool = False  # the trained look settled it on another label than the other looks'
    inked: str | None = None  # its kind in the colour the frame's groups put it in, where they doubted it


@dataclass
class PathReading:
    tiles: list[dict[str, Any]] = field(default_factory=list)
    pawns: list[dict[str, Any]] = field(default_factory=list)
    unreadable: list[dict[str, Any]] = field(default_factory=list)
    complete: bool = False  # every place from marker 10 to marker 11 accounted for
    tile_mm: float | None = None  # the tile's side the path was read at (measured or set)

    def to_json(self) -> dict[str, Any]:
        return {
            "tiles": self.tiles,
            "pawns": self.pawns,
            "unreadable": self.unreadable,
            "complete": self.complete,
            "tile_mm": self.tile_mm,
        }

    @property
    def labels(self) -> list[str | None]:
        return [t["label"] for t in self.tiles]


def _rot(v: np.ndarray, quarter: int) -> np.ndarray:
    return np.array([-v[1], v[0]]) * quarter if quarter else v


def _laid_side(slots: list[Slot], px_per_mm: float, gap_mm: float) -> float | None:
    """A tile's side (mm) as the tiles lie: the median step between neighbours walked
    along a straight run, less the usual gap; None with fewer than four such steps."""
    steps = [
        float(np.linalg.norm(b.center - a.center))
        for a, b in pairwise(slots)
        if not b.bridged and float(a.heading @ b.heading) > 0.99
    ]
    if len(steps) < 4:
        return None
    return float(np.median(steps)) / px_per_mm - gap_mm


def _peak(xs: list[float], ys: list[float]) -> float:
    """Where ``ys`` (sampled at evenly spaced ``xs``) peaks, between the samples: the
    vertex of the parabola through the best one and its neighbours."""
    i = int(np.argmax(ys))
    if not 0 < i < len(xs) - 1:
        return xs[i]
    bend = ys[i - 1] - 2 * ys[i] + ys[i + 1]
    if bend >= 0:
        return xs[i]
    return round(xs[i] + 0.5 * (ys[i - 1] - ys[i + 1]) / bend * (xs[1] - xs[0]), 1)


def _one_per_tile(slots: list[Slot], pitch: float) -> None:
    """Neighbours a second look has put on one tile (the walk stepped short on a curve)
    kept once, the surer read."""
    i = 1
    while i < len(slots):
        a, b = slots[i - 1], slots[i]
        if np.linalg.norm(a.center - b.center) < 0.5 * pitch:
            sure = [sl.match.confidence if sl.match is not None else -1.0 for sl in (a, b)]
            del slots[i if sure[0] >= sure[1] else i - 1]
        else:
            i += 1


def _clear(p: np.ndarray, walked: np.ndarray, distance: float) -> bool:
    """Whether ``p`` lies at least ``distance`` from every place in ``walked``."""
    return bool(np.linalg.norm(walked - p, axis=1).min() >= distance)


def _stride(slots: list[Slot], pitch: float) -> float:
    """How far the next tile lies: the usual ``pitch``, or on a curve (the last few tiles
    turning) the last few steps' own — a curve's tiles lie further apart, their outer
    corners gapping — within 5 % less and 20 % more."""
    last = slots[-6:]
    steps = [float(np.linalg.norm(b.center - a.center)) for a, b in pairwise(last) if not b.bridged]
    turn = abs((last[-1].angle - last[0].angle + 45) % 90 - 45)  # how far the tiles turned
    if len(steps) < 3 or turn < 8:  # rows lie at the pitch: the walk's own steps only add noise
        return pitch
    return float(np.clip(np.median(steps), 0.95 * pitch, 1.2 * pitch))


def _steps_accounted(slots: list[Slot], pitch: float) -> bool:
    """Whether each step of the walk is one tile on, or a gap it bridged (that many tiles
    taken, table between): a longer step has stepped over a tile unread."""
    for a, b in pairwise(slots):
        step = float(np.linalg.norm(b.center - a.center)) / pitch
        if abs(step - (b.bridged + 1)) > 0.45:
            return False
    return True


def _fanned(
    c: np.ndarray, h: np.ndarray, pitch: float, visited: np.ndarray, dens: Callable[[np.ndarray], float]
) -> list[tuple[float, np.ndarray, np.ndarray]]:
    """The next tile of a curve from ``c``: the densest place a pitch or a little more
    away, up to 35° either side of heading ``h``, not yet walked (the nearer to
    straight on, of places alike); empty if none is as dense as a tile."""
    best: list[tuple[float, np.ndarray, np.ndarray]] = []
    for turn in np.radians([7, -7, 14, -14, 21, -21, 28, -28, 35, -35]):
        u = np.array([np.cos(turn) * h[0] - np.sin(turn) * h[1], np.sin(turn) * h[0] + np.cos(turn) * h[1]])
        for reach in (1.0, 1.08):
            p = c + reach * pitch * u
            v = dens(p) - 0.002 * abs(float(np.degrees(turn)))
            free = np.linalg.norm(visited - p, axis=1).min() >= 0.6 * pitch
            if v >= 0.75 and free and (not best or v > best[0][0]):
                best = [(v, p, u)]
    return best


def _snap(h: np.ndarray, axis: float) -> np.ndarray:
    """The one of the path's four axis directions nearest to heading ``h``."""
    ways = [np.array([np.cos(axis + q * np.pi / 2), np.sin(axis + q * np.pi / 2)]) for q in range(4)]
    return max(ways, key=lambda w: float(w @ h))


def _apart(one: float, other: float) -> float:
    """How many degrees two tiles' turns differ, a quarter turn being none."""
    return abs((one - other + 45.0) % 90.0 - 45.0)


def tile_angle(view: np.ndarray, centre: np.ndarray, side: float) -> float:
    """The tile's small rotation (−45°..45°) from its edges' dominant direction. Print
    finer than a millimetre can outweigh the tile's sides: a checkerboard's gradients lie
    along its diagonals, and every mosaic tile read as turned by 45°. Where the edges seen
    at the scale of a side (that fine print blurred away) point more than ``ANGLE_APART``
    otherwise, those are taken; elsewhere the sharp edges, which place a side more exactly."""
    half = int(side * 0.65)
    x, y = int(centre[0]), int(centre[1])
    win = view[max(y - half, 0) : y + half, max(x - half, 0) : x + half]
    if win.size == 0:
        return 0.0
    gray = cv2.cvtColor(win, cv2.COLOR_BGR2GRAY).astype(np.float32)
    cy, cx = y - max(y - half, 0), x - max(x - half, 0)
    inner = int(side * 0.32)
    sharp = _edge_angle(gray, cy, cx, inner)
    coarse = _edge_angle(cv2.GaussianBlur(gray, (0, 0), ANGLE_BLUR), cy, cx, inner)
    return coarse if _apart(sharp, coarse) > ANGLE_APART else sharp


def _edge_angle(gray: np.ndarray, cy: int, cx: int, inner: int) -> float:
    """The dominant direction (−45°..45°) of the gradients round a tile, its art
    (``inner`` px each way of the middle) left out."""
    gx = cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3)
    gx[max(cy - inner, 0) : cy + inner, max(cx - inner, 0) : cx + inner] = 0  # the edges, not the art
    gy[max(cy - inner, 0) : cy + inner, max(cx - inner, 0) : cx + inner] = 0
    # Σ |g|²·e^{4iθ}, θ the gradient's direction, by double angles: |g|²·e^{2iθ} is
    # (gx² − gy²) + 2i·gx·gy, and its square over |g|² doubles the angle again
    c2, s2 = gx * gx - gy * gy, 2 * gx * gy
    power = np.maximum(gx * gx + gy * gy, 1e-12)
    real = float(np.sum((c2 * c2 - s2 * s2) / power))
    imag = float(np.sum(2 * c2 * s2 / power))
    return float(np.degrees(np.arctan2(imag, real) / 4))


class PathReader(TableLocator):
    """Reads frames of one table; keeps the calibration between frames."""

    seat_cards = False  # a Tutankhamen table has none

    def __init__(self, catalogue: Catalogue, settings: ReaderSettings | None = None) -> None:
        self.settings = settings or ReaderSettings()
        photos, table = catalogue.split_by_source()
        self.index = FaceIndex(photos)
        # the faces the players confirmed, as this camera showed them: a second opinion
        # among like crops only (``_weigh_learned``), never mixed with the sharp photos
        self.learned = FaceIndex(table) if table and self.settings.learned else None
        # the confirmed faces may train the trained look too (``trained_learns``)
        seen = table if self.settings.trained_learns else []
        self.trained = trained_look(photos, seen=seen) if photos and self.settings.trained else None
        self.box = tutankhamen_box(self.index.names, self.settings.edition) if self.settings.use_box else {}
        names = set(self.index.names)
        self.both_editions = bool(names & OTB_ONLY) and bool(names & AMIGO_ONLY)
        self.pawn_colours = {k: np.array(v, np.float32) for k, v in catalogue.pawns.items()}
        self.index.fine_matrix()  # prepared once per catalogue, not while the first frames are read
        self.index.enrolled_chroma()
        self.calibration: Calibration | None = None
        self.tile_mm = self.settings.tile_mm or NOMINAL_TILE_MM  # the last frame's, once one is read
        self.balanced: np.ndarray | None = None  # this frame's top view before any recolouring
        self._inks: dict[tuple[float, float, float, bool], np.ndarray] = {}  # this frame's, by place

    # ------------------------------------------------------------ reading

    def face_crops(self, frame: np.ndarray, centres: list[list[float]]) -> list[np.ndarray]:
        """The faces at these places of ``frame`` (image pixels, as a reading gives them),
        each cut from the top view, turned upright and sized as an enrolled face: what the
        table is shown when asked, and what joins the catalogue once it has answered."""
        from vision.catalogue import FACE_PX

        view, _, cal = self.view(frame)
        side = self.tile_mm * self.settings.px_per_mm
        at = view.view_point(cal.table_points(np.array(centres, np.float64).reshape(-1, 2)))
        return [crop_patch(view.image, c, side, tile_angle(view.image, c, side), FACE_PX, 1.0) for c in at]

    def read(self, frame: np.ndarray) -> PathReading:
        view, markers, cal = self.view(frame)
        s = self.settings
        for needed in (PATH_START, PATH_END):
            if needed not in markers and markers:
                found = path_marker(frame, markers, needed)
                if found is not None:
                    markers[needed] = found
        tile_px = (s.tile_mm or NOMINAL_TILE_MM) * s.px_per_mm  # the mask's scale: roughly will do
        table = table_colour(view, cal, markers)
        mask = foreground(view.image, tile_px, table)
        for marker in markers.values():
            blank_marker(mask, view, cal, marker)
        # skin first (an arm is then what hides a missing path marker); anything else
        # reaching in once the path's markers are known to show, as a marker's unblanked
        # paper would look like something reaching in
        for any_colour in (False, True):
            # the skin is looked for once: the second time only whatever else reaches in
            arm = hand_blob(view.image, mask, tile_px, view.px_per_mm, table, any_colour, skin=not any_colour)
            if arm is not None:
                raise VisionError("hand-over-table", "a hand is over the table: waiting until it is gone")
            for needed in (PATH_START, PATH_END):
                if needed not in markers:
                    name = "start" if needed == PATH_START else "end (pyramid)"
                    raise VisionError(
                        "path-marker-missing",
                        f"the path's {name} marker {needed} is not visible: is it covered?",
                    )
        start = view.view_point(cal.table_points(markers[PATH_START].center[None]))[0]
        end = view.view_point(cal.table_points(markers[PATH_END].center[None]))[0]
        outlines = Outlines(view.image)
        burnt = burnt_map(frame, view.to_view, (view.image.shape[1], view.image.shape[0]))
        # the colours the markers' white gives, before any recolouring: set before the walk,
        # whose looks read colours from it (a reader kept across frames, as the tracker
        # keeps it, read them from the frame before)
        self.balanced = view.image
        lab = pawn_lab(view, mask) if self.pawn_colours else None
        # where pawns stand, before any tile is known: a pawn on the path's first tile hides
        # part of its outline and its face, as a glare's rim beside the marker lacks them
        early = [] if lab is None else self.find_pawns(view, mask, [], lab=lab)
        standing = [np.array(pawn["view"]) for pawn in early]
        if s.tile_mm is None:
            self.tile_mm = self.measure_tile(view.image, mask, start, outlines, burnt)
        else:
            self.tile_mm = s.tile_mm
        slots, complete = self.walk(view.image, mask, start, end, outlines, burnt, standing)
        self._inks = {}
        self.refine(view.image, slots)
        image = self.recolour(view.image, slots)
        reading = PathReading(complete=complete, tile_mm=round(self.tile_mm, 1))
        pawns = self.find_pawns(view, mask, slots, lab=lab) if self.pawn_colours else []
        seen = {pawn["label"] for pawn in pawns}
        # a pawn in dim light may be missed; its tile is still read as covered (at worst
        # unreadable), but only the pawns seen surely are reported
        dim = self.find_pawns(view, mask, slots, shaded=True, lab=lab, skip=seen)
        # …and a dim blob of another colour on a pawn seen surely is that pawn again
        dim = [d for d in dim if not any(_same_place(d, pawn) for pawn in pawns)]
        covers: dict[int, list[tuple[np.ndarray, float]]] = {}
        for pawn in [*pawns, *dim]:
            radius = pawn.pop("radius")
            if pawn["index"] is not None:
                covers.setdefault(pawn["index"], []).append((np.array(pawn["view"]), radius * s.pawn_cover))
        for i, hidden in covers.items():
            # a pawn pulls a face's match off its place: the neighbours tell it better
            slot = slots[i]
            centre = self.between(slots, i)
            slot.angle = tile_angle(image, centre, self.tile_mm * s.px_per_mm)
            slot.match, slot.center = self.classify(image, centre, slot.angle, slot.heading, 1, hidden)
            under = slot.match
            if colour_of(under.label) is None and s.min_confidence <= under.confidence < s.covered_special:
                # what a pawn leaves of a line-art face looks like the plainest special
                slot.match = replace(under, confidence=round(s.min_confidence / 2, 3))
        if s.frame_colours:
            self.tell_colours(image, slots, set(covers))
        side = self.tile_mm * s.px_per_mm
        shares = [burnt_share(burnt, sl.center, side) for sl in slots]
        washed = glared(shares)
        if self.trained is not None:
            self.trained_second_look(slots, set(covers))
            if s.settle_kinds:
                self.settle_kinds(image, slots, washed, covers)
            if s.name_specials:
                self.name_specials(slots, washed, set(covers))
        to_image = np.linalg.inv(view.to_view)
        # the labels of all tiles at once: never more of a kind than the box holds
        sure = [
            sl.match is not None and sl.match.confidence >= s.min_confidence and i not in washed
            for i, sl in enumerate(slots)
        ]
        matches = [sl.match for sl in slots]
        box = self.box
        if s.use_box and s.edition is None and self.both_editions:
            shown = edition_on_path(matches, s.box_sure)  # the path says which box it is from
            if shown is not None:
                box = tutankhamen_box(self.index.names, shown)
        # a face the trained look moved to another label is only its guess: it pushes no
        # other face off a label, and is asked about where the box holds fewer
        moved = [sl.moved for sl in slots]
        firm = [a and not b for a, b in zip(sure, moved, strict=True)]
        boxed = hold_to_box(matches, firm, box, s.min_score, s.min_margin, s.box_sure)
        boxed.update(contested(matches, firm, boxed, [sl.doubt for sl in slots], box))
        if s.crowded is not None:
            boxed.update(crowded(matches, sure, boxed, box, s.crowded))
        boxed.update(overfilled(matches, firm, boxed, moved, box))
        offered: dict[int, list[str]] = {}
        if complete and s.use_box and box.get(KING_TUT, 0) == 1 and KING_TUT in self.index.names:
            offered = kept_for_king_tut(matches, sure, boxed)
        for i, slot in enumerate(slots):
            centre = cv2.perspectiveTransform(slot.center.reshape(1, 1, 2).astype(np.float64), to_image)[0, 0]
            xy = [round(float(centre[0]), 1), round(float(centre[1]), 1)]
            m = slot.match
            tile: dict[str, Any] = {"label": m.label if sure[i] and m else None}
            tile.update(confidence=m.confidence if m else 0.0, center=xy)
            if i in boxed and i not in washed:  # the box's counts changed it (why: in `unreadable`)
                tile.update(label=boxed[i].label, confidence=boxed[i].confidence)
            reading.tiles.append(tile)
            if tile["label"] is None:
                reason = "the face matches no enrolled face clearly"
                if i in washed:
                    reason = f"a lamp's glare burns out {100 * shares[i]:.0f} % of the face"
                elif i in boxed:
                    reason = boxed[i].reason
                elif slot.doubt is not None and m is not None:
                    reason = f"it looks like {m.label}, or like {slot.doubt} to the learned look"
                elif m is not None and m.score >= s.min_score:
                    reason = f"it looks like {m.label} but not clearly enough (confidence {m.confidence:.2f})"
                # the two labels to ask the table about: the reader's own first, then the
                # best other (the box may have pushed the tile off its best label); the
                # trained look's own first label leads where it has one, and its first two
                # where it is torn between them (`PAIR`)
                scores = m.scores_by_label() if m is not None else {}
                ranked = sorted(scores, key=lambda k: (m is None or k != m.label, -scores[k]))
                asked = offered.get(i) or to_ask(ranked, slot.opinion, pair=PAIR)
                if slot.inked in self.index.names and i not in boxed:
                    # the frame's colour groups doubted it: its kind in their colour is asked first
                    asked = list(dict.fromkeys([slot.inked, *asked]))[:2]
                reading.unreadable.append({"index": i, "center": xy, "reason": reason, "candidates": asked})
        for pawn in pawns:
            c = cv2.perspectiveTransform(np.array(pawn.pop("view"), np.float64).reshape(1, 1, 2), to_image)[
                0, 0
            ]
            pawn["center"] = [round(float(c[0]), 1), round(float(c[1]), 1)]
            reading.pawns.append(pawn)
        if not complete:
            reading.unreadable.append(
                {"index": len(slots), "center": None, "reason": "the path could not be followed to marker 11"}
            )
        return reading

    def classify(
        self,
        image: np.ndarray,
        centre: np.ndarray,
        angle: float,
        heading: np.ndarray,
        along: int = 2,
        covers: list[tuple[np.ndarray, float]] = (),  # type: ignore[assignment]
    ) -> tuple[Match, np.ndarray]:
        """The best label at ``centre`` over small shifts (``along`` steps forward and back),
        and the centre that matched."""
        s = self.settings
        side = self.tile_mm * s.px_per_mm
        step = 0.07 * side
        if covers:
            cells = [(a, b) for a in range(-3, 4) for b in range(-3, 4)]
            crops, near = crop_grid(image, centre, side, angle, cells, step / 2, heading)
            return self.covered(image, centre, angle, near, crops, covers, step / 2)
        if along > 2:  # the first tile: its place is only roughly known
            cells = [(a, b) for a in range(-along, along + 1) for b in range(-3, 4)]
        else:
            cells = [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1)]
            cells += [(a, 0) for a in range(-along, along + 1) if abs(a) > 1]
        patches, offsets = crop_grid(image, centre, side, angle, cells, step, heading)
        match = self.index.match(patches, s.min_score, s.min_margin)
        where = centre + offsets[match.which]
        if match.confidence < 1.0 and len(match.ranked) > 1:
            square = [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1)]
            crops, near = crop_grid(image, where, side, angle, square, step, heading, FINE, FINE_INNER)
            second = self.index.rerank(crops, match.ranked[:3], s.min_score, s.fine_margin)
            chosen, at = match, where
            if second.confidence > match.confidence:
                chosen, at = second, where + near[second.which]
            if chosen.confidence < 1.0 and match.score >= s.colour_min_score:
                # faces alike but for their colour: the hue decides, and only ever makes
                # surer of a clear, uncovered match's label the looks above put first
                hue = self.index.colour_look(
                    [crop_patch(image, at, side, angle)],
                    [crop_patch(image, at, side, angle, WIDE, WIDE_INNER)],
                    match.ranked[:3],
                    s.min_score,
                    s.min_margin,
                    s.colour_weight,
                )
                if hue.label == chosen.label and hue.confidence > chosen.confidence:
                    chosen = hue
            if chosen.confidence < 1.0 and s.factored:
                chosen, at = self._weigh_factored(image, where, side, angle, heading, match, chosen, at)
            if chosen.confidence < 1.0 and self.learned is not None:
                chosen = self._weigh_learned(patches, match, chosen)
            return chosen, at
        return match, where

    def trained_second_look(self, slots: list[Slot], covered: set[int]) -> None:
        """Every uncovered face once more, as the look learned from camera-like copies of the
        photos sees it (vision/trained.py), after every other look has had its say and
        before the box's counts: it confirms or doubts, never picks (``Trust``). Run last,
        so that no confirmed face steers the walk or the frame's colours. A covered face is
        left alone (a pawn is no part of any photo)."""
        look = self.trained
        assert look is not None and self.balanced is not None
        s = self.settings
        side = self.tile_mm * s.px_per_mm
        shown = [i for i, slot in enumerate(slots) if slot.match is not None and i not in covered]
        crops = [
            crop_patch(self.balanced, slots[i].center, side, slots[i].angle, TRAINED_SIDE, TRAINED_INNER)
            for i in shown
        ]
        partial = (
            s.trust if s.trust_whole is None else replace(s.trust, sure=math.inf, promote=None, kind=None)
        )
        for i, opinion in zip(shown, look.opinions(crops), strict=True):
            slot = slots[i]
            assert slot.match is not None
            before = slot.match.label
            trust = s.trust if s.trust_whole is None or slot.match.score >= s.trust_whole else partial
            slot.match, slot.doubt = weigh(slot.match, opinion, s.min_confidence, trust, s.min_score)
            slot.opinion = opinion
            slot.moved = slot.match.label != before

    def _weigh_learned(self, patches: list[np.ndarray], plain: Match, chosen: Match) -> Match:
        """An unsure face compared with the faces the players confirmed at this table —
        crops of this camera, as blurred and lit as this one. Like is compared with like
        only: each label the photos put first must have such a face (else a crop of any
        tile out-scores a sharp photo of the right one), and the learned look must be
        clear against every face learned here. Agreeing, the surer look counts; at odds,
        the surer one wins only by what it is surer by."""
        learned = self.learned
        assert learned is not None
        s = self.settings
        among = plain.ranked[:3]
        if not set(among) <= set(learned.names):
            return chosen
        other = learned.match(patches, s.min_score, s.min_margin)
        if other.label not in among:
            return chosen
        if other.label == chosen.label:
            return replace(chosen, confidence=max(chosen.confidence, other.confidence))
        if other.confidence > chosen.confidence:
            return replace(other, confidence=round(other.confidence - chosen.confidence, 3))
        return replace(chosen, confidence=round(max(chosen.confidence - other.confidence, 0.0), 3))

    def _weigh_factored(
        self,
        image: np.ndarray,
        where: np.ndarray,
        side: float,
        angle: float,
        heading: np.ndarray,
        plain: Match,
        chosen: Match,
        at: np.ndarray,
    ) -> tuple[Match, np.ndarray]:
        """An unsure face read again as kind, then colour (vision/factored.py). Agreeing,
        the surer look counts; disagreeing, the surer one wins only by what it is surer
        by — two looks at odds make a question, not a label. It only chooses among labels
        the plain look also put first, and only where that matched an enrolled face at
        all: a face whose picture the camera blurs away or glare hides must not fall to
        the plainest enrolled face."""
        s = self.settings
        apart = self.kind_colour(side).look(image, where, side, angle, heading, self.balanced, plain)
        other = apart.match
        if other.label not in plain.ranked[:3]:
            return chosen, at
        # …and it is only as sure as the plain look's match is whole (none below the least
        # score: glare, a hand, a stranger), though it doubts in full
        full = (1 + s.min_score) / 2  # where the plain look's own score stops lowering its confidence
        whole = ramp(plain.score, s.min_score, full)
        sure = min(other.confidence, whole)
        if other.label == chosen.label and apart.colour_margin < 0:
            # a special whose colour fits a rival kind the plain look put first better: at odds
            doubt = min(-apart.colour_margin / COLOUR_FROM, 1.0)
            return replace(chosen, confidence=round(max(chosen.confidence - doubt, 0.0), 3)), at
        if other.label == chosen.label:
            return (
                (replace(other, confidence=round(sure, 3)), at) if sure > chosen.confidence else (chosen, at)
            )
        if sure > chosen.confidence:  # the place stays the plain look's: the grey look's is coarser
            return replace(other, confidence=round(sure - chosen.confidence, 3)), at
        return replace(chosen, confidence=round(max(chosen.confidence - other.confidence, 0.0), 3)), at

    def tell_colours(self, image: np.ndarray, slots: list[Slot], covered: set[int]) -> None:
        """The sets' colours as this frame's own tiles group them (vision/frame_colour.py).
        An unsure face whose kind is sure takes the colour of the group its ink clearly
        lies in, if the looks put that label first; a face read surely whose ink clearly
        lies in another set's group becomes a question. A face under a pawn shows the
        pawn's colour: left alone."""
        s = self.settings
        balanced = self.balanced if self.balanced is not None else image
        side = self.tile_mm * s.px_per_mm
        places = [
            i
            for i, sl in enumerate(slots)
            if sl.match is not None and i not in covered and colour_of(sl.match.label) is not None
        ]
        calls = self.ink_calls(slots, places, s.anchor)
        if calls is None:
            return
        for i, call in zip(places, calls, strict=True):
            sl = slots[i]
            m = sl.match
            assert m is not None
            if call.confidence == 0.0:
                continue
            if m.confidence >= s.min_confidence:
                if colour_of(m.label) != call.colour:  # read surely, lying with another set's tiles
                    sl.match = replace(m, confidence=round(s.min_confidence * (1 - call.confidence) / 2, 3))
                    sl.inked = f"{kind_of(m.label)}-{call.colour}"
                continue
            if call.doubts_only:
                continue
            apart = self.kind_colour(side).look(image, sl.center, side, sl.angle, sl.heading, balanced, m)
            kind = kind_of(apart.match.label)
            # the plain look among this colour's faces alone: what is left is the picture
            scores = self.face_match(image, sl.center, sl.angle, sl.heading).scores_by_label()
            among = sorted(
                (n for n in scores if colour_of(n) == call.colour), key=scores.__getitem__, reverse=True
            )
            if len(among) < 2 or kind_of(among[0]) != kind:
                continue  # the two looks at the picture disagree: a question
            sure_kind = max(
                apart.kind_sure, ramp(scores[among[0]] - scores[among[1]], PLAIN_FROM, PLAIN_SURE)
            )
            confidence = round(min(sure_kind, call.confidence), 3)
            if confidence > m.confidence:
                sl.match = replace(m, label=f"{kind}-{call.colour}", confidence=confidence)

    def ink_calls(
        self,
        slots: list[Slot],
        places: list[int],
        anchor: float,
        agreeing: float | None = None,
        covers: dict[int, list[tuple[np.ndarray, float]]] | None = None,
    ) -> list[Call] | None:
        """The colour group each of ``places`` lies in among the frame's inks, checked
        against the faces read at least ``anchor`` surely (None: too few, or at odds) —
        and, given ``agreeing``, those whose colour the trained look names that surely
        too, however unsure their kind (only their colour anchors a group); then a set
        none of them shows may be found by elimination, where the trained look's colours
        lean to it (``group``). A face under a pawn (``covers``) is grouped by the ink
        round the pawn, and anchors nothing."""
        s = self.settings
        covers = covers or {}
        assert self.balanced is not None
        side = self.tile_mm * s.px_per_mm
        anchors: dict[int, str] = {}
        hints: dict[int, str] = {}
        for k, i in enumerate(places):
            m, opinion = slots[i].match, slots[i].opinion
            colour = colour_of(m.label) if m is not None else None
            if m is None or colour is None:
                continue
            apart = by_kind_and_colour(opinion) if agreeing is not None and opinion is not None else None
            named = apart is not None and apart[2] == colour and apart[3] >= (agreeing or 1.0)
            gainsaid = (
                apart is not None
                and s.anchor_gainsaid is not None
                and apart[2] != colour
                and apart[3] >= s.anchor_gainsaid
            )
            if i not in covers and not gainsaid and (m.confidence >= anchor or (named and m.confidence > 0)):
                anchors[k] = colour
            if apart is not None and apart[3] >= 0.5:
                hints[k] = apart[2]
        inks = []
        for i in places:
            key = (float(slots[i].center[0]), float(slots[i].center[1]), float(slots[i].angle), i in covers)
            if key not in self._inks:
                hidden = covers.get(i, [])
                self._inks[key] = tile_ink(self.balanced, slots[i].center, side, slots[i].angle, hidden)
            inks.append(self._inks[key])
        # faces partly hidden, and faces read as specials (``settle_specials``), are told
        # their group but move none
        partly = [k for k, i in enumerate(places) if i in covers or _special(slots[i].match)]
        sets = set_colours(self.index.names)
        return group(inks, anchors, sets, hints if agreeing is not None else None, partly, s.ink_outlying)

    def _special_in_doubt(self, slot: Slot, covered: bool) -> bool:
        """An unsure face the plain look put on a special (no set, no colour) that the
        trained look takes for a set's face: settled like any unsure face of a set
        (``settle_specials``). Line art's plain look draws faces to King Tut in mid-path,
        where he never lies, at no confidence (photoreal sets looked at and 168 synthetic
        frames: 114 fewer questions of 13,534 tiles, none read wrong; on synthetic line
        art a path's 29 questions became 7)."""
        m, opinion = slot.match, slot.opinion
        return (
            self.settings.settle_specials
            and not covered
            and m is not None
            and m.confidence < self.settings.min_confidence
            and opinion is not None
            and colour_of(opinion.label) is not None
        )

    def settle_kinds(
        self,
        image: np.ndarray,
        slots: list[Slot],
        washed: set[int],
        covers: dict[int, list[tuple[np.ndarray, float]]],
    ) -> None:
        """An unsure face of a set whose kind the trained look is sure of, and whose ink
        clearly lies with one set's tiles in this frame, is read as that kind in that
        colour. Thin line art is the case: at the camera's size its plain pictures all
        correlate alike (a grey frame common to all sets outweighs the lines), while the
        trained look, weighing the lines' directions, names the kind rightly (the photoreal
        sets' line art: 142 of 142 unsure faces it was at least 0.99 sure of) and only the
        colour is in doubt — which the frame's other tiles tell. Only a face the plain look
        finds like that kind (at least ``min_score``, within ``kind_within`` of its best
        label) is settled: under glare or a shadow the trained look is as sure of a wrong
        kind, of a face that plainly looks like no enrolled one. A face the trained look
        doubted against a sure reading is settled only in the colour it named itself.
        The anchors that check the colour groups include faces the trained look confirmed;
        a face read surely whose ink clearly lies with another set's tiles becomes a
        question (as in ``tell_colours``, which has fewer anchors to go by), and so does
        one read surely as a kind the trained look is ``kind_sure`` it is not (line art's
        plain look draws faces to one attractor at full confidence). A face under a pawn
        is only ever made a question, where the ink round the pawn lies with another set
        (a cyan pawn on a blue parchment tile was read green at full confidence); a face
        a glare washes out is left alone."""
        s = self.settings
        trust = s.trust
        places = [
            i
            for i, sl in enumerate(slots)
            if sl.match is not None
            and i not in washed
            and (colour_of(sl.match.label) is not None or self._special_in_doubt(sl, i in covers))
            and (i in covers or (sl.opinion is not None and colour_of(sl.opinion.label) is not None))
        ]
        for i in places:
            m, opinion = slots[i].match, slots[i].opinion
            assert m is not None
            if opinion is None:
                continue
            apart = by_kind_and_colour(opinion)
            other_kind = apart is not None and apart[1] >= s.kind_doubt and apart[0] != kind_of(m.label)
            if m.confidence >= s.min_confidence and other_kind:  # the trained look is sure it is not
                slots[i].match, slots[i].doubt = replace(m, confidence=0.0), opinion.label
        calls = self.ink_calls(slots, places, trust.confidence, s.colour_agrees, covers)
        if calls is None:
            return
        unsure = []
        for k, i in enumerate(places):
            m = slots[i].match
            assert m is not None
            if m.confidence < s.min_confidence:
                if i not in covers:
                    unsure.append(k)
            elif calls[k].colour != colour_of(m.label) and (
                calls[k].lead >= s.settle_lead
                or (calls[k].lead >= s.doubt_lead and not self._vouched(slots[i]))
                or self._seconded(slots[i], calls[k])
            ):
                # read surely, but its ink lies clearly with another set's tiles: a question
                doubted = round(s.min_confidence * (1 - calls[k].confidence) / 2, 3)  # 0.25 or less
                slots[i].match = replace(m, confidence=doubted)
                slots[i].inked = f"{kind_of(m.label)}-{calls[k].colour}"
        for k in unsure:
            sl = slots[places[k]]
            m, opinion, call = sl.match, sl.opinion, calls[k]
            assert m is not None and opinion is not None
            if call.doubts_only:
                continue
            apart = by_kind_and_colour(opinion)
            if apart is None or apart[1] < s.kind_sure or call.lead < s.settle_lead:
                continue
            if s.colour_veto is not None and apart[2] != call.colour and apart[3] >= s.colour_veto:
                continue
            if sl.doubt is not None and call.colour != apart[2]:
                continue
            label = f"{apart[0]}-{call.colour}"
            # the plain look over every label (the looks before it kept only their leaders')
            scores = self.face_match(image, sl.center, sl.angle, sl.heading).scores_by_label()
            kind_best = max((v for n, v in scores.items() if kind_of(n) == apart[0]), default=-1.0)
            if label not in scores or kind_best < max(s.min_score, max(scores.values()) - s.kind_within):
                continue
            if scores[label] < max(s.min_score, kind_best - s.kind_within):
                # the plain look finds the kind like the face, but not in the colour the
                # groups name (a pawn not seen on a blue mask: a blue Horus at 0.42)
                continue
            confidence = round(s.min_confidence + (trust.confidence - s.min_confidence) * call.confidence, 3)
            _settle(sl, label, scores[label], confidence)

    def name_specials(self, slots: list[Slot], washed: set[int], covered: set[int]) -> None:
        """An unsure face the trained look is ``kind_sure`` is a gold bag or a pharaoh is
        read as one, where the plain look finds the face whole (``trust_whole``) and puts
        that special among its first three. A special has no colour for the frame's groups
        to check, as ``settle_kinds`` does for a set's face; the plain look's ranking is
        the check instead (without it, on the photoreal sets looked at, one green anubis of
        parchment was read as the gold bag). King Tut is left out: he lies only at the
        path's end, where ``kept_for_king_tut`` reads him, and line art's plain look draws
        faces to him in mid-path."""
        s = self.settings
        for i, sl in enumerate(slots):
            m, opinion = sl.match, sl.opinion
            if m is None or opinion is None or i in covered or i in washed:
                continue
            special = opinion.label
            if m.confidence >= s.min_confidence or colour_of(special) is not None or special == KING_TUT:
                continue
            whole = s.trust_whole is None or m.score >= s.trust_whole
            if opinion.prob < s.kind_sure or special not in m.ranked[:3] or not whole:
                continue
            _settle(sl, special, m.scores_by_label().get(special, m.score), s.trust.confidence)

    def _vouched(self, slot: Slot) -> bool:
        """The trained look names the colour the face was read in ``vouch`` surely: a
        colour group that leans against it by under ``settle_lead`` is outweighed (photo
        art's shaded inks group less cleanly than a rim or a line)."""
        apart = by_kind_and_colour(slot.opinion) if slot.opinion is not None else None
        m = slot.match
        return (
            apart is not None
            and m is not None
            and apart[2] == colour_of(m.label)
            and apart[3] >= self.settings.vouch
        )

    def _seconded(self, slot: Slot, call: Call) -> bool:
        """The ink's group leans to a colour (``seconded_lead`` spreads) that the trained
        look names too (``seconded_colour`` surely): two looks at odds with a sure reading
        (parchment's blue rim read green at full confidence under a warm lamp)."""
        s = self.settings
        apart = by_kind_and_colour(slot.opinion) if slot.opinion is not None else None
        named = apart is not None and apart[2] == call.colour and apart[3] >= s.seconded_colour
        return named and call.lead >= s.seconded_lead

    def kind_colour(self, side: float) -> KindColourLook:
        """The enrolled faces as this frame's tiles look (built once per catalogue and tile
        size, for every reader of it: a table's reader is made anew for each game)."""
        px = round(side)
        grounds = _GROUNDS.get(self._photos, lambda: enrolled_grounds(self.index))
        look: KindColourLook = _BUILT.get(
            ("look", self._photos, px), lambda: KindColourLook(self.index, px, grounds)
        )
        return look

    @cached_property
    def _photos(self) -> str:
        """The key of what is built from the photos (taken when first needed)."""
        return photos_digest(self.index.faces)

    def covered(
        self,
        image: np.ndarray,
        centre: np.ndarray,
        angle: float,
        offsets: list[np.ndarray],
        patches: list[np.ndarray],
        covers: list[tuple[np.ndarray, float]],
        step: float,
    ) -> tuple[Match, np.ndarray]:
        """A face with pawns on it, read from what shows around them. The pawn hides the
        middle and its shadow darkens one side of the rim, the side away from the light:
        each direction the shadow may fall is tried by lightening the crop there again
        (the same for every enrolled face), and the direction that lets the crop match
        some face best is taken. The pawn stays where it is while the crop shifts, so
        each shifted crop leaves out its own disc. Then the sharp look among the leaders
        decides (``step``: the shifts' step, top-view px)."""
        s = self.settings
        side = self.tile_mm * s.px_per_mm
        idx = self.index
        least = s.pawn_mm / 2 * s.px_per_mm
        covers = [(where, max(radius, least)) for where, radius in covers]
        shifts = np.array(offsets, np.float64)
        coarse = np.array([smoothed(p) for p in patches], np.float64)
        # the shadow's direction, from the crop nearest where the face was thought to be
        home = int(np.argmin(np.linalg.norm(shifts, axis=1)))
        hidden, gains = self._cover_masks(PATCH, INNER, side, centre + shifts[[home]], angle, covers)
        turn = _shade_turn(coarse[home], idx.raw, hidden[0], gains[:, 0])
        turns = [] if turn is None else [turn]
        hidden, gains = self._cover_masks(PATCH, INNER, side, centre + shifts, angle, covers, turns)
        scores = _masked_scores(coarse, idx.raw, hidden, gains)
        match = verdict(scores, idx.column_label, idx.names, s.cover_min_score, s.min_margin, 6)
        where = centre + shifts[match.which]
        square = [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1)]
        crops, shifted = crop_grid(image, where, side, angle, square, step, None, FINE, FINE_INNER)
        around = np.array(shifted, np.float64)
        fine = np.array([smoothed(c) for c in crops], np.float64)
        hidden, gains = self._cover_masks(FINE, FINE_INNER, side, where + around, angle, covers, turns)
        rows = [i for i, label in enumerate(idx.labels) if label in match.ranked]
        scores = _masked_scores(fine, idx.fine[rows], hidden, gains)
        names = list(match.ranked)
        cols = np.array([names.index(idx.labels[i]) for i in rows], np.int64)
        second = verdict(
            scores, cols, names, s.cover_min_score, s.cover_margin, len(names), s.cover_sure_score
        )
        at = where + around[second.which]
        rival = second.ranked[1] if len(second.ranked) > 1 else None
        if second.confidence < 1.0 and rival is not None and kind_of(rival) == kind_of(second.label):
            # faces alike but for their colour: the hue round the pawns decides, and only
            # ever makes surer of the label the looks above put first. Only between the
            # colours of one kind: the colour round a pawn is partly the pawn's (its rim,
            # its light on the cream), and where the kinds were in doubt it made 4 wrong
            # labels of covered faces on seven photoreal sets (an orange pawn on a line-art
            # Horus read as a gold bag, surely; docs/vision.md §5)
            hidden, _ = self._cover_masks(PATCH, INNER, side, at[None], angle, covers, [])
            hidden_wide, _ = self._cover_masks(WIDE, WIDE_INNER, side, at[None], angle, covers, [])
            crop = crop_patch(image, at, side, angle)
            wide = crop_patch(image, at, side, angle, WIDE, WIDE_INNER)
            visible = (~hidden[0].reshape(PATCH, PATCH), ~hidden_wide[0].reshape(WIDE, WIDE))
            hue = idx.colour_look(
                [crop], [wide], second.ranked[:3], s.cover_min_score, s.min_margin, s.colour_weight, visible
            )
            if hue.label == second.label and hue.confidence > second.confidence:
                return hue, at
        return second, at

    def _cover_masks(
        self,
        size: int,
        inner: float,
        side: float,
        centres: np.ndarray,
        angle: float,
        covers: list[tuple[np.ndarray, float]],
        turns: list[int] | None = None,
    ) -> tuple[np.ndarray, np.ndarray]:
        """For patches centred at each of ``centres`` (n × 2), in their pixels (n × size²):
        what the pawns hide, and for each of the ``turns`` their shadows may fall (default:
        all), the gain that undoes those shadows (turns × n × size², 1 where there is
        none)."""
        s = self.settings
        turns = list(range(s.shadow_turns)) if turns is None else turns
        scale = side * inner / size
        a = np.deg2rad(angle)
        rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
        vs, us = np.mgrid[0:size, 0:size].astype(np.float64)
        us, vs = us.ravel()[None, :], vs.ravel()[None, :]
        n = len(centres)
        hidden = np.zeros((n, size * size), bool)
        darks = np.zeros((len(turns), n, size * size), np.float64)
        for where, radius in covers:
            uv = (where - centres) @ rot / scale + size / 2 - 0.5  # each row: rot.T @ (where - centre)
            du, dv = us - uv[:, :1], vs - uv[:, 1:]
            hidden |= du * du + dv * dv <= (radius * s.pawn_cover / scale + 1.5) ** 2
            r, soft = radius / scale, max(radius * s.shadow_blur / scale, 0.3)
            for j, k in enumerate(turns):
                t = 2 * np.pi * k / s.shadow_turns
                su, sv = rot.T @ (s.shadow_shift * radius * np.array([np.cos(t), np.sin(t)])) / scale
                d = np.sqrt((du - su) ** 2 + (dv - sv) ** 2)
                # a blurred disc: about the normal CDF of the distance inside its rim
                darks[j] = np.maximum(darks[j], 1 / (1 + np.exp(-1.702 * (r - d) / soft)))
        soft_edges = _blur_planes(darks.reshape(-1, size, size), 0.8).reshape(darks.shape)
        return hidden, 1 / (1 - s.shadow_dark * soft_edges)

    def face_there(
        self, image: np.ndarray, centre: np.ndarray, angle: float, heading: np.ndarray, reach: int = 1
    ) -> float:
        """How well the best enrolled face matches near ``centre`` (shifts of ``reach``
        steps of 7 % of a side each way)."""
        return self.face_match(image, centre, angle, heading, reach).score

    def face_match(
        self, image: np.ndarray, centre: np.ndarray, angle: float, heading: np.ndarray, reach: int = 1
    ) -> Match:
        """The best enrolled face near ``centre``, as ``face_there`` looks for it."""
        s = self.settings
        side = self.tile_mm * s.px_per_mm
        square = [(a, b) for a in range(-reach, reach + 1) for b in range(-reach, reach + 1)]
        patches, _ = crop_grid(image, centre, side, angle, square, 0.07 * side, heading)
        return self.index.match(patches, s.min_score, s.min_margin)

    def walk(
        self,
        image: np.ndarray,
        mask: np.ndarray,
        start: np.ndarray,
        end: np.ndarray,
        outlines: Outlines | None = None,
        burnt: np.ndarray | None = None,
        pawns: Sequence[np.ndarray] = (),
    ) -> tuple[list[Slot], bool]:
        """The path's slots from marker 10 on, and whether it reached marker 11 with every
        place accounted for; ``pawns``: where pawns stand (top-view px), if known."""
        s = self.settings
        tile = self.tile_mm * s.px_per_mm
        pitch = (self.tile_mm + s.gap_mm) * s.px_per_mm
        dens = tile_density(mask, tile)

        def centred(p: np.ndarray, u: np.ndarray) -> np.ndarray:
            """``p`` moved across the way ``u`` to the middle of the densest stretch (a row
            of tiles is as dense a little off its middle as on it: the middle of the
            plateau, not its first point). A plateau that runs on past the shifts tried
            is rows that touch, or a tile beside a marker's paper (left out of the mask):
            it tells nothing, and ``p`` stays."""
            n = _rot(u, 1)
            shifts = np.linspace(-0.45 * tile, 0.45 * tile, 13)
            values = [dens(p + d * n) for d in shifts]
            top = [d for d, v in zip(shifts, values, strict=True) if v >= max(values) - 0.02]
            if top[0] == shifts[0] or top[-1] == shifts[-1]:
                return p
            return p + 0.5 * (top[0] + top[-1]) * n

        def settle(p: np.ndarray) -> np.ndarray:
            """The first tile's place from a ray that may have met it at a corner: the
            densest spot nearby, the nearest of equals."""
            best, where = -1.0, p
            for dy in np.linspace(-0.5 * tile, 0.5 * tile, 11):
                for dx in np.linspace(-0.5 * tile, 0.5 * tile, 11):
                    q = p + np.array([dx, dy])
                    v = dens(q) - 1e-4 * float(np.hypot(dx, dy))
                    if v > best:
                        best, where = v, q
            return where

        marker_reach = self.tile_mm / 2 + 4 + MARKER_MM / 2 + QUIET_MM
        outlines = outlines or Outlines(image)
        c, h = self.first_tile(mask, start, dens, tile, outlines, burnt, pawns)
        slots: list[Slot] = []
        if c is None:
            return slots, False
        c = settle(c)
        squares = WalkedSides(outlines, s.outline_share)

        def place(p: np.ndarray) -> float:
            """``dens`` where a tile's square stands out as the tiles walked do, 0 where it
            does not (pale grain the mask took for a tile; vision/outline.py)."""
            v = dens(p)
            if v < 0.5 or squares.square_at(p, angle, tile):
                return v
            # past a turn the next tile may lie turned otherwise than this one
            return v if squares.square_at(p, tile_angle(image, p, tile), tile) else 0.0

        bridged = 0
        unsettled = s.tile_mm is None  # a measured side, made exact once enough faces are read
        grid = 0j  # the path's own axes: tiles lie edge to edge, so every step is along one
        for _ in range(200):
            angle = tile_angle(image, c, tile)
            axes = float(np.degrees(np.angle(grid))) / 4  # the path's axes so far…
            last = slots[-1].angle if slots else angle  # …and the last tile's, on a curve
            turned = min(_apart(angle, axes), _apart(angle, last))
            astray = turned > ANGLE_ASTRAY
            if astray:
                # one tile's edges turned far from the path's (its art or a neighbour's
                # may have drawn them; a tight spiral turns its tiles so): turned as the
                # path only where the face fits clearly better so
                (match, c), (along, there) = (
                    self.classify(image, c, a, _snap(h, np.radians(a)), 2) for a in (angle, axes)
                )
                # …but edges far off the path's (a pawn on it and its shadow, a glyph's
                # round eye drew them) turn it only where its face fits clearly better
                # so, whether it fits well or poorly: a dark face turned 40° still matches
                # some face (0.86), and two such turns swing the walk's axes off the path
                if turned > ANGLE_FAR:
                    keep = match.score >= along.score + FAR_TURN_MARGIN
                else:
                    keep = along.score < match.score + ASTRAY_MARGIN
                if not keep:
                    match, c, angle = along, there, axes
            # the last few tiles' axes, so that a path laid in a curve turns them with it
            grid = GRID_MEMORY * grid + np.exp(4j * np.radians(angle))
            h = _snap(h, float(np.angle(grid)) / 4)
            if not astray and slots:
                match, c = self.classify(image, c, angle, h, 2)
            elif not astray:
                # the first tile is looked for widely (a ray may meet it off its middle); a
                # face matched poorly there (a pawn on it) does not move it off the mask's
                # place: the walk would set off from that offset
                match, there = self.classify(image, c, angle, h, 6)
                if match.score >= FIRST_MOVED:
                    c = there
                else:
                    match, c = self.classify(image, c, angle, h, 2)
            if slots and not _clear(c, np.array([sl.center for sl in slots]), 0.6 * pitch):
                # the match slid back onto a tile walked: nothing more lies that way
                near_end = (
                    np.linalg.norm(slots[-1].center - end)
                    < (marker_reach + 0.35 * self.tile_mm) * s.px_per_mm
                )
                return slots, bool(near_end) and self._accounted(image, mask, slots, tile, squares)
            slots.append(Slot(c, h, angle, match, bridged))
            if match.confidence >= s.min_confidence:
                squares.walked(c, angle, tile)
            if unsettled and (self.settle_tile(image, slots, SETTLE_FACES) or self._fit_laid(slots)):
                # the rest of the path at the side its first sure faces tell exactly
                unsettled = False
                tile, pitch = self.tile_mm * s.px_per_mm, (self.tile_mm + s.gap_mm) * s.px_per_mm
                dens = tile_density(mask, tile)
                marker_reach = self.tile_mm / 2 + 4 + MARKER_MM / 2 + QUIET_MM
            visited = np.array([sl.center for sl in slots])
            stride = _stride(slots, pitch)
            options = []
            for quarter in (0, 1, -1):
                u = _rot(h, quarter) if quarter != -1 else -_rot(h, 1)
                found = None
                # (straight on along a straight row only: a curve's own steps set its stride)
                for reach in (1.0, *(STRIDE_FLEX if quarter == 0 and stride == pitch else ())):
                    # a neighbour lines up with this tile; the match fine-tunes it. A place
                    # less dense than a tile is looked for a little nearer and further too:
                    # a stride a little long at a row's end lands half on the table, and a
                    # step across the corner to the next row (as dense: two tiles' edges)
                    # took its place, the rest of the walk half a tile off
                    p = c + reach * stride * u
                    if np.linalg.norm(visited - p, axis=1).min() < 0.6 * pitch or place(p) < 0.5:
                        continue
                    v = dens(p)
                    if found is None or v > found[0]:
                        found = (v, p, u)
                    if found[0] >= 0.9:
                        break
                if found is not None:
                    options.append(found)
            options.sort(key=lambda o: -o[0])
            full = [o for o in options if o[0] >= 0.9]
            # beside marker 11, unless the path still goes on: a row that passes it first
            # (rows that touch: where across its row the next tile lies is less sure) is
            # not the path's end
            onward = [o for o in options if len(visited) < 2 or _clear(o[1], visited[:-1], 0.75 * pitch)]
            if np.linalg.norm(c - end) < (marker_reach + 0.35 * self.tile_mm) * s.px_per_mm and not any(
                self.face_there(image, o[1], angle, o[2], 3) >= s.min_score for o in onward
            ):
                return slots, self._accounted(image, mask, slots, tile, squares)
            if len(full) > 1:  # which way on, of several places a tile could be
                options = self._rank(image, full, angle, h, visited[:-1], pitch)
            bridged = 0
            if not full:  # a path laid in a curve: the next tile a few degrees off the axes
                fan = _fanned(c, h, stride, visited, place)
                if fan and (not options or fan[0][0] > options[0][0] + 0.05):
                    options = fan
            # across the way as the tiles lie: a heading a few degrees off the row's would
            # drift off it, step by step; on a curve, across an axis may lead back
            stepped = [(o, centred(o[1], o[2])) for o in options[:1]]
            if stepped and np.linalg.norm(visited - stepped[0][1], axis=1).min() < 0.75 * pitch:
                stepped = [(o, o[1]) for o in _fanned(c, h, pitch, visited, place)]
            if stepped:
                (_, _, u), p = stepped[0]
            else:
                for steps in range(2, s.max_bridge + 2):
                    p = centred(c + steps * pitch * h, h)
                    if np.linalg.norm(p - end) < (marker_reach - 0.3 * self.tile_mm) * s.px_per_mm:
                        return slots, False
                    if place(p) >= 0.5 and np.linalg.norm(visited - p, axis=1).min() >= 0.6 * pitch:
                        u, bridged = h, steps - 1
                        first = c + (p - c) / steps  # the tile between, off the axes (a curve)
                        if place(first) >= 0.5 and _clear(first, visited, 0.6 * pitch):
                            p, bridged = first, 0
                        break
                else:
                    return slots, False
            h = (p - c) / (np.linalg.norm(p - c) or 1.0)
            c = p
        return slots, False

    def _rank(
        self,
        image: np.ndarray,
        full: list[tuple[float, np.ndarray, np.ndarray]],
        angle: float,
        heading: np.ndarray,
        earlier: np.ndarray,
        pitch: float,
    ) -> list[tuple[float, np.ndarray, np.ndarray]]:
        """Places a tile could be next, best first: a face before anything else (a shadow
        can be as dense as a tile); then one not clearly fainter than another (a glare's
        rim on the table straight on matched a face at 0.62, the next row's tile 0.95; the
        narrow gap between two rows, as dense as a tile and beside the row walked, 0.62
        where the row's next tile matched 0.92); then the place beside a tile already
        walked (rows that touch, a spiral: the path runs back along the row before, and a
        place ahead that touches nothing walked is the next row's); then straight on; then
        the clearer face."""
        s = self.settings
        faces = [self.face_there(image, p, angle, u) for _, p, u in full]
        best = max(faces)

        def key(n: int) -> tuple[bool, bool, bool, bool, float]:
            _, p, u = full[n]
            hugs = len(earlier) > 0 and float(np.linalg.norm(earlier - p, axis=1).min()) < 1.25 * pitch
            face = faces[n]
            return (
                face < s.min_score,
                face < best - FAINTER,
                not hugs,
                float(u @ heading) < 0.9,
                -face,
            )

        return [full[n] for n in sorted(range(len(full)), key=key)]

    def _accounted(
        self, image: np.ndarray, mask: np.ndarray, slots: list[Slot], tile: float, squares: WalkedSides
    ) -> bool:
        """Whether a walk that reached marker 11 accounts for every place on the way: each
        step one tile on or across a gap it bridged, and no face left off the walk."""
        pitch = (self.tile_mm + self.settings.gap_mm) * self.settings.px_per_mm
        return _steps_accounted(slots, pitch) and not self._unvisited_face(image, mask, slots, tile, squares)

    def _unvisited_face(
        self, image: np.ndarray, mask: np.ndarray, slots: list[Slot], tile: float, squares: WalkedSides
    ) -> bool:
        """Whether a tile the walk did not step on lies on the table: a place about as dense as
        a tile, away from every tile walked, where an enrolled face matches. A walk that
        reached marker 11 has still skipped part of the path if so (it cut across rows
        that touch, or from one turn of a spiral to the marker)."""
        s = self.settings
        left = mask.copy()
        for slot in slots:  # each tile walked, as it lies, with a margin (the mask is at half resolution)
            square = ((slot.center[0] / 2, slot.center[1] / 2), (0.6 * tile, 0.6 * tile), slot.angle)
            cv2.fillPoly(left, [np.round(cv2.boxPoints(square)).astype(np.int32)], 0)
        stride = max(1, int(0.1 * tile))  # a fifth of a tile, at half resolution
        dense = density_map(left, tile)[::stride, ::stride] >= 0.5  # a tile by a marker shows less
        spots = np.argwhere(dense)[:, ::-1].astype(np.float64) * stride * 2  # top-view px
        looked: list[np.ndarray] = []
        walked = np.array([sl.center for sl in slots])
        for p in spots:  # one look per place a tile could lie, a few at most
            if len(looked) >= UNVISITED_LOOKS:
                break
            if any(np.linalg.norm(p - q) < 0.8 * tile for q in looked):
                continue
            looked.append(p)
            # the middle of the dense spots about this one, at its own turn (a curve)
            middle = spots[np.linalg.norm(spots - p, axis=1) < 0.8 * tile].mean(axis=0)
            if not _clear(middle, walked, 0.75 * tile):  # a walked tile's corner, not another tile
                continue
            turned = tile_angle(image, middle, tile)
            if not squares.square_at(middle, turned, tile, UNVISITED_SHARE):  # grain, a glare
                continue
            if self.face_there(image, middle, turned, np.array([1.0, 0.0]), 2) >= s.colour_min_score:
                return True  # a face matched well (a glare's rim on the table matches one faintly)
        return False

    def measure_tile(
        self,
        image: np.ndarray,
        mask: np.ndarray,
        start: np.ndarray,
        outlines: Outlines | None = None,
        burnt: np.ndarray | None = None,
    ) -> float:
        """A tile's side (mm) in this frame, from the first tile after marker 10: where the
        path begins along the ray from the marker is found in the mask at the smallest
        side allowed, then each side in ``tile_range`` is tried there, and the one at
        which the crop matches an enrolled face best is taken (a face cut at the wrong
        scale matches none well). Boxes differ (35 mm OTB tiles, others), and printing
        or a photocopied set may scale them. The last frame's side if no enrolled face
        matches there at any side; ``settle_tile`` makes it exact during the walk."""
        s = self.settings
        lo, hi = s.tile_range
        small = lo * s.px_per_mm
        dens = tile_density(mask, small)
        near, u = self.first_tile(mask, start, dens, small, outlines, burnt)
        if near is None:
            return NOMINAL_TILE_MM if lo <= NOMINAL_TILE_MM <= hi else (lo + hi) / 2
        edge = float(np.linalg.norm(near - start)) - small / 2  # where the path begins
        # the ray may meet the tile off its middle (a curve leaves the marker off its line):
        # across the ray, the middle of the densest stretch, unless it runs on (rows that touch)
        across = _rot(u, 1)
        shifts = np.linspace(-0.4, 0.4, 17) * hi * s.px_per_mm
        values = [dens(near + d * across) for d in shifts]
        top = [d for d, v in zip(shifts, values, strict=True) if v >= max(values) - 0.02]
        offset = 0.0 if top[0] == shifts[0] or top[-1] == shifts[-1] else 0.5 * (top[0] + top[-1])
        start = start + offset * across  # the ray moved across to the tile's middle

        def score(
            mm: float, around: np.ndarray | None, reach: int, step: float, nth: int = 0
        ) -> tuple[float, np.ndarray]:
            """How well the first tile, cut at this side, matches an enrolled face, and
            where: shifted ``reach`` steps of ``step`` sides each way about ``around``
            (default: half a side beyond where the path begins; ``nth`` 1: the tile after
            it, a side and a gap on)."""
            side = mm * s.px_per_mm
            on = nth * (side + s.gap_mm * s.px_per_mm)
            centre = start + (edge + side / 2 + on) * u if around is None else around
            angle = tile_angle(image, centre, side)
            cells = [(a, b) for a in range(-reach, reach + 1) for b in range(-reach, reach + 1)]
            patches, shifts = crop_grid(image, centre, side, angle, cells, step * side, u)
            match = self.index.match(patches, s.min_score, s.min_margin)
            return match.score, centre + shifts[match.which]

        # the tile's place is only roughly known (a curve, a ray past its middle): coarse
        # sizes over shifts of up to a third of a side, then finer sizes where the best matched
        coarse = {float(mm): score(mm, None, 3, 0.1) for mm in np.arange(lo, hi + 1e-6, 5.0)}
        best_score = max(float(v) for v, _ in coarse.values())
        if best_score < MEASURE_CLEAR:
            # the first face matches no side clearly (a pawn stands on it: a medallion's
            # disc round the pawn matched best at 25 mm of 35): the tile after it, where the
            # path runs straight on, is looked at too: a side must suit both, and is made
            # exact on the one that matches it better
            for mm, (value, where) in list(coarse.items()):
                after, there = score(mm, None, 3, 0.1, 1)
                coarse[mm] = ((value + after) / 2, where if value >= after else there)
            best_score = max(float(v) for v, _ in coarse.values())
        if best_score < max(s.min_score, s.measure_sure):  # no face there surely at any side: as before
            return self.tile_mm
        fine: dict[float, float] = {}
        for best, (value, where) in coarse.items():
            # a close second (a tile on a table of its colour) is looked at too: the coarse
            # sides lie 5 mm apart, and one 2 mm off the tile's matches far less well
            if value < best_score - CLOSE_SIZE:
                continue
            for mm in np.arange(best - 3, best + 3.1, 0.5):
                if lo <= mm <= hi:
                    fine[float(mm)] = max(fine.get(float(mm), -1.0), score(mm, where, 1, 0.05)[0])
        # a part of a face may match as well as the whole (a dark tile's inner frame, at
        # 30 mm of 35): of the sides that match best alike, the largest is the tile
        sizes = sorted(fine)
        peaks = [
            mm
            for n, mm in enumerate(sizes)
            if fine[mm] >= max(fine[m] for m in sizes[max(n - 1, 0) : n + 2])
            and fine[mm] >= max(fine.values()) - SIZE_TIE
        ]
        return max(peaks)

    def settle_tile(self, image: np.ndarray, slots: list[Slot], least: int) -> bool:
        """The measured side made exact on the faces the walk has read surely, once there
        are ``least`` of them: the side within 2 mm at which they match best together.
        One tile alone leaves it a millimetre or so out, and a face that is a close call
        can turn on that. The faces' best scale is also the enrolled photos' crop, which
        may hold a rim of table: the side stays within ``LAID_SLACK_MM`` of what the walk's
        own steps along straight runs say (a pitch less the usual gap). Whether it was
        done."""
        s = self.settings
        sure = [sl for sl in slots if sl.match is not None and sl.match.confidence >= 0.9]
        if len(sure) < least:
            return False
        lo, hi = s.tile_range
        square = [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1)]

        def together(mm: float) -> float:
            side = mm * s.px_per_mm
            total = 0.0
            for sl in sure:
                patches, _ = crop_grid(image, sl.center, side, sl.angle, square, 0.04 * side, sl.heading)
                total += self.index.match(patches, s.min_score, s.min_margin).score
            return total

        low, high = max(lo, self.tile_mm - 2), min(hi, self.tile_mm + 2)
        laid = _laid_side(slots, s.px_per_mm, s.gap_mm)
        if laid is not None:  # the faces' best scale, where the tiles as laid allow it
            low, high = max(low, laid - LAID_SLACK_MM), min(high, laid + LAID_SLACK_MM)
            if low > high:
                low = high = float(np.clip(laid, lo, hi))
        sizes = [float(mm) for mm in np.arange(low, high + 0.01, 0.5)]
        self.tile_mm = _peak(sizes, [together(mm) for mm in sizes]) if len(sizes) > 1 else sizes[0]
        return True

    def _fit_laid(self, slots: list[Slot]) -> bool:
        """The side brought within ``LAID_SLACK_MM`` of the tiles' spacing when too few
        faces are read surely to settle it on (a set the catalogue reads poorly, whose
        first tile alone may have misled); whether it had to be."""
        s = self.settings
        laid = _laid_side(slots, s.px_per_mm, s.gap_mm)
        if laid is None or abs(self.tile_mm - laid) <= LAID_SLACK_MM:
            return False
        self.tile_mm = float(np.clip(self.tile_mm, laid - LAID_SLACK_MM, laid + LAID_SLACK_MM))
        return True

    def between(self, slots: list[Slot], i: int) -> np.ndarray:
        """Where slot ``i`` lies by its neighbours: a pitch on from the one before along its
        heading, a pitch back from the one after along that one's (a bridged gap breaks the
        chain); the slot's own place if it has no such neighbour."""
        guesses = [g for g in (self._guess(slots, i, i - 1), self._guess(slots, i, i + 1)) if g is not None]
        return np.mean(guesses, axis=0) if guesses else slots[i].center

    def _guess(self, slots: list[Slot], i: int, j: int) -> np.ndarray | None:
        """Where neighbour ``j`` (i ± 1) puts slot ``i``: a pitch on along the heading
        between them; None past the path's ends or across a bridged gap."""
        if not 0 <= j < len(slots) or slots[max(i, j)].bridged:
            return None
        pitch = (self.tile_mm + self.settings.gap_mm) * self.settings.px_per_mm
        return slots[j].center + (i - j) * pitch * slots[max(i, j)].heading

    def refine(self, image: np.ndarray, slots: list[Slot]) -> None:
        """A second look at faces read poorly: the walk found them from one side only (the
        first tile from the marker, a bend from the tile before), but their neighbours on
        both sides pin down where they lie."""
        s = self.settings
        pitch = (self.tile_mm + s.gap_mm) * s.px_per_mm
        for i, slot in enumerate(slots):
            if slot.match is not None and slot.match.confidence >= 0.9:
                continue
            guesses = []
            for j in (i - 1, i + 1):
                if 0 <= j < len(slots) and not (slots[j].bridged if j > i else slot.bridged):
                    away = slot.center - slots[j].center
                    dist = float(np.linalg.norm(away))
                    if 0.5 * pitch < dist < 1.5 * pitch:
                        guesses.append(slots[j].center + away / dist * pitch)
            if not guesses:
                continue
            self._look_again(image, slot, np.mean(guesses, axis=0))
        # a run of faces read poorly (the walk set off from a first tile a pawn pulled
        # astray) is placed again from its sure end, a pitch at a time, both ways
        for order, side in ((range(len(slots) - 1, -1, -1), 1), (range(len(slots)), -1)):
            for i in order:
                slot, j = slots[i], i + side
                if slot.match is not None and slot.match.confidence >= 0.9:
                    continue
                guess = self._guess(slots, i, j)
                sure = slots[j] if guess is not None else None
                if (
                    guess is None
                    or sure is None
                    or sure.match is None
                    or sure.match.confidence < s.min_confidence
                ):
                    continue
                if np.linalg.norm(guess - slot.center) > 0.1 * pitch:  # else seen already
                    self._look_again(image, slot, guess)
        _one_per_tile(slots, pitch)

    def _look_again(self, image: np.ndarray, slot: Slot, centre: np.ndarray) -> None:
        """``slot`` read again about ``centre``; kept if surer."""
        s = self.settings
        angle = tile_angle(image, centre, self.tile_mm * s.px_per_mm)
        if _apart(angle, slot.angle) > ANGLE_FAR:  # edges far off the walk's: a glyph's, a pawn's
            angle = slot.angle
        match, where = self.classify(image, centre, angle, slot.heading, 3)
        if slot.match is None or match.confidence > slot.match.confidence:
            slot.match, slot.center, slot.angle = match, where, angle

    def recolour(self, image: np.ndarray, slots: list[Slot]) -> np.ndarray:
        """A second look at the faces not read surely, in the frame's own colours: the
        faces read surely show how this camera and this light render the enrolled
        colours (what the markers' white alone cannot: clipped highlights, a tinted
        lamp, a pale lens); a colour transform fitted to them is applied, and the unsure
        faces are read again."""
        s = self.settings
        side = self.tile_mm * s.px_per_mm
        sure = [sl for sl in slots if sl.match is not None and sl.match.confidence >= 1.0]
        unsure = [i for i, sl in enumerate(slots) if sl.match is not None and sl.match.confidence < 1.0]
        if len(sure) < 8:
            return image
        idx = self.index
        seen, known = [], []
        for sl in sure:
            if sl.match is None:  # never: only matched slots are sure
                continue
            crop = smoothed(crop_patch(image, sl.center, side, sl.angle)).reshape(-1, 3)
            rows = [j for j, label in enumerate(idx.labels) if label == sl.match.label]
            v = normalised(crop.ravel()[None])
            best = rows[int(np.argmax(v @ idx.matrix[rows].T))]
            seen.append(crop)
            known.append(idx.raw[best].reshape(-1, 3))
        x = np.concatenate(seen).astype(np.float64)
        y = np.concatenate(known).astype(np.float64)
        design = np.column_stack([x, np.ones(len(x))])
        fit, *_ = np.linalg.lstsq(design, y, rcond=None)
        fixed = cv2.transform(image, fit.T)  # each channel from all three and a constant, saturated
        for i in unsure:
            sl = slots[i]
            match, where = self.classify(fixed, sl.center, sl.angle, sl.heading, 2)
            if match.confidence > sl.match.confidence:  # type: ignore[union-attr]
                sl.match, sl.center = match, where
        return fixed

    def first_tile(
        self,
        mask: np.ndarray,
        start: np.ndarray,
        dens: Callable[[np.ndarray], float],
        tile: float,
        outlines: Outlines | None = None,
        burnt: np.ndarray | None = None,
        pawns: Sequence[np.ndarray] = (),
    ) -> tuple[np.ndarray | None, np.ndarray]:
        """The first tile (``tile`` top-view px wide): along the ray from marker 10 that
        meets the path soonest and stays on it, half a tile beyond where it begins. With
        the frame's ``outlines``, the nearest of the few places rays meet that stands out
        as a square about as clearly as the clearest of them, or shows a face clearly, or
        has one of the ``pawns`` standing on it: a lamp's glare by the marker is as dense
        in the mask as a tile, with only the sides the marker's paper lends it, and at best
        a faint likeness to a plain face — and so is a tile a pawn stands on, its shadow
        over a side and its face half hidden, but a glare holds no pawn."""
        s = self.settings
        k = 0.5
        paper = (MARKER_MM / 2 + QUIET_MM + 2) * s.px_per_mm
        reach = paper + 3 * tile
        met: list[tuple[float, np.ndarray, np.ndarray]] = []
        for a in np.linspace(0, 2 * np.pi, 72, endpoint=False):
            u = np.array([np.cos(a), np.sin(a)])
            r = np.arange(paper, reach, 1.0 / k)
            pts = np.round((start + r[:, None] * u) * k).astype(int)
            inside = (
                (pts[:, 0] >= 0)
                & (pts[:, 1] >= 0)
                & (pts[:, 0] < mask.shape[1])
                & (pts[:, 1] < mask.shape[0])
            )
            on = np.zeros(len(r), bool)
            on[inside] = mask[pts[inside, 1], pts[inside, 0]] > 0
            run = int(0.6 * tile * k)
            hits = np.convolve(on.astype(np.int32), np.ones(run, np.int32), "valid") >= run - 1
            if not hits.any():
                continue
            j = int(np.argmax(hits))
            centre = start + (r[j] + tile / 2) * u
            if dens(centre) < 0.85:  # a stray line or a shadow's edge, not a tile
                continue
            met.append((float(r[j]), centre, u))
        met.sort(key=lambda m: m[0])  # nearest first; a stable sort keeps the rays' order
        # places a tile apart (``tile`` may be the smallest side allowed, while measuring)
        side = max(tile, (self.tile_mm or NOMINAL_TILE_MM) * s.px_per_mm)
        places: list[tuple[np.ndarray, np.ndarray]] = []
        for reach_met, centre, u in met:
            if reach_met > met[0][0] + FIRST_NEAR * side:
                break  # off the marker's corner, a tile of another row: not the path's first
            if len(places) < FIRST_LOOKS and all(np.linalg.norm(centre - q) >= 0.6 * side for q, _ in places):
                places.append((centre, u))
        if not places:
            return None, np.array([1.0, 0.0])
        if outlines is None or len(places) == 1:
            return places[0]
        clear = [outlines.strength(q, 0.0, side) for q, _ in places]
        shares = [burnt_share(burnt, q, side) for q, _ in places] if burnt is not None else []
        for n, ((q, u), v) in enumerate(zip(places, clear, strict=True)):
            if v >= FIRST_SHARE * max(clear):
                return q, u
            if shares and glare_among(shares[n], shares):
                continue  # a glare, faintly square: a tile under it is left out, the walk not begun there
            if any(float(np.linalg.norm(p - q)) < FIRST_PAWN * side for p in pawns):
                return q, u
            angle = tile_angle(outlines.image, q, side)
            # a face, whichever: a box whose sets differ only in a little colour matches
            # its face well with no clear label (ebony's first tile 0.98, confidence 0.19)
            if self.face_match(outlines.image, q, angle, u, 3).score >= s.colour_min_score:
                return q, u
        return places[0]

    def find_pawns(
        self,
        view: TopView,
        mask: np.ndarray,
        slots: list[Slot],
        shaded: bool = False,
        lab: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None,
        skip: set[str] | frozenset[str] = frozenset(),
    ) -> list[dict[str, Any]]:
        """Pawns by their enrolled colour: compact blobs about a pawn's size, round or oval
        (a standing pawn's top and side, seen aslant), of a colour's blobs the one nearest
        it, and of two colours claiming one blob the nearer. ``shaded``
        also takes a pawn dimmed by the light (it finds more, and more false ones).
        ``lab`` is ``pawn_lab(view, mask)`` if already at hand; pawns in ``skip`` are not
        looked for (each pawn is looked for on its own)."""
        s = self.settings
        light, green_red, blue_yellow = lab if lab is not None else pawn_lab(view, mask)
        tile_area = (self.tile_mm * s.px_per_mm * 0.5) ** 2
        placed = [self.between(slots, i) for i in range(len(slots))]
        claims: dict[str, tuple[float, np.ndarray, float, float]] = {}
        for label, colour in self.pawn_colours.items():
            if label in skip:
                continue
            # dimmer light (a shadow, the far side of the table) scales lightness and
            # chroma together: undo that before comparing, as foreground() does
            shade = np.clip(colour[0] / np.maximum(light, 1.0), 0.6, 1.6) if shaded else 1.0
            da = (green_red - 128) * shade - (colour[1] - 128)
            db = (blue_yellow - 128) * shade - (colour[2] - 128)
            dl = light * shade - colour[0]  # shaded: lightness undone too, but for the clip
            dist = np.sqrt(0.06 * dl**2 + da**2 + db**2)
            blob = (dist < PAWN_NEAR).astype(np.uint8)
            blob = cv2.morphologyEx(blob, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
            if not cv2.countNonZero(blob):
                continue
            n, parts, stats, centroids = cv2.connectedComponentsWithStats(blob)
            best = None
            for j in range(1, n):
                area = stats[j, cv2.CC_STAT_AREA]
                w, h = stats[j, cv2.CC_STAT_WIDTH], stats[j, cv2.CC_STAT_HEIGHT]
                if not s.pawn_min_area * tile_area <= area <= 0.32 * tile_area or max(w, h) > 2.2 * min(w, h):
                    continue
                fill = area / (w * h)
                if fill < PAWN_FILL or not _stands_alone(blob, centroids[j], np.sqrt(area / np.pi)):
                    continue
                x, y = stats[j, cv2.CC_STAT_LEFT], stats[j, cv2.CC_STAT_TOP]
                piece = (parts[y : y + h, x : x + w] == j).astype(np.uint8)
                contours, _ = cv2.findContours(piece, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
                _, enclosing = cv2.minEnclosingCircle(max(contours, key=cv2.contourArea))
                if area < PAWN_ROUND * np.pi * enclosing**2:  # a disc seen aslant, not a piece of some panel
                    continue
                near = float(np.median(dist[y : y + h, x : x + w][piece > 0]))
                if near > PAWN_TYPICAL and not shaded:
                    continue
                if best is None or near < best[3]:  # the one of the pawn's colour most nearly
                    best = (area, centroids[j] * 2 + 0.5, fill, near)  # a half-size pixel spans two
            if best is not None:
                claims[label] = best
        found = []
        for label, best in claims.items():
            radius_half = np.sqrt(best[0] / np.pi)
            rivals = [
                other
                for other, b in claims.items()
                if other != label and np.linalg.norm(b[1] - best[1]) < 2 * 2 * radius_half
            ]
            if any(claims[other][3] < best[3] for other in rivals):
                continue  # one pawn, nearer another pawn's colour (yellow, orange and lime are close)
            colour = self.pawn_colours[label]
            radius = float(np.sqrt(best[0] / np.pi) / 0.5)
            centre, extent = pawn_centre(view.image, best[1], colour, radius)
            index = None
            if slots:
                # a pawn may have pulled its own tile's match off its place: where the
                # neighbours put the tile counts as much
                d = [
                    min(float(np.linalg.norm(sl.center - centre)), float(np.linalg.norm(where - centre)))
                    for sl, where in zip(slots, placed, strict=True)
                ]
                j = int(np.argmin(d))
                if d[j] < 0.75 * self.tile_mm * s.px_per_mm:
                    index = j
            found.append(
                {
                    "label": label,
                    "confidence": round(float(min(1.0, best[2] / 0.78)), 2),
                    "index": index,
                    "view": centre.tolist(),
                    "radius": max(radius, extent),
                }
            )
        return found


PAWN_NEAR = 24.0  # a pawn's pixels lie within this of its enrolled colour (Lab, lightness weighed 0.25)
PAWN_FILL = 0.5  # …its blob fills this share of its box at least…
PAWN_TYPICAL = 18.0  # …its typical pixel well within that (a photo face's cyan-ish gradient: 19-22)…
PAWN_ROUND = 0.45  # …and this share of its enclosing circle: a pawn's top and side, seen aslant
PAWN_EXTENT = 1.8  # a pawn's disc of its hue is at most this many times the radius its blob shows
NOMINAL_TILE_MM = 35.0  # the OTB box's tiles: the mask's scale before the tile is measured


LAID_SLACK_MM = 1.0  # how far the measured side may stray from the tiles' spacing
ANGLE_BLUR = 1.5  # top-view px (1.25 mm): a tile's sides seen without print finer than this…
ANGLE_APART = 5.0  # …are taken where they point this many degrees otherwise than the sharp edges
ANGLE_ASTRAY = 10.0  # a tile's edges this far off the path's axes and the last tile's are weighed…
STRIDE_FLEX = (0.92, 1.08)  # a neighbour less dense than a tile is looked for this much nearer and further
ANGLE_FAR = 25.0  # …and this far off, taken only where the face fits clearly better so (FAR_TURN_MARGIN)
ASTRAY_MARGIN = 0.05  # …against the axes, taken where the face matches that much better so
FAR_TURN_MARGIN = 0.05  # a tile ANGLE_FAR off is turned so only where its face fits this much better
SIZE_TIE = 0.01  # sides whose first faces match within this of the best match alike
MEASURE_CLEAR = 0.85  # a first face matching its best side less well than this: the next one is tried too
CLOSE_SIZE = 0.06  # a coarse side matching this much less than the best is looked at finely too
FAINTER = 0.2  # a place whose face matches this much less than another's goes after it
UNVISITED_SHARE = 0.4  # a face off the walk stands out as a tile nearly as well as those walked
# the first tile is moved to where a face matches it best (a ray may meet it off its
# middle) only where one matches this well: a pawn on it pulled the walk a third of a tile off
FIRST_MOVED = 0.6
FIRST_LOOKS = 4  # the nearest places rays from marker 10 meet, weighed as the path's first tile…
FIRST_SHARE = 0.5  # …passed over if less clearly a square than this share of the clearest, and no face
FIRST_PAWN = 0.5  # …unless a pawn stands within this share of a side of its middle
FIRST_NEAR = 0.5  # …and only places met within this share of a side beyond the nearest
SETTLE_FACES = 12  # sure faces the measured side is made exact on, the first ones walked
UNVISITED_LOOKS = 12  # places off the walk looked at for a face the walk skipped
GRID_MEMORY = 0.6  # how much of the path's axes so far each new tile's own axes keep


_BUILT = Kept(16)  # what readers build from a catalogue's photos per tile size
_GROUNDS = Kept(16)  # the enrolled faces' light grounds, per catalogue's photos (any tile size)


def tile_density(mask: np.ndarray, tile: float) -> Callable[[np.ndarray], float]:
    """How much of a disc a little smaller than a tile (``tile`` top-view px wide) round
    a top-view point is foreground in ``mask`` (half resolution)."""
    k = 0.5
    density = density_map(mask, tile)

    def dens(p: np.ndarray) -> float:
        x, y = round(p[0] * k), round(p[1] * k)
        if 0 <= y < density.shape[0] and 0 <= x < density.shape[1]:
            return float(density[y, x])
        return 0.0

    return dens


def density_map(mask: np.ndarray, tile: float) -> np.ndarray:
    """``tile_density`` at every pixel of ``mask``."""
    radius = max(2, int(0.42 * tile * 0.5))
    kernel = np.zeros((2 * radius + 1, 2 * radius + 1), np.float32)
    cv2.circle(kernel, (radius, radius), radius, 1.0, -1)
    return cv2.filter2D(mask.astype(np.float32), -1, kernel / kernel.sum())


def pawn_centre(
    image: np.ndarray, rough: np.ndarray, colour: np.ndarray, radius: float
) -> tuple[np.ndarray, float]:
    """A pawn's centre at the top view's own resolution: the disc of its hue (its darker
    rim is the same hue, dimmer), the highlight's hole filled in. The blob at half size
    misses the rim on one side and the highlight on the other; what it hides under a
    pawn must sit where the pawn does. ``rough`` stays if the disc runs into something
    of its hue. Also the pawn's radius by that disc (``radius`` where it cannot tell): a
    pawn lit from one side shows its own colour only on its lit part, which the blob
    found is, and the rest of it hides its tile as well."""
    reach = int(radius * 1.8) + 2
    x, y = round(float(rough[0])), round(float(rough[1]))
    x0, y0 = max(x - reach, 0), max(y - reach, 0)
    window = image[y0 : y + reach + 1, x0 : x + reach + 1]
    if window.shape[0] < 3 or window.shape[1] < 3:
        return rough, radius
    light, green_red, blue_yellow = cv2.split(cv2.cvtColor(window, cv2.COLOR_BGR2LAB).astype(np.float32))
    shade = np.clip(colour[0] / np.maximum(light, 1.0), 0.6, 1.6)
    da = (green_red - 128) * shade - (colour[1] - 128)
    db = (blue_yellow - 128) * shade - (colour[2] - 128)
    near = (np.sqrt(da * da + db * db) < 24).astype(np.uint8)
    _, parts = cv2.connectedComponents(near)
    at = parts[min(y - y0, parts.shape[0] - 1), min(x - x0, parts.shape[1] - 1)]
    if at == 0:
        return rough, radius
    contours, _ = cv2.findContours((parts == at).astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    disc = np.zeros_like(near)
    cv2.drawContours(disc, contours, -1, 1, -1)
    m = cv2.moments(disc, binaryImage=True)
    area = m["m00"]
    if not 0.5 * np.pi * radius**2 <= area <= PAWN_EXTENT**2 * np.pi * radius**2:
        return rough, radius
    extent = float(np.sqrt(area / np.pi))
    if area > 2.5 * np.pi * radius**2:
        return rough, extent  # its centre stays where the blob put it
    refined = np.array([m["m10"] / area + x0, m["m01"] / area + y0])
    return (refined if np.linalg.norm(refined - rough) < 0.5 * radius else rough), extent


def pawn_lab(view: TopView, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The top view at the mask's resolution in Lab, one float plane per channel (numpy
    is slow over a trailing axis of 3)."""
    small = cv2.resize(view.image, (mask.shape[1], mask.shape[0]), interpolation=cv2.INTER_AREA)
    light, green_red, blue_yellow = cv2.split(cv2.cvtColor(small, cv2.COLOR_BGR2LAB))
    return light.astype(np.float32), green_red.astype(np.float32), blue_yellow.astype(np.float32)


def _shade_turn(crop: np.ndarray, enrolled: np.ndarray, hidden: np.ndarray, gains: np.ndarray) -> int | None:
    """Which way the pawns' shadows fall (an index into ``gains``), or None for no
    shadow: the hypothesis under which the crop matches some face best; the same for
    every face, so it favours none."""
    scores = _masked_scores(
        np.repeat(crop[None], len(gains) + 1, axis=0),
        enrolled,
        np.repeat(hidden[None], len(gains) + 1, axis=0),
        np.concatenate([np.ones((1, *gains.shape[1:])), gains])[:, None, :],
        each=True,
    )
    best = int(np.argmax(scores.max(axis=1)))
    return None if best == 0 else best - 1


def _masked_scores(
    crops: np.ndarray, enrolled: np.ndarray, hidden: np.ndarray, gains: np.ndarray, each: bool = False
) -> np.ndarray:
    """Crops × enrolled faces: the correlation over what each crop's own mask in
    ``hidden`` (crops × pixels) leaves, under no shadow or the shadow ``gains`` (turns ×
    crops × pixels), whichever lets that crop match some face best. With ``each``,
    ``gains`` holds one hypothesis per crop (crops × 1 × pixels), taken as it is.

    Sums over the kept pixels come from whole-matrix products (Σce − n·c̄·ē), so no face
    is re-normalised per mask."""
    keep = np.repeat(~hidden, 3, axis=1).astype(np.float64)
    faces = enrolled.astype(np.float64)
    count = keep.sum(axis=1)[:, None]
    face_sum = keep @ faces.T
    face_mean = face_sum / count
    face_var = np.maximum(keep @ (faces * faces).T - count * face_mean**2, 1e-9)

    def ncc(seen: np.ndarray) -> np.ndarray:
        kept = seen * keep
        mean = kept.sum(axis=1, keepdims=True) / count
        var = np.maximum((kept * seen).sum(axis=1, keepdims=True) - count * mean**2, 1e-9)
        return (kept @ faces.T - count * mean * face_mean) / np.sqrt(var * face_var)

    if each:
        return ncc(crops * np.repeat(gains[:, 0, :], 3, axis=1))
    best = ncc(crops)
    for gain in gains:
        scores = ncc(crops * np.repeat(gain, 3, axis=1))
        better = scores.max(axis=1) > best.max(axis=1)
        best[better] = scores[better]
    return best


def _blur_planes(planes: np.ndarray, sigma: float) -> np.ndarray:
    """A Gaussian blur of each of a stack of small planes (as cv2.GaussianBlur would,
    edges reflected), in one pass over the stack."""
    radius = max(1, int(np.ceil(3 * sigma)))
    kernel = cv2.getGaussianKernel(2 * radius + 1, sigma).ravel()
    padded = np.pad(planes, ((0, 0), (radius, radius), (radius, radius)), mode="reflect")
    h, w = planes.shape[1:]
    rows = np.zeros((planes.shape[0], h, padded.shape[2]), np.float64)
    for i, k in enumerate(kernel):
        rows += k * padded[:, i : i + h, :]
    out = np.zeros((planes.shape[0], h, w), np.float64)
    for i, k in enumerate(kernel):
        out += k * rows[:, :, i : i + w]
    return out


def _same_place(one: dict[str, Any], other: dict[str, Any]) -> bool:
    """Two pawns found (``find_pawns``) whose discs overlap: two pawns cannot."""
    gap = np.linalg.norm(np.subtract(one["view"], other["view"]))
    return bool(gap < one["radius"] + other["radius"])


def _stands_alone(blob: np.ndarray, centre: np.ndarray, radius: float) -> bool:
    """A pawn is a disc of its colour with other colours around it; a patch of a face's
    own background in that colour runs on beyond the disc."""
    ring = np.zeros(blob.shape, np.uint8)
    c = (round(centre[0]), round(centre[1]))
    cv2.circle(ring, c, round(radius * 2.0) + 1, 1, -1)
    cv2.circle(ring, c, round(radius * 1.4) + 1, 0, -1)
    around = ring > 0
    return not around.any() or float(blob[around].mean()) < 0.2


def path_marker(frame: np.ndarray, markers: dict[int, Marker], marker_id: int) -> Marker | None:
    """A path marker the first look missed (small and blurred, far off at a steep tilt),
    looked for leniently: taken only when about as big as the markers seen and clear of
    them, as a marker on its own paper is."""
    gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    scale = 1
    while gray.shape[1] > 1400:
        gray = cv2.pyrDown(gray)
        scale *= 2
    corners, ids, _ = lenient_detector().detectMarkers(gray)
    if ids is None:
        return None
    typical = float(np.median([m.side_px for m in markers.values()]))
    for quad, found in zip(corners, ids.ravel(), strict=True):
        if int(found) != marker_id:
            continue
        candidate = Marker(marker_id, (quad.reshape(4, 2) * scale).astype(np.float32))
        side = candidate.side_px
        clear = all(
            np.linalg.norm(candidate.center - m.center) > 1.2 * max(side, m.side_px) for m in markers.values()
        )
        if 0.6 * typical <= side <= 1.6 * typical and clear:
            return candidate
    return None


def table_colour(view: TopView, cal: Calibration, markers: dict[int, Marker]) -> np.ndarray:
    """The table's own colour (Lab), sampled just outside the corner markers' paper where
    no game lies."""
    img = view.image
    samples = []
    for i in (0, 1, 2, 3):
        if i not in markers:
            continue
        c = view.view_point(cal.table_points(markers[i].center[None]))[0]
        r_in = (MARKER_MM / 2 + QUIET_MM) * 1.5 * view.px_per_mm
        r_out = r_in + 12 * view.px_per_mm
        x0, y0 = int(max(c[0] - r_out, 0)), int(max(c[1] - r_out, 0))
        x1, y1 = int(min(c[0] + r_out, img.shape[1])), int(min(c[1] + r_out, img.shape[0]))
        if x1 - x0 < 3 or y1 - y0 < 3:
            continue
        ys, xs = np.mgrid[y0:y1, x0:x1]
        r = np.hypot(xs - c[0], ys - c[1])
        ring = img[y0:y1, x0:x1][(r >= r_in) & (r <= r_out)]
        if len(ring):
            samples.append(ring)
    if not samples:
        raise VisionError("no-table", "no table is visible around the corner markers")
    pixels = np.concatenate(samples).reshape(-1, 1, 3)
    lab = cv2.cvtColor(pixels, cv2.COLOR_BGR2LAB).reshape(-1, 3).astype(np.float32)
    return np.median(lab, axis=0)


def foreground(image: np.ndarray, tile_px: float, table: np.ndarray) -> np.ndarray:
    """What is not table, at half resolution: far in colour from the table (lightness
    counts little, so a shadow stays table) or busy with edges (the table is plain or
    finely grained; faces are drawn)."""
    small = cv2.resize(image, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2LAB).astype(np.float32)
    mask = (_far_from(lab, table) | _busy(lab, tile_px)).astype(np.uint8)
    return cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))


def _far_from(lab: np.ndarray, table: np.ndarray) -> np.ndarray:
    """Where ``lab`` (float Lab) is far in colour from ``table``: one colour, or one per
    pixel (an (h, w, 3) field)."""
    t = np.asarray(table, np.float32)
    t_l, t_a, t_b = (t[..., 0], t[..., 1], t[..., 2])
    # a shadow or a light gradient scales lightness and chroma together: undo that first
    shade = np.clip(t_l / np.maximum(lab[:, :, 0], 1.0), 0.6, 2.2)
    da = np.abs((lab[:, :, 1] - 128) * shade - (t_a - 128))
    db = np.abs((lab[:, :, 2] - 128) * shade - (t_b - 128))
    # lighter than the table counts; darker counts less, as a deep shadow is darker
    dl = np.maximum(lab[:, :, 0] - t_l, 0) * 0.25 + np.maximum(t_l - lab[:, :, 0], 0) * 0.1
    return np.asarray((dl + da + db) > 20)


def _busy(lab: np.ndarray, tile_px: float) -> np.ndarray:
    """Where ``lab`` is busy with edges over a third of a tile: a face's drawing, not a
    plain or finely grained table."""
    grey = lab[:, :, 0]
    gx = cv2.Sobel(grey, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(grey, cv2.CV_32F, 0, 1, ksize=3)
    k = max(3, int(tile_px * 0.5 * 0.3)) | 1
    return np.asarray(cv2.blur(np.sqrt(gx * gx + gy * gy), (k, k)) > 40)


LAMP_TILES = 4.0  # the table's colour near a pixel: taken over this many tiles round it
POOL_LIT = 0.8  # a lamp's pool: this share of its plain part is the table lit (``without_lamplight``)…
POOL_RIM = 14.0  # …and its rim fades: its lightness changes by less than this per pixel (median),
# or than the table's own grain does round it


def _lamp_pool(
    blob: np.ndarray, small: np.ndarray, mask: np.ndarray, tile_px: float, table: np.ndarray
) -> bool:
    """Whether a skin-coloured blob reaching in is a lamp's pool of light on a light
    wood table (pale, warm and plain: the colour of light skin, as of the table in that
    light): mostly the table lit, by ``without_lamplight``, and with a rim that fades
    over centimetres where it meets the table, where an arm's silhouette is sharp. Two
    clean frames of photoreal seed 49 were refused (their pools' rims 10-12 per pixel; the
    synthetic bare arms lighter than their table 100 and more); the one whose blob is
    mostly lit is read. On a boldly grained table the grain is busy (never counted lit,
    so left out of the share) and crosses the rim: a pool there fades no faster than
    the grain itself changes (a clean frame of seed 71 was refused: 22 % of its pool
    grain, its rim 17 per pixel in grain of 20); an arm's lit share is under a half."""
    inside = blob.astype(bool)
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2LAB)
    plain = _plain(inside, lab, tile_px)
    table_there = without_lamplight(small, mask, tile_px, table) == 0  # free or lit table
    lit = plain & table_there
    if not plain.any() or lit.sum() < POOL_LIT * plain.sum():
        return False
    light = cv2.GaussianBlur(lab[:, :, 0].astype(np.float32), (0, 0), 1.0)
    slope = np.hypot(cv2.Sobel(light, cv2.CV_32F, 1, 0), cv2.Sobel(light, cv2.CV_32F, 0, 1))
    u8 = inside.astype(np.uint8)
    rim = (u8 - cv2.erode(u8, np.ones((3, 3), np.uint8))).astype(bool)
    rim[:2], rim[-2:], rim[:, :2], rim[:, -2:] = False, False, False, False  # the frame's edge is no rim
    rim = _meets_table(rim, table_there, inside)
    fades = max(POOL_RIM, _grain(slope, (mask == 0) & ~inside))
    return bool(rim.any()) and float(np.median(slope[rim])) < fades


def _plain(inside: np.ndarray, lab: np.ndarray, tile_px: float) -> np.ndarray:
    """The part of a blob that is not busy with edges: where light alone can be judged."""
    return inside & ~_busy(lab.astype(np.float32), tile_px)


def _grain(slope: np.ndarray, free: np.ndarray) -> float:
    """How fast the free table's own lightness changes per pixel (median): its grain."""
    return float(np.median(slope[free])) if free.any() else 0.0


def _meets_table(rim: np.ndarray, table_there: np.ndarray, inside: np.ndarray) -> np.ndarray:
    """The part of a blob's ``rim`` that meets the table: where a pool of light meets the
    path, the tiles' edges are sharp (a clean frame of seed 47 was refused on them)."""
    return rim & cv2.dilate((table_there & ~inside).astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)


def without_lamplight(small: np.ndarray, mask: np.ndarray, tile_px: float, table: np.ndarray) -> np.ndarray:
    """``mask`` less the table a lamp's pool of light brightens: pixels far from the
    table's colour only because they are lighter, and not far from the table as it looks
    round them (its colour averaged over the free table within a few tiles — further
    where none lies that near — twice, the second time over what the first found free).
    A pool at the frame's edge joins the path to it in the mask, and the pair looks like
    an arm reaching in (two clean frames of seed 4 were refused; a glossy table's sheen
    along the far edge, one of seed 6). Only plain pixels lighter than the table go: an
    arm's outline (busy) stays, and so does an arm darker than the table or of another
    hue."""
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2LAB).astype(np.float32)
    t = np.asarray(table, np.float32)
    k = max(5, int(tile_px * 0.5 * LAMP_TILES)) | 1
    busy = _busy(lab, tile_px)
    free = mask == 0
    for _ in range(2):
        field = np.empty_like(lab)
        field[:] = t  # where no free table lies within any reach: the corners' colour
        unset = np.ones(mask.shape, bool)
        free_share, free_lab = free.astype(np.float32), lab * free[:, :, None]  # the same for every reach
        for reach in (k, 2 * k + 1, 4 * k + 1):  # the nearest free table, as far off as it lies
            if not unset.any():
                break  # every pixel has its table's colour: a further reach would set none
            weight = cv2.blur(free_share, (reach, reach))
            seen = unset & (weight >= 0.05)
            mean = cv2.blur(free_lab, (reach, reach)) / np.maximum(weight, 1e-3)[:, :, None]
            np.copyto(field, mean, where=seen[:, :, None])
            unset &= ~seen
        far = _far_from(lab, field)
        free = ~(far | busy)
    lit = _far_from(lab, t) & ~far & ~busy & (lab[:, :, 0] > t[0])
    return (mask.astype(bool) & ~lit).astype(np.uint8)


def blank_marker(mask: np.ndarray, view: TopView, cal: Calibration, marker: Marker) -> None:
    corners = view.view_point(cal.table_points(marker.corners)) * 0.5
    centre = corners.mean(0)
    paper = centre + (corners - centre) * ((MARKER_MM / 2 + QUIET_MM + 5) / (MARKER_MM / 2))
    cv2.fillPoly(mask, [np.round(paper).astype(np.int32)], 0)


KING_TUT = "kingtut"


def kept_for_king_tut(
    matches: Sequence[Match | None], sure: Sequence[bool], boxed: dict[int, Outcome]
) -> dict[int, list[str]]:
    """In the OTB box King Tut is the path's last element (rules digest): a complete path
    whose last face is read as anything else, or with King Tut read anywhere before its
    end, has a question there (``boxed`` gains it) — never a label put in its place. The
    labels to offer for each such face are returned. The plain and trained looks took a
    King Tut tile for the gold bag at full confidence on the photoreal sets."""
    last = len(matches) - 1
    offered: dict[int, list[str]] = {}
    for i, m in enumerate(matches):
        label = boxed[i].label if i in boxed else (m.label if sure[i] and m is not None else None)
        if label is None:
            continue
        if i == last and label != KING_TUT:
            why = f"King Tut ends the path in this box, but it looks like {label}"
            boxed[i], offered[i] = Outcome(None, 0.0, why), [KING_TUT, label]
        elif i != last and label == KING_TUT:
            boxed[i] = Outcome(None, 0.0, "King Tut lies only at the path's end, before marker 11")
    return offered


def _settle(slot: Slot, label: str, score: float, confidence: float) -> None:
    """An unsure face read as ``label`` on two looks' word: their guess, which pushes no
    other face off a label in the box (``moved``) and is no longer in doubt."""
    assert slot.match is not None
    ranked = (label, *(n for n in slot.match.ranked if n != label))
    slot.match = replace(slot.match, label=label, score=score, ranked=ranked, confidence=confidence)
    slot.moved = True
    slot.doubt = None


def _special(match: Match | None) -> bool:
    """Whether a face is read as a special (a face of no set: no colour)."""
    return match is not None and colour_of(match.label) is None


def hand_blob(
    image: np.ndarray,
    mask: np.ndarray,
    tile_px: float,
    px_per_mm: float,
    table: np.ndarray | None = None,
    any_colour: bool = True,
    skin: bool = True,
) -> np.ndarray | None:
    """An arm over the table: something much bigger than a tile that reaches in from
    beyond the play area, as an arm does — of any colour, since skin comes in every tone
    and a sleeve in every colour (the kit lays the path with table showing all round, so
    no tile touches the edge). It must cross the edge no wider than an arm does (a stretch
    of an oak table lit otherwise than where its colour was sampled runs along the edge
    for a good part of it) and reach in further than it is wide there. With the
    ``table``'s colour (Lab), a blob that is only that table in a deep shadow (darker,
    of the table's own hue) is not a hand. Without ``any_colour`` only a skin-coloured
    blob counts; without ``skin`` the skin alone is not looked for first (the caller has
    looked for it in this mask already, and found no arm)."""
    small = cv2.resize(image, (mask.shape[1], mask.shape[0]), interpolation=cv2.INTER_AREA)
    if skin:
        ycc = cv2.cvtColor(small, cv2.COLOR_BGR2YCrCb)
        bare = cv2.inRange(ycc, (40, 135, 85), (250, 180, 135)) & (mask * 255)
        blob = _arm_in(bare, small, tile_px, px_per_mm, table, mask)  # a bare arm's skin alone
        if blob is not None and table is not None and _lamp_pool(blob, small, mask, tile_px, table):
            blob = None  # left to the look at whatever reaches in, which leaves lamplight out
        if blob is not None or not any_colour:
            return blob
    elif not any_colour:
        return None
    reaching = mask if table is None else without_lamplight(small, mask, tile_px, table)
    return _arm_in(reaching * 255, small, tile_px, px_per_mm, table, mask)  # whatever reaches in


def _arm_in(
    candidates: np.ndarray,
    small: np.ndarray,
    tile_px: float,
    px_per_mm: float,
    table: np.ndarray | None,
    ground: np.ndarray | None = None,
) -> np.ndarray | None:
    """The first blob of ``candidates`` (half-resolution mask) shaped like an arm;
    ``ground``, the frame's foreground mask, shows where the bare table lies."""
    candidates = cv2.morphologyEx(candidates, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(candidates)
    tile_area = (tile_px * 0.5) ** 2
    h, w = candidates.shape
    edge = 3
    for j in range(1, n):
        x, y, bw, bh, area = stats[j]
        touches = x <= edge or y <= edge or x + bw >= w - edge or y + bh >= h - edge
        if area > 4 * tile_area and touches:
            blob = labels == j
            across, reach = _edge_contact(blob, edge)
            # the mask is at half size; an arm reaches in further than it is wide
            if across > ARM_MM * px_per_mm * 0.5 or reach < across:
                continue
            if table is not None:
                seen = _median_lab(small, blob)
                wrist = WRIST_MM * px_per_mm * 0.5
                sliver = sum(_edge_widths(blob, edge).values()) < wrist
                if sliver and _table_coloured(seen, table):
                    continue  # the path, joined to the edge by a sliver of table: an arm shows its own colour
                entering = _entering(blob, edge, max(4, round(tile_px * 0.5)))  # the band an arm is judged in
                # …or by a streak of the table's grain: narrower than a wrist, or about a wrist
                # wide where the blob is narrowest, straight along the grain
                ways = [_streak_way(entering) if sliver else None, _neck_way(entering, edge, wrist)]
                if ground is not None and _along_the_grain([w for w in ways if w is not None], small, ground):
                    continue
                if _table_in_shade(seen, table):
                    continue
                filled = entering.sum() >= SOLID * _entering_span(entering)
                sparse = not filled or _streaks(entering, edge) >= STREAKS
                streaks = _median_lab(small, entering)
                if _table_coloured(seen, table) and _table_coloured(streaks, table, TABLE_ITSELF):
                    continue  # a bold stripe of the table's grain: of its colour as a whole and at the edge
                if sparse and (_table_coloured(streaks, table) or _table_in_shade(streaks, table)):
                    continue  # a grained table's streaks, light or dark, join the path to the edge
            return blob
    return None


GRAIN_COHERENT = 0.5  # how much of a table's texture runs one way for it to count as grained…
GRAIN_ALONG = 10.0  # …and how near that way (degrees) a streak narrower than a wrist must run


def _grain_way(small: np.ndarray, ground: np.ndarray) -> tuple[float, float]:
    """The way a grained table's streaks run over the bare table (degrees, 0 along the
    image's rows) and how coherently (0 none, 1 all one way): the structure tensor of its
    texture, each gradient capped at the typical strong one so that a marker's or a tile's
    edges, far sharper than grain, do not outweigh the grain's thousands."""
    gray = cv2.GaussianBlur(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY).astype(np.float32), (0, 0), 1.0)
    bare = cv2.erode((ground == 0).astype(np.uint8), np.ones((9, 9), np.uint8)).astype(bool)
    if bare.sum() < 100:
        return 0.0, 0.0
    gx = cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3)[bare]
    gy = cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3)[bare]
    size = np.hypot(gx, gy)
    cap = np.minimum(1.0, float(np.percentile(size, 75)) / np.maximum(size, 1e-6))
    return _structure_way(gx * cap, gy * cap)


def _structure_way(gx: np.ndarray, gy: np.ndarray) -> tuple[float, float]:
    """The way the edges of gradients ``gx``, ``gy`` run (degrees, 0 along the image's
    rows: across the way the image changes most) and how coherently (0 none, 1 all one
    way), from their structure tensor."""
    xx, yy, xy = float((gx * gx).sum()), float((gy * gy).sum()), float((gx * gy).sum())
    if xx + yy <= 0:
        return 0.0, 0.0
    across = 0.5 * np.degrees(np.arctan2(2 * xy, xx - yy))
    return float((across + 90) % 180), float(np.hypot(xx - yy, 2 * xy) / (xx + yy))


def _streak_way(part: np.ndarray) -> float | None:
    """The way ``part`` (a blob's band at the frame's edge) runs if it is a streak, at least
    twice as long as wide (degrees, 0 along the image's rows); None if it is not."""
    ys, xs = np.nonzero(part)
    if len(xs) < 10:
        return None
    sizes, axes = np.linalg.eigh(np.cov(np.stack([xs, ys]).astype(np.float64)))
    if sizes[1] < 4 * max(sizes[0], 1e-6):
        return None
    return float(np.degrees(np.arctan2(axes[1, 1], axes[0, 1])) % 180)


NECK = 1.5  # a streak of grain may be this many wrists wide where the blob is narrowest near the edge…
NECK_COHERENT = 0.3  # …if its sides run along the grain this coherently


def _neck_way(part: np.ndarray, edge: int, wrist: float) -> float | None:
    """The way the sides of ``part`` (a blob's band at the edge it crosses) run where it
    reaches the edge through a neck under ``NECK`` wrists wide (its narrowest crossing):
    a bold streak of grain as wide as a child's wrist joining the path's end to the edge.
    None where it is wider all the way in (a forearm) or its sides run no one way."""
    lines = _across_the_edge(part, edge)
    if lines is None:
        return None
    filled = lines.any(axis=0)
    first = np.argmax(lines, axis=0)
    last = lines.shape[0] - 1 - np.argmax(lines[::-1], axis=0)
    if not filled.any() or float((last - first + 1)[filled].min()) >= NECK * wrist:
        return None
    mask = cv2.GaussianBlur(part.astype(np.float32), (0, 0), 1.0)
    gx, gy = cv2.Sobel(mask, cv2.CV_32F, 1, 0, ksize=3), cv2.Sobel(mask, cv2.CV_32F, 0, 1, ksize=3)
    way, coherent = _structure_way(gx, gy)
    return way if coherent >= NECK_COHERENT else None


def _along_the_grain(ways: list[float], small: np.ndarray, ground: np.ndarray) -> bool:
    """Whether any of the ``ways`` a streak runs lies within ``GRAIN_ALONG`` of a grained
    table's grain (measured once, and only where there is a streak to weigh): a streak of
    grain joining the path to the edge runs straight along it; an arm runs its own way,
    and one reaching in along the grain is a forearm, wider than a neck."""
    if not ways:
        return False
    grain, coherent = _grain_way(small, ground)
    return coherent >= GRAIN_COHERENT and any(
        min(abs(way - grain) % 180, 180 - abs(way - grain) % 180) <= GRAIN_ALONG for way in ways
    )


SOLID = 0.6  # the share of its band at the frame's edge an arm fills (grain streaks: about 0.4)
STREAKS = 3  # …or the separate runs that cross that band, typically (an arm, its sleeve: 1–2)


def _streaks(part: np.ndarray, edge: int) -> float:
    """How many separate runs cross the band ``part`` (``_entering``'s) along the frame's
    edge, the median over the band's depth: an arm crosses the edge as one forearm, a
    sleeve's cuff at most beside it; a grained table's streaks, each narrower than a wrist
    but bundled wider than one, as several with table between."""
    lines = _across_the_edge(part, edge)
    if lines is None:
        return 0.0
    starts = np.diff(lines.astype(np.int8), axis=0, prepend=0) == 1
    return float(np.median(starts.sum(axis=0)))


def _across_the_edge(part: np.ndarray, edge: int) -> np.ndarray | None:
    """The box round ``part`` (a band at the frame's edge it crosses most widely) as lines
    along that edge, one per step into the frame (along × into); None where it crosses none."""
    widths = _edge_widths(part, edge)
    side = max(widths, key=widths.__getitem__)
    if not widths[side]:
        return None
    rows, cols = np.flatnonzero(part.any(axis=1)), np.flatnonzero(part.any(axis=0))
    box = part[rows[0] : rows[-1] + 1, cols[0] : cols[-1] + 1]
    return box if side in ("left", "right") else box.T


def _entering(blob: np.ndarray, edge: int, depth: int) -> np.ndarray:
    """The part of ``blob`` within ``depth`` px of the frame's edge it crosses most widely."""
    widths = _edge_widths(blob, edge)
    side = max(widths, key=widths.__getitem__)
    h, w = blob.shape
    band = np.zeros_like(blob)
    near = {
        "top": np.s_[:depth, :],
        "bottom": np.s_[h - depth :, :],
        "left": np.s_[:, :depth],
        "right": np.s_[:, w - depth :],
    }[side]
    band[near] = blob[near]
    return band


def _entering_span(part: np.ndarray) -> int:
    """The area of the box round ``part`` (px): what a solid arm there would fill."""
    rows, cols = np.flatnonzero(part.any(axis=1)), np.flatnonzero(part.any(axis=0))
    if not len(rows):
        return 0
    return int((rows[-1] - rows[0] + 1) * (cols[-1] - cols[0] + 1))


ARM_MM = 240.0  # an arm crosses the table's edge this wide at most (a sleeved forearm, slanting)
WRIST_MM = 25.0  # …and at least this wide, all edges together, unless it is of another colour than the table


def _edge_widths(blob: np.ndarray, edge: int) -> dict[str, int]:
    """How wide ``blob`` crosses each of the frame's edges (px, first to last along it within
    ``edge`` px of it; 0 where it does not reach it). Their sum is how wide it crosses the
    edges in all: an arm through a corner crosses two."""
    strips = {
        "top": blob[: edge + 1].any(axis=0),
        "bottom": blob[-edge - 1 :].any(axis=0),
        "left": blob[:, : edge + 1].any(axis=1),
        "right": blob[:, -edge - 1 :].any(axis=1),
    }
    return {
        side: int(at[-1] - at[0] + 1) if len(at) else 0
        for side, at in ((k, np.flatnonzero(v)) for k, v in strips.items())
    }


def _edge_contact(blob: np.ndarray, edge: int) -> tuple[int, int]:
    """Where ``blob`` crosses the frame's edge most widely: how wide (px along that edge,
    within ``edge`` px of it) and how far in from it the blob reaches (px)."""
    rows, cols = blob.any(axis=1), blob.any(axis=0)
    h, w = blob.shape
    deepest = {  # how far in from each edge the blob reaches
        "top": int(np.flatnonzero(rows)[-1]) + 1 if rows.any() else 0,
        "bottom": h - int(np.flatnonzero(rows)[0]) if rows.any() else 0,
        "left": int(np.flatnonzero(cols)[-1]) + 1 if cols.any() else 0,
        "right": w - int(np.flatnonzero(cols)[0]) if cols.any() else 0,
    }
    best = (0, 0)
    for side, width in _edge_widths(blob, edge).items():
        if width > best[0]:
            best = (width, deepest[side])
    return best


def _median_lab(small: np.ndarray, blob: np.ndarray) -> np.ndarray:
    """The blob's typical colour (CIE Lab as OpenCV scales it, the median of its pixels)."""
    return np.median(cv2.cvtColor(small, cv2.COLOR_BGR2LAB)[blob].astype(np.float32), axis=0)


# where a blob of the table's colour as a whole crosses the edge, this near the table's
# colour (Lab) is the table: a bold stripe of grain, darker there in the corner's vignetting
# (9, a clean frame of seed 89); no synthetic arm of the table's colour as a whole is
# nearer than 17 there
TABLE_ITSELF = 12.0


def _table_coloured(seen: np.ndarray, table: np.ndarray, within: float = 10.0) -> bool:
    """The blob's typical colour ``seen`` is the table's own (Lab, nearer than ``within``): mostly table,
    as a path of tiles on a table of their colour is in the mask, joined by the gaps between
    them. A low-contrast arm (tan on walnut) still differs by 15 or more in lightness."""
    return bool(np.linalg.norm(seen - table.astype(np.float32)) < within)


def _table_in_shade(lab: np.ndarray, table: np.ndarray) -> bool:
    """The blob's typical colour ``lab`` is the table's darkened: lighter by under 0.85 of
    it, its hue within 20° of the table's, and the table not grey."""
    seen = lab - [0, 128, 128]
    own = table.astype(np.float32) - [0, 128, 128]
    if seen[0] >= 0.85 * own[0] or np.hypot(own[1], own[2]) < 8 or np.hypot(seen[1], seen[2]) < 4:
        return False
    turn = abs(np.angle(complex(seen[1], seen[2]) / complex(own[1], own[2]), deg=True))
    return bool(turn < 20)
