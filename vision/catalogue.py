"""The enrolled catalogue: what each face looks like, learned from the user's own photos.

``enroll`` reads a folder of roughly cropped photos named ``<label>.png`` or
``<label>__<n>.png`` (jpg too), finds the face in each (the largest square-ish thing
that differs from the photo's border), flattens it to FACE_PX square and stores it. The
catalogue file is JSON (see docs/vision.md): every face as a small PNG in base64, plus
pawn colours, so it can be inspected, versioned and re-used across Scarab versions.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision.errors import VisionError

FORMAT, VERSION = "scarab-catalogue", 1
# the source of a face the players confirmed during a game (the referees' questions):
# the camera's own crop, kept apart from the enrolment photos when faces are compared
TABLE_SOURCE = "confirmed at the table"
FACE_PX = 64
SUFFIXES = {".png", ".jpg", ".jpeg"}
NAME = re.compile(r"^(?P<label>[a-z0-9]+(?:-[a-z0-9]+)*)(?:__(?P<n>\d+))?$")

TUTANKHAMEN_LABELS = frozenset(
    [f"{k}-{c}" for k in ("scarab", "cat", "horus", "anubis", "mask") for c in ("green", "blue", "purple")]
    + ["goldbag", "pharaoh", "kingtut", "nugget", "canopic"]
)
PAWN = re.compile(r"^pawn-[a-z0-9]+$")
ANKH_COLOURS = ("green", "yellow", "blue", "red")
ANKH_MUMMIES = frozenset(f"{c}-{v}" for c in ANKH_COLOURS for v in range(1, 6))
PAPYRUS = re.compile(r"^papyrus-(?:green|yellow|blue|red)(?:-(?:green|yellow|blue|red)){3}-\d+$")


def label_problem(game: str, label: str) -> str | None:
    """Why ``label`` is not a face of ``game`` (None if it is)."""
    if game == "tutankhamen":
        if label in TUTANKHAMEN_LABELS or PAWN.match(label):
            return None
        kinds = "kind-colour, goldbag, pharaoh, kingtut, nugget, canopic"
        return f"not a Tutankhamen tile ({kinds}) or pawn-<colour>"
    if game == "ankh":
        if label in ANKH_MUMMIES:
            return None
        if PAPYRUS.match(label) and len(set(label.split("-")[1:5])) == 4:
            return None
        return "not an Ankh card (<colour>-<value>, value 1–5, or papyrus-<c1>-<c2>-<c3>-<c4>-<n>)"
    return f"no faces are known for the game {game!r}"


def checked_deck(deck: Any, where: str = "") -> dict[str, Any]:
    """A declared Ankh box (the game log's ``deck`` object), judged by the engine's own rule."""
    from engines.ankh.cards import read_deck
    from engines.core import BadHeader

    try:
        read_deck(deck)
    except BadHeader as exc:
        raise VisionError("bad-deck", f"{where}{exc.message}") from None
    return dict(deck)


def is_card_game(game: str) -> bool:
    """Whether the game's faces are cards (taller than wide, stored so) rather than
    square tiles."""
    return game == "ankh"


@dataclass
class Catalogue:
    game: str
    faces: list[tuple[str, np.ndarray]] = field(default_factory=list)  # (label, FACE_PX² BGR)
    sources: list[str] = field(default_factory=list)
    pawns: dict[str, list[float]] = field(default_factory=dict)  # label → Lab colour (OpenCV 8-bit scale)
    # Ankh: the box these cards came from, as a game log declares it ({"mummies", "papyri"});
    # None where nobody said. Games started at this table then count the box's cards.
    deck: dict[str, Any] | None = None

    @property
    def labels(self) -> list[str]:
        return sorted({label for label, _ in self.faces})

    def to_json(self) -> dict[str, Any]:
        faces = []
        for (label, image), source in zip(self.faces, self.sources, strict=True):
            _, png = cv2.imencode(".png", image)
            faces.append({"label": label, "source": source, "png": base64.b64encode(png.tobytes()).decode()})
        pawns = [{"label": k, "lab": [round(v, 1) for v in lab]} for k, lab in sorted(self.pawns.items())]
        doc: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "face_px": FACE_PX,
            "faces": faces,
            "pawns": pawns,
        }
        if self.deck is not None:
            doc["deck"] = self.deck
        return doc

    def deck_counts(self) -> dict[str, int] | None:
        """The declared box as card → copies (what the card reader's ``deck`` takes)."""
        if self.deck is None:
            return None
        from engines.ankh.cards import read_deck

        return dict(read_deck(self.deck))

    def split_by_source(self) -> tuple[list[tuple[str, np.ndarray]], list[tuple[str, np.ndarray]]]:
        """The faces to compare a crop with, and the faces confirmed at the table kept
        apart. A camera crop is blurred and lit as every other crop of this table is, so
        next to sharp photos it looks more like any tile than they do (`bench learning`:
        mixed in, the reader was surely wrong four times as often); it is compared with
        the photos only where its face has no photo — else that face could never be read."""
        # a face given without a source (a catalogue built in code) counts as a photo
        sources = [*self.sources, *[""] * (len(self.faces) - len(self.sources))]
        learned = [src.startswith(TABLE_SOURCE) for src in sources]
        photographed = {label for (label, _), table in zip(self.faces, learned, strict=False) if not table}
        compared: list[tuple[str, np.ndarray]] = []
        apart: list[tuple[str, np.ndarray]] = []
        for face, table in zip(self.faces, learned, strict=False):
            (apart if table and face[0] in photographed else compared).append(face)
        return compared, apart

    def add_face(self, label: str, face: np.ndarray, source: str) -> None:
        """One more photo of a face (BGR, square, any size): a face confirmed at the table
        joins the enrolled ones, so the reader learns the real box as it is played."""
        why = label_problem(self.game, label)
        if why:
            raise ValueError(f"{label!r} is {why}")
        if face.shape[:2] != (FACE_PX, FACE_PX):
            face = cv2.resize(face, (FACE_PX, FACE_PX), interpolation=cv2.INTER_AREA)
        self.faces.append((label, face))
        self.sources.append(source)

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(json.dumps(self.to_json(), indent=1))
        tmp.replace(path)

    @classmethod
    def load(cls, path: Path, game: str | None = None) -> Catalogue:
        try:
            doc = json.loads(Path(path).read_text())
        except FileNotFoundError:
            raise VisionError(
                "no-catalogue",
                f"no catalogue at {path}: enrol the faces first (scarab vision enroll --game ... --from DIR)",
            ) from None
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            raise VisionError("bad-catalogue", f"{path} is not a catalogue: {exc}") from None
        if not isinstance(doc, dict) or doc.get("format") != FORMAT or not isinstance(doc.get("faces"), list):
            raise VisionError("bad-catalogue", f"{path} is not a Scarab catalogue")
        if doc.get("version") != VERSION:
            raise VisionError(
                "bad-catalogue", f"{path} has catalogue version {doc.get('version')}; enrol again"
            )
        if game is not None and doc.get("game") != game:
            raise VisionError("wrong-catalogue", f"{path} holds {doc.get('game')} faces, not {game}")
        cat = cls(str(doc["game"]))
        try:
            for entry in doc["faces"]:
                png = np.frombuffer(base64.b64decode(entry["png"]), np.uint8)
                image = cv2.imdecode(png, cv2.IMREAD_COLOR)
                if image is None:
                    raise ValueError(f"face {entry.get('label')} is not an image")
                cat.faces.append((str(entry["label"]), image))
                cat.sources.append(str(entry.get("source", "")))
            for entry in doc.get("pawns", []):
                cat.pawns[str(entry["label"])] = [float(v) for v in entry["lab"]]
        except (KeyError, TypeError, ValueError) as exc:
            raise VisionError("bad-catalogue", f"{path}: a damaged entry ({exc})") from None
        if "deck" in doc:
            cat.deck = checked_deck(doc["deck"], f"{path}: ")
        if not cat.faces:
            raise VisionError("bad-catalogue", f"{path} holds no faces")
        return cat


def read_image(path: Path) -> np.ndarray:
    """A colour image from a file, or a VisionError saying why not."""
    if not path.exists():
        raise VisionError("unreadable-image", f"no such file: {path}")
    if path.is_dir():
        raise VisionError("unreadable-image", f"{path} is a folder, not an image")
    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if image is None or image.size == 0:
        raise VisionError("unreadable-image", f"{path} is not an image OpenCV can read")
    return image


NOT_ONE_FACE = "not-one-face"
MAX_SKEW_DEG = 14.0  # a corner of the outline may differ this much from a right angle
TILE_ASPECT = 1.25  # a tile's outline: its long side at most this many times its short one
CARD_ASPECT = (1.3, 1.9)  # a card's long side over its short one (Ankh cards, 70 × 45 mm: 1.56)
MIN_FIT = 0.9  # how much the thing found and its four-sided outline overlap (IoU)
MIN_FIT_CLEAR = 0.8  # ... when its four sides lie this much on clear edges:
CLEAR_SIDES = 0.75
COVERS = 0.97  # a larger outline is taken when it holds this much of the clearest one
RIM = (0.03, 0.1)  # the strip inside each side checked for table, in shares of the side
MAX_TABLE = 0.2  # the share of one side's strip that may look like the table
MAX_OFF_EDGE = 0.03  # the share of the photo's edge the face may touch (a corner, not a side)
SECOND_FACE = 0.25  # another thing standing out at least this big beside the face: two faces
SECOND_CUT = 0.3  # ... its outline lying on clear edges this much where it crosses the table at least
BRIDGED_SIDE = 0.8  # a side on a clear edge for this share of its length is bridged where it is not
MIN_EDGE = 0.3  # the share of each side of the outline that must lie on a clear edge
EDGE = (20.0, 40.0)  # Canny's levels (Lab change per pixel, Sobel-scaled) at the least
EDGE_GRAIN = (4.0, 8.0)  # ... and in multiples of the photo's typical gradient (its grain)
RING_REACH = 0.06  # how far a side may move onto the edge ring, in shares of a side
RING_TILT = 0.04  # how far its ends may move apart while it turns, in shares of a side
RING_NEAR_BEST = 0.6  # a side takes the outermost line at least this strong, over the best,
RING_CLEAR = 0.7  # ... or lying this much on a clear edge
COLOUR_AGREE = 0.05  # the colour's outline is taken where every corner lies this near the edges'
WORK_PX = 480  # the outline is sought in the photo shrunk to this size at most
CHECK_PX = 96  # the straightened face's width while it is checked
SIDES = ("top", "right", "bottom", "left")
BROKEN_BORDER = 0.05  # the second look's closing of gaps between edges, in shares of the photo's side


@dataclass
class Outline:
    """The face found in a photo: its corners clockwise from the top left, and the
    straightened face's size."""

    corners: np.ndarray  # 4 × 2 float32
    width: int
    height: int


class _Overreach(VisionError):
    """A refusal an outline inside the one judged may not earn: skewed, or table inside."""


def _refuse(why: str, overreach: bool = False) -> VisionError:
    return (_Overreach if overreach else VisionError)(NOT_ONE_FACE, f"not one face: {why}")


def _background(lab: np.ndarray) -> tuple[np.ndarray, float]:
    """The photo's background colour (Lab), from its outer ring, and how far a pixel must
    lie from it to stand out."""
    h, w = lab.shape[:2]
    edge = max(2, min(h, w) // 25)
    ring = np.concatenate(
        [
            lab[:edge].reshape(-1, 3),
            lab[-edge:].reshape(-1, 3),
            lab[:, :edge].reshape(-1, 3),
            lab[:, -edge:].reshape(-1, 3),
        ]
    )
    ground = np.median(ring, axis=0)
    spread = float(np.median(np.linalg.norm(ring - ground, axis=1)))
    return ground, max(18.0, 3 * spread)


def _four_corners(contour: np.ndarray) -> np.ndarray | None:
    """The outline's four corners (its convex hull simplified until four remain), or None
    if it has no clear four sides."""
    hull = cv2.convexHull(contour)
    perimeter = cv2.arcLength(hull, True)
    for share in (0.01, 0.02, 0.03, 0.04, 0.05, 0.06):
        poly = cv2.approxPolyDP(hull, share * perimeter, True).reshape(-1, 2).astype(np.float32)
        if len(poly) == 4:
            return poly
        if len(poly) < 4:
            return None
    return None


def _fitted(contour: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The corners where straight lines fitted to the outline's four sides meet: a corner
    of the outline itself is rounded by blur and by the tile's cut, its sides are not."""
    points = contour.reshape(-1, 2).astype(np.float32)
    lines = []
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        length = float(np.linalg.norm(b - a))
        along = (b - a) / max(length, 1e-6)
        t = (points - a) @ along
        off = np.abs((points - a) @ np.array([-along[1], along[0]], np.float32))
        side = points[(t > 0.15 * length) & (t < 0.85 * length) & (off < max(3.0, 0.05 * length))]
        if len(side) < 5:
            return quad
        vx, vy, x0, y0 = cv2.fitLine(side, cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.array([x0, y0]), np.array([vx, vy])))
    corners = []
    for (p, u), (q, v) in zip([lines[-1], *lines[:-1]], lines, strict=True):
        det = u[0] * -v[1] + v[0] * u[1]
        if abs(det) < 1e-6:
            return quad
        s = ((q[0] - p[0]) * -v[1] + v[0] * (q[1] - p[1])) / det
        corners.append(p + s * u)
    fitted = np.array(corners, np.float32)
    return fitted if float(np.abs(fitted - quad).max()) < 0.1 * cv2.arcLength(quad, True) / 4 else quad


def _clockwise_from_top_left(quad: np.ndarray) -> np.ndarray:
    x, y = quad[:, 0], quad[:, 1]
    if float(np.dot(x, np.roll(y, -1)) - np.dot(np.roll(x, -1), y)) < 0:  # anticlockwise on screen
        quad = quad[::-1]
    return np.roll(quad, -int(quad.sum(1).argmin()), axis=0)


def _corner_angles(quad: np.ndarray) -> list[float]:
    """Each corner's angle, degrees."""
    angles = []
    for i in range(4):
        a, b = quad[i - 1] - quad[i], quad[(i + 1) % 4] - quad[i]
        cos = float(a @ b) / max(float(np.linalg.norm(a) * np.linalg.norm(b)), 1e-6)
        angles.append(float(np.degrees(np.arccos(np.clip(cos, -1.0, 1.0)))))
    return angles


def _table_along_sides(inside: np.ndarray) -> list[float]:
    """For each side of a straightened face (top, right, bottom, left): the share of the
    strip just inside it that is not part of what stands out from the background —
    table inside the crop. (What the face's own outline encloses counts as face, even
    where its print has the table's colour.)"""
    h, w = inside.shape[:2]
    a, b = max(1, round(RIM[0] * min(h, w))), max(2, round(RIM[1] * min(h, w)))
    table = ~inside
    strips = (
        table[a:b, a : w - a],
        table[a : h - a, w - b : w - a],
        table[h - b : h - a, a : w - a],
        table[a : h - a, a:b],
    )
    return [float(s.mean()) for s in strips]


def _gradients(photo: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """The photo's colour gradient (Lab, lightly blurred against grain): per pixel the x and
    y derivative of the channel that changes most there, and the grain's typical size."""
    h, w = photo.shape[:2]
    blur = cv2.GaussianBlur(photo, (0, 0), max(1.0, min(h, w) / 240))
    lab = cv2.cvtColor(blur, cv2.COLOR_BGR2LAB).astype(np.float32)
    gx = np.stack([cv2.Sobel(lab[:, :, c], cv2.CV_32F, 1, 0) for c in range(3)])
    gy = np.stack([cv2.Sobel(lab[:, :, c], cv2.CV_32F, 0, 1) for c in range(3)])
    best = (gx * gx + gy * gy).argmax(0)[None]
    dx, dy = np.take_along_axis(gx, best, 0)[0], np.take_along_axis(gy, best, 0)[0]
    return dx, dy, float(np.median(np.hypot(dx, dy)))


def _edge_level(grain: float) -> tuple[float, float]:
    """Canny's two levels: well above the grain, and never below a plain step of colour."""
    return max(EDGE[0], EDGE_GRAIN[0] * grain), max(EDGE[1], EDGE_GRAIN[1] * grain)


def _edges(dx: np.ndarray, dy: np.ndarray, grain: float, gaps: float = 0.0) -> np.ndarray:
    """Clear edges, closed over a gap in a faint side — or over ``gaps`` of the photo's
    side (a border of dark squares on a light card, light table between them)."""
    low, high = _edge_level(grain)
    as16 = [np.clip(np.round(d), -32767, 32767).astype(np.int16) for d in (dx, dy)]
    edges = cv2.Canny(as16[0], as16[1], low, high, L2gradient=True)
    k = max(5, min(dx.shape) // 60 | 1, round(gaps * min(dx.shape)) | 1)
    return cv2.morphologyEx(edges, cv2.MORPH_CLOSE, np.ones((k, k), np.uint8))


def _filled(shape: tuple[int, ...], contour: np.ndarray) -> np.ndarray:
    out = np.zeros(shape[:2], np.uint8)
    cv2.drawContours(out, [contour], 0, 1, -1)
    return out


def _ring_fit(quad: np.ndarray, dx: np.ndarray, dy: np.ndarray, level: float) -> tuple[np.ndarray, float]:
    """The quad moved onto the ring of edges near it, and how much of its least clear side
    lies on a clear edge (0–1). Each side is slid and turned a little, and takes the
    outermost straight line along which the colour changes across the side clearly, or
    nearly as much as along the best one: the face's cut, not a line of its print inside
    it, nor the soft edge of its shadow outside it."""
    side_px = float(cv2.arcLength(quad, True)) / 4
    reach, tilt = max(3.0, RING_REACH * side_px), max(1.0, RING_TILT * side_px)
    step = 0.25
    offs = np.arange(-reach - tilt, reach + tilt + step, step, dtype=np.float32)
    means = np.arange(-reach, reach + step, 2 * step, dtype=np.float32)
    tilts = np.arange(-tilt, tilt + step, 2 * step, dtype=np.float32)
    ts = np.linspace(0.1, 0.9, 41, dtype=np.float32)
    # the offset of line (mean, tilt) at each t, as an index into offs: means × tilts × t
    idx = np.round((means[:, None, None] + tilts[None, :, None] * (ts - 0.5) - offs[0]) / step).astype(
        np.int64
    )
    centre = quad.mean(0)
    lines, supports = [], []
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        along = (b - a) / max(float(np.linalg.norm(b - a)), 1e-6)
        normal = np.array([-along[1], along[0]], np.float32)
        if float((a - centre) @ normal) < 0:
            normal = -normal  # outwards
        pts = a[None, None] + (b - a)[None, None] * ts[:, None, None] + offs[None, :, None] * normal
        mx = cv2.remap(dx, pts[..., 0], pts[..., 1], cv2.INTER_LINEAR)
        my = cv2.remap(dy, pts[..., 0], pts[..., 1], cv2.INTER_LINEAR)
        across = np.minimum(np.abs(mx * normal[0] + my * normal[1]), 8 * level)  # t × offset
        samples = across[np.arange(len(ts)), idx]  # means × tilts × t
        score = samples.mean(-1)
        turn = score.argmax(1)  # each mean offset's best tilt
        best = score[np.arange(len(means)), turn]
        clear = (samples[np.arange(len(means)), turn] >= level).mean(-1) >= RING_CLEAR
        padded = np.concatenate([[-1.0], best, [-1.0]])
        peak = (best >= padded[:-2]) & (best >= padded[2:])
        good = np.flatnonzero(peak & ((best >= RING_NEAR_BEST * best.max()) | clear))
        k = int(good[-1]) if len(good) else int(best.argmax())
        mean = float(means[k])
        if 0 < k < len(means) - 1:  # between the grid's steps: the top of a parabola through three
            f0, f1, f2 = best[k - 1], best[k], best[k + 1]
            bend = f0 - 2 * f1 + f2
            if bend < 0:
                mean += float(np.clip(0.5 * (f0 - f2) / bend, -0.5, 0.5)) * 2 * step
        lean = float(tilts[turn[k]])
        p0 = a + (mean - 0.5 * lean) * normal
        p1 = b + (mean + 0.5 * lean) * normal
        lines.append((p0, p1 - p0))
        supports.append(float((samples[k, turn[k]] >= level).mean()))
    corners = []
    for (p, u), (q, v) in zip([lines[-1], *lines[:-1]], lines, strict=True):
        det = u[0] * -v[1] + v[0] * u[1]
        if abs(det) < 1e-6:
            return quad, 0.0
        s = ((q[0] - p[0]) * -v[1] + v[0] * (q[1] - p[1])) / det
        corners.append(p + s * u)
    return np.array(corners, np.float32), min(supports)


def _colour_cut(contours: Sequence[np.ndarray], quad: np.ndarray) -> np.ndarray:
    """``quad``, or the outline the face's colour draws against the table where that agrees
    with it within a few pixels: on a plain table the colour's border is the face's exact
    cut, while the edges' ring — sampled on a blurred gradient — may lie a pixel or two
    out on a thin light rim or in on a dark frame line, and small value marks then no
    longer line up with the camera's crops."""
    if not contours:
        return quad
    contour = max(contours, key=cv2.contourArea)
    corners = _four_corners(contour)
    if corners is None:
        return quad
    cut = _clockwise_from_top_left(_fitted(contour, _clockwise_from_top_left(corners)))
    side = float(cv2.arcLength(quad, True)) / 4
    if float(np.linalg.norm(cut - quad, axis=1).max()) > max(2.0, COLOUR_AGREE * side):
        return quad
    return cut


def _fit(region: np.ndarray, quad: np.ndarray) -> float:
    """How well a region and a four-sided outline overlap (IoU)."""
    fit = np.zeros_like(region)
    cv2.fillConvexPoly(fit, np.round(quad).astype(np.int32), 1)
    return float((region & fit).sum()) / max(float((region | fit).sum()), 1.0)


def _candidates(
    regions: list[np.ndarray], dx: np.ndarray, dy: np.ndarray, level: float
) -> list[tuple[np.ndarray, float, float]]:
    """Each region's four-sided outline moved onto the ring of edges near it: (corners, how
    much of its least clear side lies on a clear edge, how well it fits the region that
    fits it best: ``regions`` are what edges enclose and what stands out in colour, and
    the first with the second where it touches the outline)."""
    out = []
    for region in regions:
        contour = max(
            cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)[0], key=cv2.contourArea
        )
        corners = _four_corners(contour)
        starts = [] if corners is None else [_fitted(contour, corners)]
        starts.append(cv2.boxPoints(cv2.minAreaRect(contour)).astype(np.float32))  # a corner cut off
        for start in starts:
            quad, support = _ring_fit(_clockwise_from_top_left(start), dx, dy, level)
            quad = _clockwise_from_top_left(quad)
            fits = [_fit(r, quad) for r in regions]
            if len(regions) == 2:  # what edges enclose, and what stands out in colour at the outline
                near = np.zeros_like(region)
                cv2.fillConvexPoly(near, np.round(quad).astype(np.int32), 1)
                near = cv2.dilate(near, np.ones((5, 5), np.uint8))
                fits.append(_fit(regions[0] | (regions[1] & near), quad))
            out.append((quad, support, max(fits)))
    return out


def _on_edges(quad: np.ndarray, dx: np.ndarray, dy: np.ndarray, level: float) -> list[np.ndarray]:
    """The stretches of the outline that lie on a clear edge, as short polylines; a side
    that lies on one for ``BRIDGED_SIDE`` of its length is the face's edge all along (a
    dark card's cut on grey wood fades for a few pixels here and there, and the face it
    encloses, of the table's shade, was taken for table inside the crop)."""
    out = []
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        n = max(2, int(np.linalg.norm(b - a)))
        pts = a + (b - a) * np.linspace(0, 1, n, dtype=np.float32)[:, None]
        along = (b - a) / max(float(np.linalg.norm(b - a)), 1e-6)
        normal = np.array([-along[1], along[0]], np.float32)
        strength = np.zeros(n, np.float32)
        for off in (-1.0, 0.0, 1.0):
            p = (pts + off * normal).reshape(1, -1, 2)
            mx = cv2.remap(dx, p[..., 0], p[..., 1], cv2.INTER_LINEAR).ravel()
            my = cv2.remap(dy, p[..., 0], p[..., 1], cv2.INTER_LINEAR).ravel()
            strength = np.maximum(strength, np.abs(mx * normal[0] + my * normal[1]))
        on = strength >= level
        if on.mean() >= BRIDGED_SIDE:  # a cut faded here and there by grain or noise: all of it
            out.append(np.round(pts[[0, -1]]).astype(np.int32).reshape(-1, 1, 2))
            continue
        for j in range(n - 1):
            if on[j] and on[j + 1]:
                out.append(np.round(pts[j : j + 2]).astype(np.int32).reshape(-1, 1, 2))
    return out


def _least_fit(support: float) -> float:
    """How well an outline must fit its region: less where its four sides lie clearly on
    edges (a corner of the face may have the table's colour)."""
    return MIN_FIT_CLEAR if support >= CLEAR_SIDES else MIN_FIT


def _covers(outer: np.ndarray, inner: np.ndarray, shape: tuple[int, ...]) -> bool:
    a, b = np.zeros(shape[:2], np.uint8), np.zeros(shape[:2], np.uint8)
    cv2.fillConvexPoly(a, np.round(outer).astype(np.int32), 1)
    cv2.fillConvexPoly(b, np.round(inner).astype(np.int32), 1)
    return float((a & b).sum()) >= COVERS * float(b.sum())


def _largest(contours: Sequence[np.ndarray], shape: tuple[int, ...]) -> list[np.ndarray]:
    return [_filled(shape, max(contours, key=cv2.contourArea))] if contours else []


def outline(photo: np.ndarray, oblong: bool = False) -> Outline:
    """Where the one face of an enrolment photo lies (``_outline``). A photo refused is
    looked at once more with the edges closed over wider gaps (``BROKEN_BORDER``): a light
    card whose border is a row of dark squares shows no cut between them on a light
    table, and dappled light on the table stands out as much as the card; the outline
    found must pass every check again."""
    try:
        return _outline(photo, oblong)
    except VisionError as first:
        if first.code != NOT_ONE_FACE:
            raise
        try:
            return _outline(photo, oblong, BROKEN_BORDER)
        except VisionError:
            raise first from None


def _outline(photo: np.ndarray, oblong: bool = False, gaps: float = 0.0) -> Outline:
    """Where the one face of an enrolment photo lies — or a VisionError (``not-one-face``)
    saying why the photo does not show exactly one face clearly: nothing stands out from
    the background, the face runs off the photo, two things stand out, the outline is no
    clear four-sided shape of a tile's (``oblong``: an upright card's) proportions, its
    corners are far from right angles, or the crop along it would hold table. A crop like
    that is learned as a face and later attracts other faces, so it is refused here.

    The outline is sought twice: around the largest region that clear edges enclose, and
    around the largest that stands out from the background's colour. Each is moved onto
    the ring of edges near it (the face's cut, not its shadow nor a line of its print),
    and the largest that lies on clear edges along all four sides and that one of the two
    regions fits is judged."""
    full_h, full_w = photo.shape[:2]
    if min(full_h, full_w) < 16:
        raise VisionError("face-too-small", f"the photo is only {full_w}×{full_h} pixels")
    scale = min(1.0, WORK_PX / max(full_h, full_w))
    if scale < 1.0:
        size = (round(full_w * scale), round(full_h * scale))
        photo = cv2.resize(photo, size, interpolation=cv2.INTER_AREA)
    h, w = photo.shape[:2]
    lab = cv2.cvtColor(photo, cv2.COLOR_BGR2LAB).astype(np.float32)
    ground, level = _background(lab)
    mask = (np.linalg.norm(lab - ground, axis=2) > level).astype(np.uint8)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    dx, dy, grain = _gradients(photo)
    edges = _edges(dx, dy, grain, gaps)
    colour = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)[0]
    edged = cv2.findContours(edges, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)[0]
    regions = _largest(edged, mask.shape) + _largest(colour, mask.shape)
    if max((float(r.sum()) for r in regions), default=0.0) < 0.15 * h * w:
        # a face the table's shade (a dark card on grey wood) shows only as its thin cut
        # line, broken where it fades into the grain: what a line's largest stretch
        # spans stands for the face, and its outline must still pass every check below
        regions = _largest([cv2.convexHull(c) for c in edged], mask.shape) + regions
    if max((float(r.sum()) for r in regions), default=0.0) < 0.15 * h * w:
        raise _refuse(
            "nothing clearly stands out from the background (let the face fill half to three"
            " quarters of the photo, on a plain surface)"
        )
    found = _candidates(regions, dx, dy, _edge_level(grain)[0])
    if not found:
        raise _refuse("its outline has no four clear sides")
    valid = sorted(
        (f for f in found if f[1] >= MIN_EDGE and f[2] >= _least_fit(f[1])), key=lambda f: -f[1] * f[2]
    )
    if valid:  # the clearest, or a larger one around it (a side of the face the table's colour)
        choices = sorted(
            (f for f in valid if _covers(f[0], valid[0][0], mask.shape)), key=lambda f: -cv2.contourArea(f[0])
        )
    else:
        choices = [max(found, key=lambda f: min(f[1] / MIN_EDGE, f[2] / MIN_FIT))]
    # what every outline judged is checked against, worked out once
    whole: Sequence[np.ndarray] = ()
    if oblong:  # a card: its small value marks must line up with the camera's crops
        # a thin frame line round the face is kept here: the opening above would shave it off
        closed = cv2.morphologyEx(
            (np.linalg.norm(lab - ground, axis=2) > level).astype(np.uint8),
            cv2.MORPH_CLOSE,
            np.ones((5, 5), np.uint8),
        )
        whole = cv2.findContours(closed, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)[0]
    margin = max(3, min(h, w) // 100) | 1  # a side this close to the photo's edge runs off it
    cut = cv2.dilate(edges, np.ones((3, 3), np.uint8)) > 0

    def judged(quad: np.ndarray, support: float, fit: float) -> Outline:
        if oblong:
            quad = _colour_cut(whole, quad)
        poly = np.zeros_like(mask)
        cv2.fillConvexPoly(poly, np.round(quad).astype(np.int32), 1)
        near_edge = cv2.dilate(poly, np.ones((margin, margin), np.uint8))
        touching = [np.concatenate([r[0], r[-1], r[:, 0], r[:, -1]]).mean() for r in (*regions, near_edge)]
        if min(touching[:-1]) > MAX_OFF_EDGE or touching[-1] > MAX_OFF_EDGE:
            raise _refuse("the face runs off the photo's edge (leave some background on every side)")
        area = float(poly.sum())
        beside = ~cv2.dilate(poly, np.ones((9, 9), np.uint8)).astype(bool)
        for c in (*colour, *edged):
            if cv2.contourArea(c) > SECOND_FACE * area:
                other = _filled(mask.shape, c).astype(bool)
                out = float((other & beside).sum())
                # a lamp's pool on the table stands out from the table's colour too, but fades
                # into it: where its outline crosses the table, no clear edge lies along it
                # (the photo's edge is no rim)
                rim = c.reshape(-1, 2)
                inner = (rim.min(1) > 0) & (rim[:, 0] < w - 1) & (rim[:, 1] < h - 1)
                rim = rim[beside[rim[:, 1], rim[:, 0]] & inner]
                if len(rim) and float(cut[rim[:, 1], rim[:, 0]].mean()) < SECOND_CUT:
                    continue
                if out > SECOND_FACE * area and out > 0.5 * float(other.sum()):
                    raise _refuse("more than one thing stands out from the background (one face per photo)")
        if fit < _least_fit(support):
            raise _refuse(f"its outline is no clear four-sided shape (it fills {fit:.0%} of its best fit)")
        skew = max(abs(a - 90.0) for a in _corner_angles(quad))
        if skew > MAX_SKEW_DEG:
            raise _refuse(
                f"skewed: a corner is {skew:.0f}° off a right angle (photograph it from straight above)", True
            )
        across = float(np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])) / 2
        down = float(np.linalg.norm(quad[3] - quad[0]) + np.linalg.norm(quad[2] - quad[1])) / 2
        ratio = float(max(across, down) / max(min(across, down), 1.0))
        if oblong:
            if not CARD_ASPECT[0] <= ratio <= CARD_ASPECT[1]:
                raise _refuse(
                    f"its outline is {ratio:.2f} times as long as wide, not a card's shape (is its whole"
                    " edge clear against the table? a light card shows best on a darker surface)"
                )
            if across > down:
                raise _refuse("the card lies on its side (photograph it upright)")
        elif ratio > TILE_ASPECT:
            raise _refuse(f"its outline is {ratio:.2f} times as long as wide, not a tile's square")
        tall = (
            int(np.clip(round(FACE_PX * down / max(across, 1.0)), FACE_PX, 2 * FACE_PX))
            if oblong
            else FACE_PX
        )
        ring = edges.copy()  # the outline itself closes the face where it lies on a clear edge
        cv2.drawContours(ring, _on_edges(quad, dx, dy, _edge_level(grain)[0]), -1, 255, 2)
        enclosed = mask.copy()
        cv2.drawContours(
            enclosed, cv2.findContours(ring, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)[0], -1, 1, -1
        )
        inside = straightened(enclosed * 255, Outline(quad, FACE_PX, tall), CHECK_PX / FACE_PX) > 127
        for side, share in zip(SIDES, _table_along_sides(inside), strict=True):
            if share > MAX_TABLE:
                raise _refuse(f"the crop holds table along its {side} side ({share:.0%} of it)", True)
        if support < MIN_EDGE:
            raise _refuse(f"its outline has no four clear sides (one lies {support:.0%} on a clear edge)")
        return Outline(quad / scale, FACE_PX, tall)

    # a larger outline round the clearest that is refused as skewed or holding table (a
    # trapezoid from the card's side to a shadow's edge) gives way to the next one inside it
    first: VisionError | None = None
    for quad, support, fit in choices:
        try:
            return judged(quad, support, fit)
        except VisionError as refused:
            first = first or refused
            if not isinstance(refused, _Overreach):
                break
    assert first is not None
    raise first


def straightened(photo: np.ndarray, found: Outline, scale: float = 1.0) -> np.ndarray:
    """The face inside ``found``, flattened to its size (times ``scale``)."""
    w, h = round(found.width * scale), round(found.height * scale)
    dst = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    return cv2.warpPerspective(photo, cv2.getPerspectiveTransform(found.corners, dst), (w, h))


def find_face(photo: np.ndarray, oblong: bool = False) -> np.ndarray:
    """The one face in a roughly cropped photo, flattened to FACE_PX square — or,
    ``oblong`` (a card photographed upright), FACE_PX wide and as tall as the card's
    proportions; a VisionError if the photo does not clearly show one (``outline``)."""
    return straightened(photo, outline(photo, oblong))


def pawn_colour(photo: np.ndarray) -> list[float]:
    """A pawn's colour (Lab) from a photo of its top: the middle of the photo."""
    h, w = photo.shape[:2]
    centre = photo[h * 3 // 8 : h * 5 // 8, w * 3 // 8 : w * 5 // 8]
    lab = cv2.cvtColor(centre, cv2.COLOR_BGR2LAB).reshape(-1, 3).astype(np.float32)
    return [float(v) for v in np.median(lab, axis=0)]


def enroll(
    game: str, folder: Path, progress: Callable[[int, int, str], None] | None = None
) -> tuple[Catalogue, list[str]]:
    """A catalogue from a folder of photos, and the list of problems met (a bad file is
    skipped and named; it does not stop the rest)."""
    if not folder.is_dir():
        raise VisionError("no-folder", f"{folder} is not a folder of face photos")
    files = sorted(p for p in folder.iterdir() if p.suffix.lower() in SUFFIXES)
    if not files:
        raise VisionError("no-faces", f"{folder} holds no .png or .jpg face photos")
    cat = Catalogue(game)
    problems = []
    for i, path in enumerate(files, start=1):
        if progress:
            progress(i, len(files), path.name)
        name = NAME.match(path.stem)
        if not name:
            problems.append(f"{path.name}: the name must be <label>.png or <label>__<n>.png")
            continue
        label = name["label"]
        why = label_problem(game, label)
        if why:
            problems.append(f"{path.name}: {label!r} is {why}")
            continue
        try:
            photo = read_image(path)
            if PAWN.match(label):
                cat.pawns[label] = pawn_colour(photo)
            else:
                cat.faces.append((label, find_face(photo, is_card_game(game))))
                cat.sources.append(path.name)
        except VisionError as exc:
            problems.append(f"{path.name}: {exc.message}")
    if not cat.faces:
        raise VisionError(
            "no-faces", f"none of the photos in {folder} could be enrolled: " + "; ".join(problems)
        )
    return cat, problems
