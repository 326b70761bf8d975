"""Reading a finished photoreal set (``bench/photoreal/make.py`` writes it).

Layout of a set folder::

    manifest.json                  game, families, seed, samples, seconds per frame
    enrol/<family>/<label>.jpg     each face alone on the table, shot from above
    frames/<name>.jpg              a camera frame
    frames/<name>.json             its truth: family, conditions, and the tiles and pawns
                                   (path order) or the rows and papyrus
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np


@dataclass
class Frame:
    name: str
    image_path: Path
    truth: dict[str, Any]

    @property
    def family(self) -> str:
        return str(self.truth["family"])

    def condition(self) -> tuple[str, str]:
        """The benchmark's condition of this frame: the table and the camera's tilt band."""
        tilt = float(self.truth["conditions"]["tilt"])
        return str(self.truth["conditions"]["table"]), "tilt 0–15°" if tilt < 15 else "tilt 15–30°"

    def image(self) -> np.ndarray:
        image = cv2.imread(str(self.image_path), cv2.IMREAD_COLOR)
        if image is None:
            raise OSError(f"cannot read {self.image_path}")
        return image


def manifest(folder: Path) -> dict[str, Any]:
    return json.loads((folder / "manifest.json").read_text())


def frames(folder: Path, families: list[str] | None = None) -> list[Frame]:
    """The set's frames, by name, of the given families (default all)."""
    out = []
    for truth_path in sorted((folder / "frames").glob("*.json")):
        truth = json.loads(truth_path.read_text())
        if families is None or truth["family"] in families:
            out.append(Frame(truth_path.stem, truth_path.with_suffix(".jpg"), truth))
    return out


def enrolment_folder(folder: Path, family: str) -> Path:
    return folder / "enrol" / family
