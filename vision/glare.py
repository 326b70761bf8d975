"""A lamp's glare on a face: what of it the camera burnt out white.

A glossy tile mirrors the lamp; where it does, every channel is clipped and the face's
print is gone. What is left matches the plainest enrolled face (a canopic jar, a gold
bag) better than anything, and at full confidence — so a face mostly burnt out is not
read at all, whatever it matches. Clipping is measured on the camera's own pixels
(white-balancing the top view lifts a well-exposed white to 255 too), and against the
faces near it on the path: line art's white ground may clip over a bright side of the
table, and that is the art and the light, not a glare.
"""

from __future__ import annotations

import cv2
import numpy as np

CLIPPED = 250  # every channel at least this: burnt out
SHARE = 0.5  # a face at least half burnt out…
ABOVE = 0.2  # …and this much more than its neighbours on the path (or places beside it) is glared
PLACE = 0.3  # a place to step to this much burnt out (and above the others) is a glare
NEAR = 3  # the neighbours each way a face is weighed against


def burnt_map(frame: np.ndarray, to_view: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """The frame's burnt-out pixels (1.0) in the top view (``to_view``: image → view px;
    ``size``: the view's width, height), as float shares after the warp."""
    least = frame
    if frame.ndim == 3:
        # the least channel, as frame.min(axis=2) gives it, without its slow reduction over 3
        least = frame[:, :, 0]
        for c in range(1, frame.shape[2]):
            least = np.minimum(least, frame[:, :, c])
    clipped = least >= CLIPPED
    warped: np.ndarray = cv2.warpPerspective(
        np.asarray(clipped, np.float32), to_view, size, flags=cv2.INTER_LINEAR
    )
    return warped


def burnt_share(burnt: np.ndarray, centre: np.ndarray, side: float, inner: float = 0.8) -> float:
    """The share of a face's inner square (axis-aligned: a few degrees' turn changes
    little) that is burnt out."""
    half = inner * side / 2
    h, w = burnt.shape
    x0, x1 = int(max(0, round(centre[0] - half))), int(min(w, round(centre[0] + half)))
    y0, y1 = int(max(0, round(centre[1] - half))), int(min(h, round(centre[1] + half)))
    if x1 <= x0 or y1 <= y0:
        return 0.0
    return float(burnt[y0:y1, x0:x1].mean())


def glared(shares: list[float]) -> set[int]:
    """Which faces along the path (by their burnt shares, in path order) a glare has
    washed out: each weighed against its neighbours on the path, as a lamp's light
    changes slowly across the table and its glare does not."""
    out = set()
    for i, v in enumerate(shares):
        near = shares[max(0, i - NEAR) : i] + shares[i + 1 : i + 1 + NEAR]
        usual = float(np.median(near)) if near else 0.0
        if v >= SHARE and v >= usual + ABOVE:
            out.add(i)
    return out


def glare_among(share: float, others: list[float]) -> bool:
    """Whether a glare lies at a place the walk could step to, by its burnt ``share``:
    ``PLACE`` or more, and well above the burnt shares of ``others`` (the places weighed
    beside it). A place is passed over more readily than a face is left unread: another
    place is there to take instead."""
    usual = float(np.median(others)) if others else 0.0
    return share >= PLACE and share >= usual + ABOVE
