"""A tile's outline: how sharply a square of a tile's side stands out where one may lie.

The walk follows a foreground mask, and a mask is fooled by a table lighter or darker in
places than its colour (a wood's pale grain under a lamp reads as dense as a tile), and an
enrolled face's correlation is fooled by grain that happens to be patterned like a glyph.
A tile has sides: a cardboard square's four edges against the table or the gap, straight
and a tile's side apart. Grain or a shadow runs one way (two sides at most), mostly
softly. So a place the walk could step to is weighed by the gradient across each of the
square's four sides, compared with the same on the tiles already walked (light, focus
and the box's art set the scale, not a constant).
"""

from __future__ import annotations

import cv2
import numpy as np

SPAN = 0.4  # each side is sampled over this share of the side, each way from its middle…
SAMPLES = 15  # …at this many points (the corners, where a neighbour's side crosses, left out),
PARTS = 3  # …in this many parts, most of which must show it
SHIFT = 0.3  # the square may lie this share of a side off the place asked about, each way…
INSET = 0.2  # …a side's edge may lie this share of a side inside it (a printed rim on a table as dark)…
SLACK = 0.06  # …or this share outside it (a tilt, a side measured a little short)


class Outlines:
    """One frame's gradients, for measuring the sides of squares anywhere on it."""

    def __init__(self, image: np.ndarray) -> None:
        self.image = image
        gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float32) if image.ndim == 3 else image
        self.gx = cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3)
        self.gy = cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3)
        self.gx_flat, self.gy_flat = self.gx.ravel(), self.gy.ravel()  # views, for gathering

    def sides(self, centre: np.ndarray, angle_deg: float, side: float) -> np.ndarray:
        """The four sides' strengths of a square of ``side`` px turned by ``angle``, near
        ``centre``: for each, the mean gradient across it along its middle. The square is
        moved to where both sides of each pair stand out most (a guessed place is rarely
        exact); beyond the frame a side is 0."""
        reach = max(1, round(SHIFT * side))
        inset, slack = max(1, round(INSET * side)), max(1, round(SLACK * side))
        a = np.radians(angle_deg) + np.arange(4) * np.pi / 2
        normal = np.stack([np.cos(a), np.sin(a)], axis=1)  # 4 × 2, outwards
        at = np.asarray(centre, np.float64)
        profile = self._profiles(at, normal, side, reach + inset, reach + slack)  # 4 × offsets
        # the sharpest edge of each side's band for each shift of the square (−reach..reach)
        best = _running_max(profile, inset + slack + 1)
        for first in (0, 1):  # each pair of opposite sides: the shift both stand out at
            both = np.minimum(best[first], best[first + 2][::-1])
            at = at + (int(np.argmax(both)) - reach) * normal[first]
        return self._profiles(at, normal, side, inset, slack).max(axis=1)

    def _profiles(
        self, centre: np.ndarray, normal: np.ndarray, side: float, inward: int, outward: int
    ) -> np.ndarray:
        """Each side's gradient across it, at offsets from ``inward`` px inside to
        ``outward`` px outside where it lies with the square at ``centre``: the
        median of its parts' means (4 × offsets)."""
        h, w = self.gx.shape
        tangent = np.stack([-normal[:, 1], normal[:, 0]], axis=1)
        along = np.linspace(-SPAN * side, SPAN * side, SAMPLES)
        out = np.arange(-inward, outward + 1, dtype=np.float64) + side / 2
        pts = (
            centre[None, None, None, :]
            + out[None, :, None, None] * normal[:, None, None, :]
            + along[None, None, :, None] * tangent[:, None, None, :]
        )  # sides × offsets × samples × 2
        xi = np.round(pts[..., 0]).astype(np.intp)
        yi = np.round(pts[..., 1]).astype(np.intp)
        # the gradients at those pixels, by their flat index (one gather each); beyond the
        # frame, the nearest pixel's, then 0
        whole = int(xi.min()) >= 0 and int(yi.min()) >= 0 and int(xi.max()) < w and int(yi.max()) < h
        inside = None
        if not whole:
            inside = (xi >= 0) & (xi < w) & (yi >= 0) & (yi < h)
            xi, yi = np.minimum(np.maximum(xi, 0), w - 1), np.minimum(np.maximum(yi, 0), h - 1)
        flat = yi * w + xi
        across = np.abs(
            self.gx_flat[flat] * normal[:, None, None, 0] + self.gy_flat[flat] * normal[:, None, None, 1]
        )
        # a side is straight: as sharp at the same offset in most thirds of its length (a
        # glare's or a pawn's round rim meets a square's side only at its middle; where
        # rows touch, a neighbour's corner may blur one third)
        seen = across if inside is None else np.where(inside, across, 0.0)
        thirds = seen.reshape(4, len(out), PARTS, SAMPLES // PARTS)
        means = thirds.mean(axis=3)
        if PARTS == 3:  # the median of three, as np.median picks it (no NaN here), at less cost
            one, two, three = means[:, :, 0], means[:, :, 1], means[:, :, 2]
            middle = np.maximum(np.minimum(one, two), np.minimum(np.maximum(one, two), three))
            return np.asarray(middle, np.float64)
        return np.asarray(np.median(means, axis=2), np.float64)

    def strength(self, centre: np.ndarray, angle_deg: float, side: float) -> float:
        """How clearly a square stands there: its weakest side. A place beside a tile
        walked has one sharp side, that tile's, and on striped wood two more, the grain's;
        a tile has its own four (a pawn or its shadow may dim one, not hide it)."""
        return float(self.sides(centre, angle_deg, side).min())

    def typical(self, centre: np.ndarray, angle_deg: float, side: float) -> float:
        """A tile's usual side (the median of its four): the scale a place is weighed by."""
        return float(np.median(self.sides(centre, angle_deg, side)))


def _running_max(profile: np.ndarray, width: int) -> np.ndarray:
    """The maximum of every ``width`` neighbours along each row (what a sliding window's
    ``max`` gives, to the bit: a maximum is exact), without a window view's overhead."""
    n = profile.shape[1] - width + 1
    best = profile[:, :n].copy()
    for k in range(1, width):
        np.maximum(best, profile[:, k : k + n], out=best)
    return best


class WalkedSides:
    """The tiles walked so far as the measure of a place that could hold one: light, focus
    and the box's art set how sharp a tile's sides are in this frame, not a constant."""

    def __init__(self, outlines: Outlines, share: float) -> None:
        self.outlines = outlines
        self.share = share  # a place's sides at least this share as sharp as a walked tile's
        self.typicals: list[float] = []

    def walked(self, centre: np.ndarray, angle_deg: float, side: float) -> None:
        """A tile read surely at ``centre``: its sides join the measure."""
        self.typicals.append(self.outlines.typical(centre, angle_deg, side))

    def square_at(
        self, centre: np.ndarray, angle_deg: float, side: float, share: float | None = None
    ) -> bool:
        """Whether a tile's square stands out near ``centre``, at least ``share`` (default
        the walk's) as sharply as the tiles walked (before any is walked, nothing to weigh
        by: yes)."""
        if not self.typicals:
            return True
        least = (self.share if share is None else share) * float(np.median(self.typicals))
        return self.outlines.strength(centre, angle_deg, side) >= least
