"""The camera's twin for the demo and the tests: it films a synthetic table.

The table (vision/synth.py's ``TableScene``: its own tile art, markers, pawns, light and
lens) holds the game's path; people at the demo table change it — take a tile, move a
pawn, clear the tiles behind the last pawn, put a tile back — and every ``read`` returns
a fresh frame of it, with a hand over the table for a frame or two after each change, as
a real camera would see it. A frame is rendered once per table state and then only gets
new sensor noise, which keeps the demo quick. The faces the reader needs are enrolled
from the twin's own photos (``write_enrolment_set``) exactly as a user's would be.
"""

from __future__ import annotations

import tempfile
import threading
from pathlib import Path

import cv2
import numpy as np

from hardware.camera import Camera
from vision.catalogue import Catalogue, enroll
from vision.errors import VisionError
from vision.synth import TableScene, write_enrolment_set
from vision.synth_art import PAWNS, ArtStyle

PAWN_LABELS: tuple[str, ...] = tuple(PAWNS)  # seat i plays the i-th pawn colour


class SynthCamera(Camera):
    """Frames of one synthetic table whose tiles and pawns the caller moves."""

    name = "synth"

    def __init__(
        self,
        labels: list[str],
        seed: int = 0,
        level: str = "easy",
        size: tuple[int, int] = (1280, 720),
        style: ArtStyle | None = None,
        noise: float = 1.5,
    ) -> None:
        super().__init__()
        self.labels = list(labels)
        self.style = style or ArtStyle()
        self.scene = TableScene(self.labels, seed=seed, level=level, size=size, style=self.style)
        self.present = [True] * len(self.labels)
        self.pawns: dict[str, int] = {}
        self.hands = 0  # frames with a hand over the table still to come
        self.extra: list[np.ndarray | None] = []  # one-off frames to send next (tests: a glitch)
        self.noise = noise
        self.lock = threading.Lock()  # people change the table while a frame is being taken
        self._still: tuple[tuple[object, ...], np.ndarray] | None = None
        self._hand: np.ndarray | None = None
        self.failing: str | None = None

    # ------------------------------------------------------------ the people at the table

    def take(self, index: int, pawn: str | None = None, hand_frames: int = 1) -> None:
        """Lift the tile at ``index`` (and stand ``pawn`` in its place)."""
        with self.lock:
            self.present[index] = False
            if pawn is not None:
                self.pawns[pawn] = index
            self.hands += hand_frames

    def put_back(self, index: int, hand_frames: int = 1) -> None:
        with self.lock:
            self.present[index] = True
            self.hands += hand_frames

    def clear(self, indexes: list[int], hand_frames: int = 1) -> None:
        """Clear tiles from the path (the clean-up behind the last pawn)."""
        with self.lock:
            for i in indexes:
                self.present[i] = False
            self.hands += hand_frames

    def move_pawn(self, pawn: str, index: int | None, hand_frames: int = 1) -> None:
        """Stand a pawn on a place, or take it off the path (``None``: before the start or
        beyond the end)."""
        with self.lock:
            if index is None:
                self.pawns.pop(pawn, None)
            else:
                self.pawns[pawn] = index
            self.hands += hand_frames

    def fail(self, message: str = "the synthetic camera sends no frame") -> None:
        self.failing = message

    def recover(self) -> None:
        self.failing = None

    # ------------------------------------------------------------ the camera

    def read(self) -> np.ndarray | None:
        if self.failing:
            self.error = self.failing
            return None
        self.error = None
        with self.lock:
            if self.extra:
                frame = self.extra.pop(0)
                self.frames += 1
                return frame
            hand = self.hands > 0
            self.hands = max(0, self.hands - 1)
            present, pawns = list(self.present), dict(self.pawns)
        self.frames += 1
        if hand:
            return self._noisy(self._hand_frame())
        return self._noisy(self._still_frame(present, pawns))

    def _still_frame(self, present: list[bool], pawns: dict[str, int]) -> np.ndarray:
        key = (tuple(present), tuple(sorted(pawns.items())))
        if self._still is None or self._still[0] != key:
            shot = self.scene.render(present=present, pawns=pawns, frame_seed=self.frames)
            self._still = (key, shot.image)
        return self._still[1]

    def _hand_frame(self) -> np.ndarray:
        """A hand over the table: drawn once (what lies under it does not matter)."""
        if self._hand is None:
            self._hand = self.scene.render(present=self.present, pawns={}, hand=True, frame_seed=1).image
        return self._hand

    def _noisy(self, image: np.ndarray) -> np.ndarray:
        """The same picture with fresh sensor noise, as consecutive frames are."""
        if self.noise <= 0:
            return image.copy()
        noise = np.empty(image.shape, np.int16)
        cv2.randn(noise, 0, self.noise)
        return cv2.add(image, noise, dtype=cv2.CV_8U)

    # ------------------------------------------------------------ enrolment

    def catalogue(self, path: Path | None = None) -> Catalogue:
        """The faces of this table's art, enrolled from photos of them; kept at ``path``
        (when given) so the demo enrols only once."""
        if path is not None and path.exists():
            try:
                cat = Catalogue.load(path, "tutankhamen")
                if set(self.labels) <= set(cat.labels) and set(PAWN_LABELS) <= set(cat.pawns):
                    return cat
            except VisionError:
                pass  # damaged or stale: enrol again
        with tempfile.TemporaryDirectory() as folder:
            labels = sorted(set(self.labels)) + list(PAWN_LABELS)
            write_enrolment_set(Path(folder), labels, self.style, seed=11)
            cat, _ = enroll("tutankhamen", Path(folder))
        if path is not None:
            cat.save(path)
        return cat
