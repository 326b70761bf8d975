"""What every tracker shares: frames count only once the table is still, and a few such
frames vote before anything is reported, so one bad frame never becomes an observation.

A tracker (path_tracker.py, card_tracker.py) says what one frame shows (``look``) and how
the window's looks add up (``vote``); ``feed`` does the rest.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import deque
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import cv2
import numpy as np

from vision.errors import VisionError
from vision.frames import check_frame

L = TypeVar("L")  # one frame's look
O = TypeVar("O")  # an observation  # noqa: E741


@dataclass(frozen=True)
class Waiting:
    """No observation now, and why: ``code`` for programs, ``reason`` for people."""

    code: str  # "moving", "hand-over-table", or a VisionError code
    reason: str


class VotingTracker(ABC, Generic[L, O]):
    """``settings`` needs ``votes``, ``still_levels`` and ``still_share``."""

    settings: Any
    window: deque[L]
    previous: np.ndarray | None

    def _start(self) -> None:
        self.window = deque(maxlen=self.settings.votes)
        self.previous = None

    def still(self, frame: np.ndarray) -> bool:
        """Whether nothing big moved since the previous frame (a tile or card laid is
        small; a hand or an arm is not). The first frame is never still: there is
        nothing to compare it with."""
        grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        small = cv2.resize(grey, (160, 90), interpolation=cv2.INTER_AREA).astype(np.int16)
        before, self.previous = self.previous, small
        if before is None:
            return False
        moved = np.abs(small - before) > self.settings.still_levels
        return float(moved.mean()) <= self.settings.still_share

    def not_ready(self) -> Waiting | None:
        """Why no frame can be looked at yet (None: ready)."""
        return None

    @abstractmethod
    def look(self, frame: np.ndarray) -> L:
        """One frame's verdict (a VisionError when it cannot be read)."""

    @abstractmethod
    def vote(self) -> O:
        """What a majority of the window's looks agree on."""

    def feed(self, frame: Any) -> O | Waiting | None:
        """One camera frame: an observation once enough still frames agree, Waiting when
        this frame cannot count (the vote starts over), None while votes are gathered."""
        try:
            image = check_frame(frame)
        except VisionError as exc:
            return self._wait(exc.code, exc.message)
        if not self.still(image):
            return self._wait("moving", "the table is moving")
        waiting = self.not_ready()
        if waiting is not None:
            return self._wait(waiting.code, waiting.reason)
        try:
            look = self.look(image)
        except VisionError as exc:
            return self._wait(exc.code, exc.message)
        self.window.append(look)
        if len(self.window) < self.settings.votes:
            return None
        return self.vote()

    def _wait(self, code: str, reason: str) -> Waiting:
        self.window.clear()
        return Waiting(code, reason)


class ArmWatch:
    """Something new and big over the table since it was last seen settled: an arm,
    whatever its colour — a brown arm on an oak table that no colour test tells from the
    wood in shade is plain against the table as it was a moment ago. A tile taken or a
    pawn moved changes one place; an arm lies over several places and the table between.
    Frames compared are top views (table-aligned), so a nudged camera does not count."""

    def __init__(
        self,
        changed_at: float = 18.0,
        places: float = 1.5,
        most: float = 0.5,
        faint_at: float = 9.0,
        faint_places: float = 2.0,
    ) -> None:
        self.changed_at = changed_at  # Lab distance (lightness counting half) that is a change
        self.places = places  # a change off the places bigger than this many places' area
        self.most = most  # a change over more of the view than this is the light, not an arm
        # a fainter change counts where it is one coherent stretch this many places big: an
        # arm of nearly the table's colour (brown on oak, tan on warm-lit wood) differs from
        # the settled table by 10-17, a frame's noise by under 4 (synthetic scenes, easy to hard)
        self.faint_at = faint_at
        self.faint_places = faint_places
        self.reference: np.ndarray | None = None

    @staticmethod
    def _small(top_view: np.ndarray) -> np.ndarray:
        small = cv2.resize(top_view, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
        return cv2.cvtColor(cv2.GaussianBlur(small, (5, 5), 0), cv2.COLOR_BGR2LAB).astype(np.float32)

    def settle(self, top_view: np.ndarray) -> None:
        """Take this view as the table at rest."""
        self.reference = self._small(top_view)

    def something_over(
        self, top_view: np.ndarray, place_px: float, places: list[np.ndarray] | None = None
    ) -> bool:
        """Whether something bigger than a place (``place_px``: a tile's or card's side in
        the view) is new since the table was settled, outside the game's own ``places``
        (centres in view px: a clean-up takes many tiles at once; an arm also covers the
        table round them). Without a settled view nothing can be new."""
        if self.reference is None:
            return False
        now = self._small(top_view)
        if now.shape != self.reference.shape:
            return False
        d = np.abs(now - self.reference)
        distance = 0.5 * d[:, :, 0] + d[:, :, 1] + d[:, :, 2]
        return any(
            self._big_change(distance > at, place_px, places or [], least)
            for at, least in ((self.changed_at, self.places), (self.faint_at, self.faint_places))
        )

    def _big_change(
        self, changed: np.ndarray, place_px: float, places: list[np.ndarray], least: float
    ) -> bool:
        """Whether ``changed`` (the small view's pixels past a level) holds one stretch
        bigger than ``least`` places off the game's ``places``; never where most of the
        view changed (the light did)."""
        changed = cv2.morphologyEx(changed.astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        if changed.mean() > self.most:
            return False
        for centre in places:  # a place changes when the game moves: not a sign of an arm
            x, y = np.round(np.asarray(centre) * 0.25).astype(int)
            cv2.circle(changed, (int(x), int(y)), round(place_px * 0.25 * 0.8), 0, -1)
        _, _, stats, _ = cv2.connectedComponentsWithStats(changed)
        return bool((stats[1:, cv2.CC_STAT_AREA] > least * (place_px * 0.25) ** 2).any())
