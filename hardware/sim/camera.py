"""The camera's twin for the demo and the tests: it films a synthetic table.

The table (vision/synth/tiles.py's ``TableScene``: its own tile art, markers, pawns, light and
lens) holds the game's path; people at the demo table change it — take a tile, move a
pawn, clear the tiles behind the last pawn, put a tile back — and every ``read`` returns
a fresh frame of it, with a hand over the table for a frame or two after each change, as
a real camera would see it. A frame is rendered once per table state and then only gets
new sensor noise, which keeps the demo quick. ``SynthCardCamera`` is the same for an Ankh
table (vision/synth/cards.py): cards played into the seats' rows, papyri laid. The faces
the reader needs are enrolled from the twin's own photos (``write_enrolment_set``)
exactly as a user's would be.
"""

from __future__ import annotations

import tempfile
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import cv2
import numpy as np

from hardware.camera import Camera
from vision.catalogue import Catalogue, enroll
from vision.errors import VisionError
from vision.synth.art import PAWNS, ArtStyle
from vision.synth.cards import (
    MAX_ROW,
    CardScene,
    card_labels,
    papyri,
    papyrus_label,
    write_card_enrolment_set,
)
from vision.synth.tiles import TableScene, write_enrolment_set

PAWN_LABELS: tuple[str, ...] = tuple(PAWNS)  # seat i plays the i-th pawn colour


class SynthTwin(Camera, ABC):
    """What both twins share: a scene rendered once per table state, fresh sensor noise
    per frame, a hand over the table for a frame after each change, one-off ``extra``
    frames (tests: a glitch) and a camera that fails on demand."""

    def __init__(self, noise: float) -> None:
        super().__init__()
        self.hands = 0  # frames with a hand over the table still to come
        self.extra: list[np.ndarray | None] = []  # one-off frames to send next (tests: a glitch)
        self.noise = noise
        self.lock = threading.Lock()  # people change the table while a frame is being taken
        self._still: tuple[object, np.ndarray] | None = None
        self._hand: np.ndarray | None = None
        self.failing: str | None = None

    def fail(self, message: str = "the synthetic camera sends no frame") -> None:
        self.failing = message

    def recover(self) -> None:
        self.failing = None

    @abstractmethod
    def _state(self) -> object:
        """The table's state now (hashable; read under the lock)."""

    @abstractmethod
    def _render(self, state: object, hand: bool) -> np.ndarray:
        """A frame of the table in ``state`` (a hand over it when ``hand``)."""

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
            state = self._state()
        self.frames += 1
        if hand:
            if self._hand is None:  # drawn once: what lies under it does not matter
                self._hand = self._render(state, True)
            return self._noisy(self._hand)
        if self._still is None or self._still[0] != state:
            self._still = (state, self._render(state, False))
        return self._noisy(self._still[1])

    def _noisy(self, image: np.ndarray) -> np.ndarray:
        """The same picture with fresh sensor noise, as consecutive frames are."""
        if self.noise <= 0:
            return image.copy()
        noise = np.empty(image.shape, np.int16)
        cv2.randn(noise, 0, self.noise)  # type: ignore[call-overload]  # the stubs refuse scalars cv2 takes
        return cv2.add(image, noise, dtype=cv2.CV_8U)


class SynthCamera(SynthTwin):
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
        super().__init__(noise)
        self.labels = list(labels)
        self.style = style or ArtStyle()
        self.scene = TableScene(self.labels, seed=seed, level=level, size=size, style=self.style)
        self.present = [True] * len(self.labels)
        self.pawns: dict[str, int] = {}

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

    # ------------------------------------------------------------ the camera

    def _state(self) -> object:
        return (tuple(self.present), tuple(sorted(self.pawns.items())))

    def _render(self, state: object, hand: bool) -> np.ndarray:
        present, pawns = cast("tuple[Any, Any]", state)
        if hand:
            return self.scene.render(present=list(present), pawns={}, hand=True, frame_seed=1).image
        return self.scene.render(present=list(present), pawns=dict(pawns), frame_seed=self.frames).image

    # ------------------------------------------------------------ enrolment

    def catalogue(self, path: Path | None = None) -> Catalogue:
        """The faces of this table's art, enrolled from photos of them; kept at ``path``
        (when given) so the demo enrols only once."""
        labels = sorted(set(self.labels)) + list(PAWN_LABELS)
        return cached_catalogue(
            path,
            "tutankhamen",
            lambda cat: set(self.labels) <= set(cat.labels) and set(PAWN_LABELS) <= set(cat.pawns),
            lambda folder: write_enrolment_set(folder, labels, self.style, seed=11),
        )


def cached_catalogue(
    path: Path | None, game: str, enough: Callable[[Catalogue], bool], photos: Callable[[Path], object]
) -> Catalogue:
    """The catalogue at ``path`` if it is ``enough``, else one enrolled from the photos
    ``photos(folder)`` writes (and saved at ``path`` when given)."""
    if path is not None and path.exists():
        try:
            cat = Catalogue.load(path, game)
            if enough(cat):
                return cat
        except VisionError:
            pass  # damaged or stale: enrol again
    with tempfile.TemporaryDirectory() as folder:
        photos(Path(folder))
        cat, _ = enroll(game, Path(folder))
    if path is not None:
        cat.save(path)
    return cat


class SynthCardCamera(SynthTwin):
    """Frames of one synthetic Ankh table (vision/synth/cards.py's ``CardScene``) whose
    rows and papyrus pile the caller changes:

    - ``play(seat, label)``: a mummy card (``green-3``) goes on the right end of the
      seat's row;
    - ``papyrus(rank, threshold)``: a new top papyrus (the old one peeks out under it);
    - ``take_back(seat)``: the last card of the seat's row goes back to the hand;
    - ``clear_rows()``: after a scoring, every row is cleared (the top papyrus stays);
    - ``catalogue(path)``: the faces enrolled from the twin's own photos, cached at
      ``path``.

    After each change a hand is over the table for ``hand_frames`` frames (default 1).
    ``rows`` and ``pile`` (bottom first) are the table's state; ``scene.seat_list`` says
    where each seat sits.
    """

    name = "synth-cards"

    def __init__(
        self,
        seats: int = 3,
        seed: int = 0,
        level: str = "easy",
        size: tuple[int, int] = (1280, 720),
        style: ArtStyle | None = None,
        noise: float = 1.5,
        papyrus: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(noise)
        self.style = style or ArtStyle()
        self.scene = CardScene(seats=seats, seed=seed, level=level, size=size, style=self.style)
        self.rows: dict[int, list[str]] = {s.seat: [] for s in self.scene.seat_list}
        first = papyrus or papyri()[0]
        self.pile: list[str] = [papyrus_label(first)]

    def play(self, seat: int, label: str, hand_frames: int = 1) -> None:
        if seat not in self.rows:
            raise ValueError(f"no seat {seat} at this table (seats {sorted(self.rows)})")
        if len(self.rows[seat]) >= MAX_ROW:
            raise ValueError(f"seat {seat}'s row already holds {MAX_ROW} cards")
        with self.lock:
            self.rows[seat].append(label)
            self.hands += hand_frames

    def take_back(self, seat: int, hand_frames: int = 1) -> None:
        """The last card of the seat's row goes back to the hand (one laid by mistake)."""
        with self.lock:
            if self.rows.get(seat):
                self.rows[seat].pop()
            self.hands += hand_frames

    def papyrus(self, rank: list[str], threshold: int, hand_frames: int = 1) -> None:
        with self.lock:
            self.pile.append(papyrus_label({"rank": rank, "threshold": threshold}))
            self.hands += hand_frames

    def clear_rows(self, hand_frames: int = 1) -> None:
        with self.lock:
            for row in self.rows.values():
                row.clear()
            self.hands += hand_frames

    def _state(self) -> object:
        return (tuple((k, tuple(v)) for k, v in sorted(self.rows.items())), tuple(self.pile[-4:]))

    def _render(self, state: object, hand: bool) -> np.ndarray:
        rows, pile = cast("tuple[Any, Any]", state)
        shot = self.scene.render({k: list(v) for k, v in rows}, list(pile), hand=hand, frame_seed=self.frames)
        return shot.image

    def catalogue(self, path: Path | None = None) -> Catalogue:
        """Every Ankh face of this table's art, enrolled from photos of them; kept at
        ``path`` (when given) so the demo enrols only once."""
        return cached_catalogue(
            path,
            "ankh",
            lambda cat: set(card_labels()) <= set(cat.labels),
            lambda folder: write_card_enrolment_set(folder, None, self.style, seed=11),
        )
