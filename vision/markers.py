"""The kit's ArUco markers (dictionary 4×4_50) and the printable sheet.

Ids 0–3 mark the corners of the play area (0 top left, 1 top right, 2 bottom right,
3 bottom left, seen from the seat the camera faces), 10 the start of the Tutankhamen path,
11 the pyramid, 20–25 the seat cards. Each is printed MARKER_MM wide on a white square
with QUIET_MM of margin: the reader takes its scale in millimetres from that size and its
white balance from that margin, so print the sheet at 100 %.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import cv2
import numpy as np

MARKER_MM = 40.0
QUIET_MM = 8.0
CORNERS = (0, 1, 2, 3)
PATH_START, PATH_END = 10, 11
SEATS = tuple(range(20, 26))
KIT: dict[int, str] = {
    0: "corner 0 (top left)",
    1: "corner 1 (top right)",
    2: "corner 2 (bottom right)",
    3: "corner 3 (bottom left)",
    10: "path start",
    11: "pyramid (path end)",
    **{20 + s: f"seat {s}" for s in range(6)},
}


@cache
def dictionary() -> cv2.aruco.Dictionary:
    return cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)


def _parameters(widest: int = 23) -> cv2.aruco.DetectorParameters:
    """Every look's common settings; ``widest``: the widest window the frame is
    thresholded in (from 3 px, in steps of 10; OpenCV's default 23)."""
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    params.adaptiveThreshWinSizeMax = widest
    return params


def _lenient_parameters() -> cv2.aruco.DetectorParameters:
    """The lenient and faint looks' settings (``lenient_detector``)."""
    params = _parameters(widest=13)
    params.errorCorrectionRate = 1.0
    params.perspectiveRemovePixelPerCell = 8
    return params


@cache
def detector() -> cv2.aruco.ArucoDetector:
    return cv2.aruco.ArucoDetector(dictionary(), _parameters())


@cache
def lenient_detector() -> cv2.aruco.ArucoDetector:
    """For small, blurred corner markers (a steep camera): one wrong bit corrected and
    the bits sampled finer. It also reads the odd marker into card art, so only markers
    still missing (corner markers, seat cards) are taken from it, and only where they fit
    the others (``_plausible``).
    Its frame is thresholded in windows up to 13 px, not 23: for the small markers it
    looks for the widest window adds nothing (no marker lost or moved on any photoreal
    set) and cost a fifth of the markers' time."""
    return cv2.aruco.ArucoDetector(dictionary(), _lenient_parameters())


@cache
def faint_detector() -> cv2.aruco.ArucoDetector:
    """The lenient look with more of each cell's rim left out when its bits are read: a
    small marker far off, seen aslant and blurred, bleeds its cells into each other."""
    params = _lenient_parameters()
    params.perspectiveRemoveIgnoredMarginPerCell = 0.3
    return cv2.aruco.ArucoDetector(dictionary(), params)


def marker_image(marker_id: int, px: int) -> np.ndarray:
    """The marker with its white margin, px square, BGR."""
    quiet = round(px * QUIET_MM / (MARKER_MM + 2 * QUIET_MM))
    inner = px - 2 * quiet
    mark = cv2.aruco.generateImageMarker(dictionary(), marker_id, inner)
    out = np.full((px, px), 255, np.uint8)
    out[quiet : quiet + inner, quiet : quiet + inner] = mark
    return cv2.cvtColor(out, cv2.COLOR_GRAY2BGR)


@dataclass(frozen=True)
class Marker:
    id: int
    corners: np.ndarray  # 4×2 image points, clockwise from the marker's own top left

    @property
    def center(self) -> np.ndarray:
        return self.corners.mean(axis=0)

    @property
    def side_px(self) -> float:
        c = self.corners
        return float(np.mean([np.linalg.norm(c[i] - c[(i + 1) % 4]) for i in range(4)]))


KIT_NEEDED = {0, 1, 2, 3}


def detect(gray: np.ndarray, seats: bool = True) -> dict[int, Marker]:
    """The kit's markers visible in a grey frame, by id (large frames are searched at a
    lower resolution first, then refined). ``seats``: the table has seat cards, so a
    missing one is looked for again (a Tutankhamen table has none: no second look)."""
    scale = 1.0
    small = gray
    while small.shape[1] > 1400:
        small = cv2.pyrDown(small)
        scale *= 2
    corners, ids, rejected = detector().detectMarkers(small)
    seen = set() if ids is None else {int(i) for i in ids.ravel()}
    if not seen >= KIT_NEEDED:
        # a blurred, noisy or dim frame: try once more with its contrast stretched locally
        clahe = cv2.createCLAHE(clipLimit=2.0, tileGridSize=(8, 8)).apply(cv2.GaussianBlur(small, (3, 3), 0))
        more, more_ids, _ = detector().detectMarkers(clahe)
        if more_ids is not None:
            keep = [j for j, i in enumerate(more_ids.ravel()) if int(i) not in seen]
            corners = tuple(corners) + tuple(more[j] for j in keep)
            extra = more_ids.ravel()[keep]
            ids = extra if ids is None else np.concatenate([ids.ravel(), extra])
        seen = set() if ids is None else {int(i) for i in ids.ravel()}
    # seat cards are numbered from 0 up: a gap among those seen is a seat card missed
    wanted = set(KIT_NEEDED)
    if seats:
        wanted |= set(range(SEATS[0], max((i for i in seen if i in SEATS), default=SEATS[0]) + 1))
    if not seen >= wanted and seen:
        # small markers seen at a steep angle: a lenient look for the missing ones — and
        # for seat cards beyond the highest seen, which it may find as well (a seat card
        # the strict look missed, with none seen before it, left its row unread and its
        # paper joined to the cards looked like an arm reaching in: photoreal seed 67)
        more, more_ids, _ = lenient_detector().detectMarkers(small)
        if more_ids is not None:
            known = [quad.reshape(4, 2) for quad in corners]
            findable = (wanted | set(SEATS)) - seen if seats else wanted - seen
            keep = [
                j
                for j, i in enumerate(more_ids.ravel())
                if int(i) in findable and _plausible(small, more[j].reshape(4, 2), known)
            ]
            if keep:
                corners = tuple(corners) + tuple(more[j] for j in keep)
                extra = more_ids.ravel()[keep]
                ids = np.concatenate([ids.ravel(), extra])
    if ids is not None:
        # corner markers still missing, and seat cards beyond the highest seen
        missing = (set(KIT_NEEDED) | (set(SEATS) if seats else set())) - {int(i) for i in ids.ravel()}
        if missing:
            corners, ids = _missing_among_rejected(small, corners, ids, rejected, missing)
    found: dict[int, Marker] = {}
    if ids is None:
        return found
    for quad, marker_id in zip(corners, ids.ravel(), strict=True):
        if int(marker_id) not in KIT:
            continue
        pts: np.ndarray = quad.reshape(4, 2).astype(np.float32) * scale
        if scale > 1:
            pts = cv2.cornerSubPix(
                gray,
                pts.reshape(-1, 1, 2),
                (5, 5),
                (-1, -1),
                (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.05),
            ).reshape(4, 2)
        found[int(marker_id)] = Marker(int(marker_id), pts)
    return found


def _missing_among_rejected(
    small: np.ndarray,
    corners: Sequence[np.ndarray],
    ids: np.ndarray,
    rejected: Sequence[np.ndarray],
    wanted: set[int],
) -> tuple[Sequence[np.ndarray], np.ndarray]:
    """Markers still missing (``wanted``): a square the strict look found but could not
    read is read again, leniently, in a window round it alone — twice as large where it
    is small (a corner marker far off under a steep camera spans some 30 px) — cheap: a
    few small crops, not the frame. A seat card missed beyond the highest seen leaves its
    row unread, and its paper at the table's edge with a card before it looks like an arm
    reaching in; a corner missed refuses the frame."""
    known = [quad.reshape(4, 2) for quad in corners]
    seen = {int(i) for i in ids.ravel()}
    added: list[np.ndarray] = []
    extra: list[int] = []
    h, w = small.shape[:2]
    typical = float(np.median([_side(q) for q in known])) if known else 0.0
    for quad in rejected:
        if not wanted - seen:
            break
        q = quad.reshape(4, 2)
        if known and not 0.5 * typical <= _side(q) <= 2.0 * typical:
            continue  # a square of card art or wood grain, nowhere near a marker's size
        if not _inked_on_paper(small, q):
            continue  # no dark print on bright paper there: card art or wood grain
        side = float(np.ptp(q, axis=0).max())
        x0, y0 = np.floor(q.min(0) - side).astype(int)
        x1, y1 = np.ceil(q.max(0) + side).astype(int)
        x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
        if x1 - x0 < 8 or y1 - y0 < 8:
            continue
        # its sides, not its box, tell its size (a marker turned 45° spans 1.4 sides); the
        # square found may be its paper's, 1.4 times the marker's own: then twice as large too
        zooms = (2,) if _side(q) < 48 else (1, 2)
        more, more_ids, zoom = _read_window(small[y0:y1, x0:x1], zooms, wanted - seen)
        if more_ids is None:
            # too blurred for any look to decode its bits: its cells compared with the
            # corner markers still missing, the one marker each can only be
            celled = _read_cells(small, q, (wanted - seen) & set(CORNERS))
            if celled is not None and _plausible(small, celled[0], known + added):
                added.append(celled[0])
                extra.append(celled[1])
                seen.add(celled[1])
            continue
        for found, i in zip(more, more_ids.ravel(), strict=True):
            place = found.reshape(4, 2) / zoom + np.array([x0, y0], np.float32)
            if int(i) in wanted - seen and _plausible(small, place, known + added):
                added.append(place)
                extra.append(int(i))
                seen.add(int(i))
    if not added:
        return corners, ids
    quads = tuple(corners) + tuple(a.reshape(1, 4, 2) for a in added)
    return quads, np.concatenate([ids.ravel(), np.array(extra, ids.dtype)])


def _read_window(
    window: np.ndarray, zooms: tuple[int, ...], wanted: set[int]
) -> tuple[Sequence[np.ndarray], Any, int]:
    """The markers in a small window round a square not read, at each zoom in turn: the
    lenient look, then the faint look, plainly and sharpened (a far marker's blur) — until
    one reads a marker still ``wanted``. The lenient look's one corrected bit can turn a
    blurred far corner marker into an id the kit has none of, where the faint look, which
    leaves more of each cell's rim out, reads it right."""
    more: Sequence[np.ndarray] = ()
    for zoom in zooms:
        big = window
        if zoom > 1:
            big = cv2.resize(window, None, fx=zoom, fy=zoom, interpolation=cv2.INTER_CUBIC)
        sharp = cv2.addWeighted(big, 2.0, cv2.GaussianBlur(big, (0, 0), 2.0 * zoom), -1.0, 0)
        for look, image in ((lenient_detector(), big), (faint_detector(), big), (lenient_detector(), sharp)):
            more, more_ids, _ = look.detectMarkers(image)
            if more_ids is not None and wanted & {int(i) for i in more_ids.ravel()}:
                return more, more_ids, zoom
    return more, None, 1


CELL_PX = 8  # each of a marker's 6 × 6 cells (its black rim included) sampled this wide…
CELL_EDGE = 2  # …its outer pixels left out (a blurred cell takes its neighbours' ink there)
CELLS_SURE = 0.75  # the least correlation of a marker's cells with the id read
CELLS_APART = 0.1  # …and how much less every other id of the dictionary must correlate
# where in a square found the marker may lie: the square may be the marker's own or its
# paper's (the marker 40 of 56 mm), found a little large or off its middle
CELL_SCALES = np.linspace(0.5, 1.0, 11)
CELL_SHIFTS = np.linspace(-0.06, 0.06, 5)
CELLS_EXACT = 0.05  # the square's own or its paper's place taken where it fits within this of the best


@cache
def _cell_patterns() -> tuple[np.ndarray, np.ndarray]:
    """Every id's 6 × 6 cells (rim included) in its four quarter turns, zero-mean and of
    unit length, one row each; and each row's (id, turns)."""
    rows, keys = [], []
    for marker_id in range(50):
        cells = cv2.aruco.generateImageMarker(dictionary(), marker_id, 6).astype(np.float32)
        for turn in range(4):
            rows.append(np.rot90(cells, turn).ravel())
            keys.append((marker_id, turn))
    return _unit_rows(np.array(rows)), np.array(keys)


def _unit_rows(rows: np.ndarray) -> np.ndarray:
    rows = rows - rows.mean(axis=1, keepdims=True)
    return rows / np.maximum(np.linalg.norm(rows, axis=1, keepdims=True), 1e-6)


def _read_cells(gray: np.ndarray, quad: np.ndarray, wanted: set[int]) -> tuple[np.ndarray, int] | None:
    """A marker too blurred for the looks to decode, read by its cells: the square found
    (the marker's or its paper's) straightened at a few sizes and places within it, each
    cell's mean grey compared with every id's pattern. Taken only where one of ``wanted``
    correlates at least ``CELLS_SURE`` and every other id clearly less (``CELLS_APART``):
    a far corner marker seen steeply aslant (an Ankh frame 1 m up, tilted 29°: its cells
    some 3 px, bled together) is still plainly the one marker missing. Its corners (in its
    own order) and id, or None."""
    if not wanted:
        return None
    q = quad.astype(np.float64)
    (ax, ay), (bx, by) = q[1] - q[0], q[3] - q[0]
    if ax * by - ay * bx < 0:
        q = q[::-1].copy()  # clockwise in the image, as the looks give squares
    patterns, keys = _cell_patterns()
    places = _places(q, CELL_SCALES, CELL_SHIFTS)
    scores = _unit_rows(_cells(gray, places)) @ patterns.T  # places × (id, turn)
    best = np.unravel_index(int(np.argmax(scores)), scores.shape)
    marker_id, turn = (int(v) for v in keys[best[1]])
    others = scores[:, keys[:, 0] != marker_id].max()
    if marker_id not in wanted or scores[best] < CELLS_SURE or scores[best] - others < CELLS_APART:
        return None
    # the square found is most often the marker's own or its paper's, exactly: taken so
    # where it fits about as well (the cells' correlation is flat over a few px)
    canonical = _places(q, np.array([1.0, MARKER_MM / (MARKER_MM + 2 * QUIET_MM)]), np.zeros(1))
    fits = _unit_rows(_cells(gray, canonical)) @ patterns[best[1]]
    place = places[best[0]]
    if fits.max() >= scores[best] - CELLS_EXACT:
        place = canonical[int(np.argmax(fits))]
    # the pattern turned a quarter counter-clockwise has the marker's own top left at the
    # square's bottom left: its corners from there on, clockwise
    corners = np.roll(place, turn, axis=0).astype(np.float32)
    return corners, marker_id


def _places(quad: np.ndarray, scales: np.ndarray, shifts: np.ndarray) -> list[np.ndarray]:
    """Squares within ``quad``: scaled about its middle, and shifted along its sides (in
    shares of them)."""
    centre, ex, ey = quad.mean(axis=0), quad[1] - quad[0], quad[3] - quad[0]
    return [
        centre + (quad - centre) * scale + dx * ex + dy * ey
        for scale in scales
        for dx in shifts
        for dy in shifts
    ]


def _cells(gray: np.ndarray, places: list[np.ndarray]) -> np.ndarray:
    """Each square's 6 × 6 cells' mean grey (their rims left out), one row each."""
    side = 6 * CELL_PX
    flat = np.array([[0, 0], [side, 0], [side, side], [0, side]], np.float32)
    rows = []
    for place in places:
        to_flat = cv2.getPerspectiveTransform(place.astype(np.float32), flat)
        warped = cv2.warpPerspective(
            gray, to_flat, (side, side), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
        ).astype(np.float32)
        cells = warped.reshape(6, CELL_PX, 6, CELL_PX)[:, CELL_EDGE:-CELL_EDGE, :, CELL_EDGE:-CELL_EDGE]
        rows.append(cells.mean(axis=(1, 3)).ravel())
    return np.array(rows)


def _side(quad: np.ndarray) -> float:
    """A quad's mean side length."""
    return float(np.mean(np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)))


def _plausible(gray: np.ndarray, quad: np.ndarray, known: list[np.ndarray]) -> bool:
    """A marker found leniently is taken only when it is about as big as the markers
    surely seen, lies apart from them and sits on its white paper (a plain bright ring
    round it, as bright as the marker's own white cells)."""
    side, sides = _side(quad), [_side(q) for q in known]
    typical = float(np.median(sides))
    # two markers' papers never overlap: their centres lie at least 1.4 sides apart (the
    # start marker may lie close by a corner marker, smaller than typical at the far end)
    apart = all(
        np.linalg.norm(quad.mean(0) - q.mean(0)) > 1.2 * max(side, s)
        for q, s in zip(known, sides, strict=True)
    )
    return 0.6 * typical <= side <= 1.6 * typical and apart and _on_paper(gray, quad)


def _bands(gray: np.ndarray, quad: np.ndarray, bands: Sequence[tuple[float, float]]) -> list[np.ndarray]:
    """The grey pixels of each band round a square's centre, ``(inner, outer)`` in shares
    of its size (inner 0: all of the outer polygon; 1: the square itself); the masks are
    drawn in a window round the widest band alone (the same pixels as over the frame)."""
    centre = quad.mean(0)

    def scaled(k: float) -> np.ndarray:
        return np.round(quad if k == 1.0 else centre + (quad - centre) * k).astype(np.int32)

    widest = scaled(max(outer for _, outer in bands))
    h, w = gray.shape[:2]
    x0, y0 = np.clip(widest.min(0) - 1, 0, None)
    x1, y1 = min(int(widest[:, 0].max()) + 2, w), min(int(widest[:, 1].max()) + 2, h)
    if x1 <= x0 or y1 <= y0:
        return [gray[:0, 0] for _ in bands]
    at = np.array([x0, y0], np.int32)
    window = gray[y0:y1, x0:x1]
    out = []
    for inner, outer in bands:
        m = np.zeros(window.shape[:2], np.uint8)
        cv2.fillPoly(m, [scaled(outer) - at], 255)
        if inner > 0:
            cv2.fillPoly(m, [scaled(inner) - at], 0)
        out.append(window[m > 0])
    return out


def _inked_on_paper(gray: np.ndarray, quad: np.ndarray) -> bool:
    """A square that may hold a marker: dark print in its middle, and round that, bright
    paper — just outside it (the square is the marker's) or just inside its rim (the
    square is the paper's). Far, blurred or slanted markers pass (their paper is far
    from plain there); most squares of card art and wood grain have no such contrast."""
    core, outside, inside = _bands(gray, quad, [(0.0, 0.6), (1.1, PAPER_OUT), (0.78, 0.94)])
    if len(core) < 4:
        return False
    ink = float(np.percentile(core, 10))
    return any(
        len(paper) >= 8 and float(np.median(paper)) > INK_UNDER_PAPER * ink for paper in (outside, inside)
    )


PAPER_OUT = 1.3  # a marker's paper reaches this far round it (in its sides; 1.4 printed)
INK_UNDER_PAPER = 2.0  # the paper is this many times as bright as the print's darkest tenth


def _on_paper(gray: np.ndarray, quad: np.ndarray) -> bool:
    """A plain bright ring round the square, as bright as its own white cells: a marker's
    paper (a square of card art or wood grain has none)."""
    ring, square = _bands(gray, quad, [(1.12, 1.3), (0.0, 1.0)])
    paper, cells = ring.astype(np.float32), square.astype(np.float32)
    if len(paper) < 8 or len(cells) < 8:
        return False
    white = float(np.percentile(cells, 95))
    return float(np.percentile(paper, 10)) > 0.8 * white and float(paper.std()) < 0.12 * float(paper.mean())


def write_sheet(out: Path) -> None:
    """The printable A4 sheet at 300 dpi: every kit marker with its name (PNG or PDF)."""
    from PIL import Image, ImageDraw, ImageFont

    dpi = 300
    mm = dpi / 25.4
    page = Image.new("RGB", (int(210 * mm), int(297 * mm)), "white")
    draw = ImageDraw.Draw(page)
    font = ImageFont.load_default(size=int(3.2 * mm))
    cell_w, cell_h = 62 * mm, 66 * mm
    side = round((MARKER_MM + 2 * QUIET_MM) * mm)
    for i, (marker_id, name) in enumerate(KIT.items()):
        col, row = i % 3, i // 3
        x, y = int(12 * mm + col * cell_w), int(18 * mm + row * cell_h)
        image = Image.fromarray(marker_image(marker_id, side)[:, :, ::-1])
        page.paste(image, (x, y))
        draw.rectangle([x, y, x + side - 1, y + side - 1], outline=(200, 200, 200), width=2)
        draw.text((x, y + side + int(1.5 * mm)), f"{marker_id}: {name}", fill="black", font=font)
    draw.text(
        (int(12 * mm), int(6 * mm)),
        f"Scarab table kit — print at 100 %: each black square must measure {MARKER_MM:.0f} mm. "
        "Cut along the grey lines.",
        fill="black",
        font=font,
    )
    if out.suffix.lower() == ".pdf":
        page.save(out, "PDF", resolution=dpi)
    else:
        page.save(out, dpi=(dpi, dpi))
