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


def find_face(photo: np.ndarray, oblong: bool = False) -> np.ndarray:
    """The face in a roughly cropped photo, flattened to FACE_PX square — or, ``oblong``
    (a card photographed upright), FACE_PX wide and as tall as the card's proportions."""
    h, w = photo.shape[:2]
    if min(h, w) < 16:
        raise VisionError("face-too-small", f"the photo is only {w}×{h} pixels")
    lab = cv2.cvtColor(photo, cv2.COLOR_BGR2LAB).astype(np.float32)
    edge = max(2, min(h, w) // 25)
    border = np.concatenate(
        [
            lab[:edge].reshape(-1, 3),
            lab[-edge:].reshape(-1, 3),
            lab[:, :edge].reshape(-1, 3),
            lab[:, -edge:].reshape(-1, 3),
        ]
    )
    ground = np.median(border, axis=0)
    spread = np.median(np.linalg.norm(border - ground, axis=1))
    distance = np.linalg.norm(lab - ground, axis=2)
    mask = (distance > max(18.0, 3 * spread)).astype(np.uint8)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    quad = None
    if contours:
        biggest = max(contours, key=cv2.contourArea)
        area = cv2.contourArea(biggest)
        if 0.2 * h * w < area < 0.97 * h * w:
            rect = cv2.minAreaRect(biggest)
            quad = cv2.boxPoints(rect).astype(np.float32)
    if quad is None and oblong:  # cropped tight: the whole photo is the card
        tall = int(np.clip(round(FACE_PX * h / w), FACE_PX, 2 * FACE_PX))
        return cv2.resize(photo, (FACE_PX, tall), interpolation=cv2.INTER_AREA)
    if quad is None:  # cropped tight (or nothing stands out): the whole photo is the face
        side = min(h, w)
        y0, x0 = (h - side) // 2, (w - side) // 2
        return cv2.resize(
            photo[y0 : y0 + side, x0 : x0 + side], (FACE_PX, FACE_PX), interpolation=cv2.INTER_AREA
        )
    # order the box clockwise from the top left so the face keeps its orientation
    s, d = quad.sum(1), np.diff(quad, axis=1).ravel()
    ordered = np.array([quad[s.argmin()], quad[d.argmin()], quad[s.argmax()], quad[d.argmax()]], np.float32)
    tall = FACE_PX
    if oblong:
        ratio = np.linalg.norm(ordered[3] - ordered[0]) / max(np.linalg.norm(ordered[1] - ordered[0]), 1.0)
        tall = int(np.clip(round(FACE_PX * ratio), FACE_PX, 2 * FACE_PX))
    dst = np.array([[0, 0], [FACE_PX, 0], [FACE_PX, tall], [0, tall]], np.float32)
    return cv2.warpPerspective(photo, cv2.getPerspectiveTransform(ordered, dst), (FACE_PX, tall))


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
