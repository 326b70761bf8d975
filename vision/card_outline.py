"""Finding a card's whole outline on the papyrus pile: the rectangle with most edge all round.

The search tries every turn (coarse steps, then whole degrees round the best few), and at
each turn every place, by the edge strength along the rectangle's four sides: a third of
a card read's time when it ran in float64. It runs in float32, 1.7 times as fast
(OpenCV's float32 warp interpolates at exact positions where its float64 one rounds them
to 1/32 px: scores within 0.2 %; of the cards benchmark's 630 readings 622 stay the same,
eight papyri read alike or better, docs/vision.md §6), with the gradient taken once per
pile, the coarse look's 2×2 strongest edge from the four pixel phases instead of a
dilation of the whole image, the sides' scores summed without a stack of four padded
copies, and a turn scored twice only once.
"""

from __future__ import annotations

import cv2
import numpy as np


def edge_axis(gray: np.ndarray, mask: np.ndarray | None = None) -> float:
    """The dominant direction of edges (radians, modulo a quarter turn): a card's sides."""
    gx = cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3)
    # the sum of |g|² e^{4iθ} = (gx + i gy)⁴ / |g|², in real arithmetic (no trigonometry
    # per pixel): a + ib = (gx + i gy)², then (a + ib)² / |g|²
    r2 = gx * gx + gy * gy
    a, b = gx * gx - gy * gy, 2 * gx * gy
    inv = np.divide(1.0, r2, out=np.zeros_like(r2), where=r2 > 0)
    if mask is not None:
        inv = inv * mask
    re = float(np.sum((a * a - b * b) * inv, dtype=np.float64))
    im = float(np.sum(2 * a * b * inv, dtype=np.float64))
    return float(np.arctan2(im, re) / 4)


def true_turn(gray: np.ndarray, centre: np.ndarray, size: tuple[float, float], theta: float) -> float:
    """An outline's turn to a fraction of a degree: the dominant direction of the edges
    along its rim (a whole-degree search between coarse steps leaves a card a few
    degrees off, which blurs a face's fine print past telling); ``theta`` if that lies
    more than a few degrees away (the rim is mostly other cards' edges)."""
    a = np.radians(theta)
    u, v = np.array([np.cos(a), np.sin(a)]) * size[0] / 2, np.array([-np.sin(a), np.cos(a)]) * size[1] / 2
    rim = np.zeros(gray.shape, np.float32)
    corners = np.array([centre - u - v, centre + u - v, centre + u + v, centre - u + v])
    cv2.polylines(rim, [np.round(corners).astype(np.int32)], True, 1.0, 5)
    d = (np.degrees(edge_axis(gray.astype(np.float32), rim)) - theta + 45) % 90 - 45
    return theta + float(d) if abs(d) <= 4.5 else theta


class Outlines:
    """Scores of card-sized (``w``×``h`` px) outlines over one grey image; each turn's
    score and place computed once."""

    def __init__(self, gray: np.ndarray, w: float, h: float) -> None:
        self.w, self.h = w, h
        self.gx = cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3)
        self.gy = cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3)
        rows, cols = gray.shape
        # the 2×2 neighbourhoods a dilation by a 2×2 square (anchored at its lower right)
        # takes the maximum of at every other pixel: the four phases of the image shifted
        # by one, zero outside it (what lies across an edge is never negative)
        half = (rows + 1) // 2, (cols + 1) // 2
        pad = np.zeros((2, 2 * half[0] + 2, 2 * half[1] + 2), np.float32)
        pad[0, 1 : rows + 1, 1 : cols + 1] = self.gx
        pad[1, 1 : rows + 1, 1 : cols + 1] = self.gy
        phases = [pad[:, a::2, b::2][:, : half[0], : half[1]] for a in (0, 1) for b in (0, 1)]
        self.phases = np.stack([p[0] for p in phases]), np.stack([p[1] for p in phases])
        self._seen: dict[tuple[float, float], tuple[float, np.ndarray]] = {}

    def at(self, theta: float, scale: float = 1.0) -> tuple[float, np.ndarray]:
        """The best place's score and centre at turn ``theta`` (degrees); ``scale`` 1 or ½."""
        key = (float(theta), scale)
        if key not in self._seen:
            if scale == 1.0:
                across = _across(self.gx, self.gy, theta)
            else:
                v, h = _across(*self.phases, theta)
                across = v.max(axis=0), h.max(axis=0)
            self._seen[key] = _best_place(*across, self.gx.shape, self.w, self.h, theta, scale)
        return self._seen[key]


def _across(gx: np.ndarray, gy: np.ndarray, theta: float) -> tuple[np.ndarray, np.ndarray]:
    """The gradient across a side parallel to the turned y axis, and to its x axis."""
    c, s = np.float32(np.cos(np.radians(theta))), np.float32(np.sin(np.radians(theta)))
    v = c * gx
    v += s * gy
    h = c * gy
    h -= s * gx
    return np.abs(v, out=v), np.abs(h, out=h)


def _best_place(
    across_v: np.ndarray,
    across_h: np.ndarray,
    shape: tuple[int, ...],
    w: float,
    h: float,
    theta: float,
    scale: float,
) -> tuple[float, np.ndarray]:
    """The best place for a w×h rectangle (full-resolution px) turned by ``theta``
    (degrees) by the edge strength along its four sides, and its centre (full-resolution
    px). ``across_v``, ``across_h``: the gradient across its sides, taken at full
    resolution and only then shrunk (by ``scale``, keeping each neighbourhood's strongest
    edge): a card's thin cut line over another card survives a coarse look that a smaller
    image would blur away."""
    rows, cols = shape[:2]
    side = int(np.hypot(rows, cols) * scale) + 2
    rot = cv2.getRotationMatrix2D((cols * scale / 2, rows * scale / 2), theta, 1.0)
    rot[:, 2] += np.array([side / 2 - cols * scale / 2, side / 2 - rows * scale / 2])
    gx = cv2.blur(cv2.warpAffine(across_v, rot, (side, side)), (3, 1))
    gy = cv2.blur(cv2.warpAffine(across_h, rot, (side, side)), (1, 3))
    w, h = w * scale, h * scale
    iw, ih = max(3, round(w * 0.9)), max(3, round(h * 0.9))
    # each side's mean edge strength, at every centre: a vertical side through each
    # pixel, as seen from the centres half a card to its right and to its left
    vert = np.divide(cv2.boxFilter(gx, -1, (1, ih), normalize=False), ih, dtype=np.float32)
    horz = np.divide(cv2.boxFilter(gy, -1, (iw, 1), normalize=False), iw, dtype=np.float32)
    hw, hh = round(w / 2), round(h / 2)
    score = _score(vert, horz, hw, hh)
    y, x = np.unravel_index(int(np.argmax(score)), score.shape)
    back = cv2.invertAffineTransform(rot)
    centre = back @ np.array([x, y, 1.0]) / scale
    return float(score[y, x]) / 2, centre


def _score(vert: np.ndarray, horz: np.ndarray, hw: int, hh: int) -> np.ndarray:
    """The four sides' mean plus the weakest side, at every centre (the top card shows
    its whole outline, while an outline pieced from two cards' edges or a colour bar's
    has a side along little edge). A side's strength lies ``hw`` (``hh``) px off the
    centre; beyond the image it is 0. The float32 steps of stacking the four and taking
    their sum and minimum, without the stack."""
    n = vert.shape[0]
    cols, rows = slice(hw, n - hw), slice(hh, n - hh)
    left, right = vert[:, : n - 2 * hw], vert[:, 2 * hw :]
    top, bottom = horz[: n - 2 * hh], horz[2 * hh :]
    total = np.zeros_like(vert)
    np.add(left, right, out=total[:, cols])
    total[rows] += top
    total[rows] += bottom
    total /= 4
    least = np.zeros_like(vert)
    np.minimum(left, right, out=least[:, cols])
    np.minimum(least[rows], top, out=least[rows])
    np.minimum(least[rows], bottom, out=least[rows])
    for band in (slice(0, hh), slice(n - hh, n)):  # beyond the top and bottom sides: 0
        np.minimum(least[band], 0, out=least[band])
    total += least
    return total
