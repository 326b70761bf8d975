"""The table plane from the four corner markers: image pixels ↔ millimetres on the table.

A homography to the unit square comes from the corner markers' centres; the printed
marker size (MARKER_MM) then gives each axis its length in millimetres, so nobody has to
measure the table. The camera does not move during a game, so a calibration is kept and
only re-checked per frame: while the visible corner markers sit where they were, it
stands; if they moved, it is made anew; if some are hidden (a hand, a cup), the kept one
is used.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from vision.errors import VisionError
from vision.frames import check_frame
from vision.markers import CORNERS, MARKER_MM, QUIET_MM, Marker, detect


@dataclass
class Calibration:
    to_table: np.ndarray  # 3×3: image px → table mm (origin: marker 0's centre)
    width_mm: float  # marker 0 → marker 1
    height_mm: float  # marker 0 → marker 3
    centres_px: np.ndarray  # the corner markers' centres in the image, for re-checks

    @classmethod
    def from_markers(cls, markers: dict[int, Marker]) -> Calibration:
        missing = [i for i in CORNERS if i not in markers]
        if missing:
            seen = len(CORNERS) - len(missing)
            raise VisionError(
                "corner-markers-missing",
                f"only {seen} of the 4 corner markers are visible (missing: {', '.join(map(str, missing))});"
                " all four must be in view to find the table",
            )
        centres = np.array([markers[i].center for i in CORNERS], np.float32)
        unit = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)
        to_unit = cv2.getPerspectiveTransform(centres, unit)
        widths, heights = [], []
        for i in CORNERS:
            c = cv2.perspectiveTransform(markers[i].corners.reshape(1, 4, 2).astype(np.float64), to_unit)[0]
            span = c.max(0) - c.min(0)  # a marker may lie turned; its extent still scales with its side
            widths.append(span[0])
            heights.append(span[1])
        if min(widths) <= 0 or min(heights) <= 0 or cv2.contourArea(centres) < 1000:
            raise VisionError("corner-markers-degenerate", "the corner markers do not span a table area")
        width_mm = MARKER_MM / float(np.median(widths))
        height_mm = MARKER_MM / float(np.median(heights))
        to_table = np.diag([width_mm, height_mm, 1.0]) @ to_unit
        return cls(to_table, width_mm, height_mm, centres)

    def matches(self, markers: dict[int, Marker], tolerance_px: float = 6.0) -> bool:
        """True while every visible corner marker is where this calibration saw it."""
        for k, i in enumerate(CORNERS):
            if i in markers and np.linalg.norm(markers[i].center - self.centres_px[k]) > tolerance_px:
                return False
        return True

    def table_points(self, image_points: np.ndarray) -> np.ndarray:
        pts = np.asarray(image_points, np.float64).reshape(1, -1, 2)
        return cv2.perspectiveTransform(pts, self.to_table)[0]

    def image_points(self, table_points: np.ndarray) -> np.ndarray:
        pts = np.asarray(table_points, np.float64).reshape(1, -1, 2)
        return cv2.perspectiveTransform(pts, np.linalg.inv(self.to_table))[0]


@dataclass
class TopView:
    """The table seen from straight above at ``px_per_mm``, white-balanced."""

    image: np.ndarray  # BGR uint8
    px_per_mm: float
    margin_mm: float
    to_view: np.ndarray  # image px → view px

    def view_point(self, table_mm: np.ndarray) -> np.ndarray:
        return (np.asarray(table_mm, np.float64) + self.margin_mm) * self.px_per_mm

    def table_point(self, view_px: np.ndarray) -> np.ndarray:
        return np.asarray(view_px, np.float64) / self.px_per_mm - self.margin_mm

    def frame_px(self, view_px: np.ndarray) -> float:
        """How many of the frame's pixels one view pixel spans at ``view_px`` (the square root
        of the view-to-frame map's local area scale): below 1 the view only enlarges what the
        camera saw there, and no finer detail is in it."""
        back = np.linalg.inv(self.to_view)
        x, y = np.asarray(view_px, np.float64)
        p = back @ np.array([x, y, 1.0])
        u = p[:2] / p[2]
        jacobian = (back[:2, :2] - np.outer(u, back[2, :2])) / p[2]
        return float(np.sqrt(abs(np.linalg.det(jacobian))))


def top_view(
    frame: np.ndarray,
    cal: Calibration,
    markers: dict[int, Marker],
    px_per_mm: float = 1.2,
    margin_mm: float = 10,
) -> TopView:
    """Warp the frame to the table plane and even out its light against the markers' white
    margins (a colour cast and a light gradient both vanish, which the face comparison
    needs)."""
    src = frame
    scale = 1.0
    view_w = (cal.width_mm + 2 * margin_mm) * px_per_mm
    while src.shape[1] / scale > 2.4 * view_w:  # avoid aliasing: halve big frames first
        src = cv2.pyrDown(src)
        scale *= 2
    to_view = (
        np.array([[px_per_mm, 0, margin_mm * px_per_mm], [0, px_per_mm, margin_mm * px_per_mm], [0, 0, 1]])
        @ cal.to_table
    )
    size = (round(view_w), round((cal.height_mm + 2 * margin_mm) * px_per_mm))
    warp = to_view @ np.diag([scale, scale, 1.0])
    image = cv2.warpPerspective(src, warp, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    view = TopView(image, px_per_mm, margin_mm, to_view)
    white_balance(view, cal, markers)
    return view


def white_balance(view: TopView, cal: Calibration, markers: dict[int, Marker]) -> None:
    """Fit a per-channel light field (a plane in x, y) to the markers' white margins and
    divide it out."""
    img = view.image
    samples, where = [], []
    for marker in markers.values():
        corners = view.view_point(cal.table_points(marker.corners))
        centre = corners.mean(0)
        half = MARKER_MM / 2
        inner = centre + (corners - centre) * ((half + 0.25 * QUIET_MM) / half)
        outer = centre + (corners - centre) * ((half + 0.75 * QUIET_MM) / half)
        x0, y0 = np.floor(outer.min(0)).astype(int)
        x1, y1 = np.ceil(outer.max(0)).astype(int) + 1
        x0, y0 = max(x0, 0), max(y0, 0)
        x1, y1 = min(x1, img.shape[1]), min(y1, img.shape[0])
        if x1 - x0 < 3 or y1 - y0 < 3:
            continue
        mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
        off = np.array([x0, y0])
        cv2.fillPoly(mask, [np.round(outer - off).astype(np.int32)], 1)
        cv2.fillPoly(mask, [np.round(inner - off).astype(np.int32)], 0)
        pixels = img[y0:y1, x0:x1][mask.astype(bool)]
        if len(pixels) < 10:
            continue
        samples.append(np.median(pixels, axis=0))
        where.append(centre)
    if len(samples) < 3:
        return
    white = np.array(samples, np.float64)
    pos = np.array(where, np.float64)
    design = np.column_stack([np.ones(len(pos)), pos[:, 0], pos[:, 1]])
    coeffs, *_ = np.linalg.lstsq(design, white, rcond=None)  # 3×3: per channel a + bx + cy
    h, w = img.shape[:2]
    xs = np.arange(w, dtype=np.float32)
    ys = np.arange(h, dtype=np.float32)
    c = coeffs.astype(np.float32)
    # channel by channel (numpy is slow over a trailing axis of 3) and 64 rows at a time
    # (five passes over a frame-sized float field went to memory and back; a strip's stay
    # in the cache): the same float32 steps on every pixel
    planes = cv2.split(img)
    out = [np.empty((h, w), np.uint8) for _ in planes]
    strip = np.empty((min(h, 64), w), np.float32)
    for k, plane in enumerate(planes):
        across, down = c[0, k] + xs * c[1, k], ys * c[2, k]
        for y0 in range(0, h, len(strip)):
            y1 = min(y0 + len(strip), h)
            field = strip[: y1 - y0]
            np.add(across[None, :], down[y0:y1, None], out=field)
            np.maximum(field, np.float32(8.0), out=field)
            np.divide(np.float32(230.0), field, out=field)
            field *= plane[y0:y1]
            cv2.convertScaleAbs(field, dst=out[k][y0:y1])
    view.image = cv2.merge(out)


class TableLocator:
    """Finds the table in the frames of one camera and keeps its calibration between
    frames (the readers build on it; ``settings.px_per_mm`` is the top view's scale)."""

    calibration: Calibration | None = None
    settings: Any
    seat_cards = True  # the table has seat cards (markers.detect looks again for a missing one)

    def locate(self, frame: np.ndarray) -> tuple[np.ndarray, dict[int, Marker], Calibration]:
        frame = check_frame(frame)
        markers = detect(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY), self.seat_cards)
        cal = self.calibration
        if cal is None or not cal.matches(markers):
            try:
                cal = Calibration.from_markers(markers)
            except VisionError:
                if cal is None or not any(i in markers for i in (0, 1, 2, 3)):
                    raise
                # some corners hidden but the others have not moved: keep the calibration
        self.calibration = cal
        return frame, markers, cal

    def view(self, frame: np.ndarray) -> tuple[TopView, dict[int, Marker], Calibration]:
        frame, markers, cal = self.locate(frame)
        return top_view(frame, cal, markers, self.settings.px_per_mm), markers, cal
