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
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision.errors import VisionError

FORMAT, VERSION = "scarab-catalogue", 1
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

    @property
    def labels(self) -> list[str]:
        return sorted({label for label, _ in self.faces})

    def to_json(self) -> dict[str, Any]:
        faces = []
        for (label, image), source in zip(self.faces, self.sources, strict=True):
            _, png = cv2.imencode(".png", image)
            faces.append({"label": label, "source": source, "png": base64.b64encode(png.tobytes()).decode()})
        pawns = [{"label": k, "lab": [round(v, 1) for v in lab]} for k, lab in sorted(self.pawns.items())]
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "face_px": FACE_PX,
            "faces": faces,
            "pawns": pawns,
        }

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
RIM = (0.03, 0.1)  # the strip inside each side checked for table, in shares of the side
MAX_TABLE = 0.2  # the share of one side's strip that may look like the table
MAX_OFF_EDGE = 0.03  # the share of the photo's edge the face may touch (a corner, not a side)
SECOND_FACE = 0.25  # another thing standing out at least this big beside the face: two faces
CHECK_PX = 96  # the straightened face's width while it is checked
SIDES = ("top", "right", "bottom", "left")


@dataclass
class Outline:
    """The face found in a photo: its corners clockwise from the top left, and the
    straightened face's size."""

    corners: np.ndarray  # 4 × 2 float32
    width: int
    height: int


def _refuse(why: str) -> VisionError:
    return VisionError(NOT_ONE_FACE, f"not one face: {why}")


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


def outline(photo: np.ndarray, oblong: bool = False) -> Outline:
    """Where the one face of an enrolment photo lies — or a VisionError (``not-one-face``)
    saying why the photo does not show exactly one face clearly: nothing stands out from
    the background, the face runs off the photo, two things stand out, the outline is no
    clear four-sided shape of a tile's (``oblong``: an upright card's) proportions, its
    corners are far from right angles, or the crop along it would hold table. A crop like
    that is learned as a face and later attracts other faces, so it is refused here."""
    h, w = photo.shape[:2]
    if min(h, w) < 16:
        raise VisionError("face-too-small", f"the photo is only {w}×{h} pixels")
    lab = cv2.cvtColor(photo, cv2.COLOR_BGR2LAB).astype(np.float32)
    ground, level = _background(lab)
    mask = (np.linalg.norm(lab - ground, axis=2) > level).astype(np.uint8)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    contours = sorted(
        cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)[0],
        key=cv2.contourArea,
        reverse=True,
    )
    area = cv2.contourArea(contours[0]) if contours else 0.0
    if area < 0.15 * h * w:
        raise _refuse(
            "nothing clearly stands out from the background (let the face fill half to three"
            " quarters of the photo, on a plain surface)"
        )
    blob = np.zeros_like(mask)
    cv2.drawContours(blob, contours, 0, 1, -1)
    rim = np.concatenate([blob[0], blob[-1], blob[:, 0], blob[:, -1]])
    if rim.mean() > MAX_OFF_EDGE:  # a corner may touch the edge, a side may not
        raise _refuse("the face runs off the photo's edge (leave some background on every side)")
    if len(contours) > 1 and cv2.contourArea(contours[1]) > SECOND_FACE * area:
        raise _refuse("more than one thing stands out from the background (one face per photo)")
    quad = _four_corners(contours[0])
    if quad is None:
        raise _refuse("its outline has no four clear sides")
    quad = _clockwise_from_top_left(_fitted(contours[0], quad))
    fit = np.zeros_like(mask)
    cv2.fillConvexPoly(fit, np.round(quad).astype(np.int32), 1)
    iou = float((blob & fit).sum()) / max(float((blob | fit).sum()), 1.0)
    if iou < MIN_FIT:
        raise _refuse(f"its outline is no clear four-sided shape (it fills {iou:.0%} of its best fit)")
    skew = max(abs(a - 90.0) for a in _corner_angles(quad))
    if skew > MAX_SKEW_DEG:
        raise _refuse(
            f"skewed: a corner is {skew:.0f}° off a right angle (photograph it from straight above)"
        )
    across = (np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])) / 2
    down = (np.linalg.norm(quad[3] - quad[0]) + np.linalg.norm(quad[2] - quad[1])) / 2
    ratio = float(max(across, down) / max(min(across, down), 1.0))
    if oblong:
        if not CARD_ASPECT[0] <= ratio <= CARD_ASPECT[1]:
            raise _refuse(f"its outline is {ratio:.2f} times as long as wide, not a card's shape")
        if across > down:
            raise _refuse("the card lies on its side (photograph it upright)")
    elif ratio > TILE_ASPECT:
        raise _refuse(f"its outline is {ratio:.2f} times as long as wide, not a tile's square")
    tall = int(np.clip(round(FACE_PX * down / max(across, 1.0)), FACE_PX, 2 * FACE_PX)) if oblong else FACE_PX
    found = Outline(quad, FACE_PX, tall)
    inside = straightened(blob * 255, found, CHECK_PX / FACE_PX) > 127
    for side, share in zip(SIDES, _table_along_sides(inside), strict=True):
        if share > MAX_TABLE:
            raise _refuse(f"the crop holds table along its {side} side ({share:.0%} of it)")
    return found


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
