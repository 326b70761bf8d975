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
