"""Seeded table scenes with ground truth: the stand-in for a real camera and a real box.

A ``TableScene`` fixes everything that stays put during a game — the table, where the
markers and the winding path lie, the camera's pose, the light — and ``render`` draws a
frame of it with some tiles gone, pawns standing on the path, maybe a hand over the
table. Tests, the demo and the benchmark all read these frames; the truth says what a
perfect reader would report.

The table plane is drawn at a few pixels per millimetre (lighting, colour temperature
and shadows happen there, as they do on a table), then projected through a pinhole
camera tilted up to 30°; blur, sensor noise and JPEG happen in the image.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from vision.markers import MARKER_MM, QUIET_MM, marker_image
from vision.synth.art import PAWNS, ArtStyle, tile_face

TILE_MM = 35.0
PAWN_MM = 16.0

LEVELS: dict[str, dict[str, tuple[float, float]]] = {
    # tilt°, table yaw°, colour temperature K, light gradient, blur σ px, noise σ, JPEG quality,
    # gap between tiles mm, tile rotation°, pawns on the path, shadow chance
    "easy": {
        "tilt": (0, 10),
        "yaw": (-5, 5),
        "kelvin": (4800, 6000),
        "gradient": (0.0, 0.1),
        "blur": (0.0, 0.5),
        "noise": (1, 3),
        "jpeg": (88, 95),
        "gap": (0.5, 2.0),
        "twist": (-2, 2),
        "pawns": (0, 1),
        "shadow": (0, 0),
    },
    "medium": {
        "tilt": (5, 20),
        "yaw": (-15, 15),
        "kelvin": (3500, 6500),
        "gradient": (0.1, 0.25),
        "blur": (0.3, 1.0),
        "noise": (2, 5),
        "jpeg": (75, 92),
        "gap": (0.0, 3.0),
        "twist": (-5, 5),
        "pawns": (0, 3),
        "shadow": (0, 0.5),
    },
    "hard": {
        "tilt": (15, 30),
        "yaw": (-30, 30),
        "kelvin": (3000, 6500),
        "gradient": (0.2, 0.4),
        "blur": (0.6, 1.4),
        "noise": (4, 8),
        "jpeg": (60, 82),
        "gap": (0.0, 4.0),
        "twist": (-8, 8),
        "pawns": (2, 5),
        "shadow": (0, 1),
    },
}

TABLES: tuple[tuple[int, int, int], ...] = ((95, 140, 180), (55, 80, 110), (150, 150, 148), (40, 80, 38))
SKIN = (120, 155, 210)


def kelvin_gains(kelvin: float) -> np.ndarray:
    """BGR multipliers for light of this colour temperature, relative to daylight."""

    def rgb(k: float) -> tuple[float, float, float]:
        t = k / 100.0
        r = 255.0 if t <= 66 else 329.7 * (t - 60) ** -0.1332
        g = 99.47 * math.log(t) - 161.1 if t <= 66 else 288.1 * (t - 60) ** -0.0755
        b = 255.0 if t >= 66 else (0.0 if t <= 19 else 138.5 * math.log(t - 10) - 305.0)
        return r, g, b

    r, g, b = rgb(kelvin)
    r0, g0, b0 = rgb(6000)
    gains = np.array([b / b0, g / g0, r / r0], np.float32)
    return gains / gains.max()


@dataclass
class Slot:
    x: float  # mm in the table plane (origin: marker 0's centre)
    y: float
    angle: float  # degrees
    quarter: int  # the face turned by quarter turns


@dataclass
class Layout:
    width: float  # mm between the corner markers' centres
    height: float
    slots: list[Slot]
    start: tuple[float, float]
    end: tuple[float, float]


def winding_path(
    n: int,
    rng: np.random.Generator,
    gaps: tuple[float, float],
    twist: tuple[float, float],
    tile_mm: float = TILE_MM,
    row_gap: int = 1,
) -> Layout:
    """A single-file path of n tiles ``tile_mm`` wide in winding rows, ``row_gap`` empty
    rows between runs (0: the rows touch), with room for the markers."""
    cols = int(rng.integers(12, 17))
    cells: list[tuple[int, int]] = []
    col, row, step = 0, 0, 1
    while len(cells) < n:
        length = int(rng.integers(max(4, cols - 6), cols + 1))
        for _ in range(length):
            if len(cells) == n or not 0 <= col < cols:
                break
            cells.append((col, row))
            col += step
        col -= step
        if len(cells) < n:
            for _ in range(row_gap + 1):  # the bend: down past the empty rows between runs
                row += 1
                if len(cells) < n:
                    cells.append((col, row))
            step = -step
            col += step
    pitch = tile_mm + (gaps[0] + gaps[1]) / 2
    margin_x, margin_y = 80.0, 65.0
    slots = []
    for c, r in cells:
        jitter = rng.uniform(gaps[0], gaps[1], 2) - (gaps[0] + gaps[1]) / 2
        slots.append(
            Slot(
                margin_x + c * pitch + jitter[0] / 2,
                margin_y + r * pitch + jitter[1] / 2,
                float(rng.uniform(*twist)),
                int(rng.integers(0, 4)),
            )
        )
    width = 2 * margin_x + (cols - 1) * pitch
    height = 2 * margin_y + max(r for _, r in cells) * pitch
    return _with_markers(width, height, slots, tile_mm)


def _with_markers(width: float, height: float, slots: list[Slot], tile_mm: float) -> Layout:
    """The layout with markers 10 and 11 a little beyond the path's two ends."""
    offset = tile_mm / 2 + 4 + MARKER_MM / 2 + QUIET_MM

    def beyond(a: Slot, b: Slot) -> tuple[float, float]:
        dx, dy = a.x - b.x, a.y - b.y
        norm = math.hypot(dx, dy) or 1.0
        return a.x + dx / norm * offset, a.y + dy / norm * offset

    n = len(slots)
    start = beyond(slots[0], slots[1]) if n > 1 else (slots[0].x - offset, slots[0].y)
    end = beyond(slots[-1], slots[-2]) if n > 1 else (slots[0].x + offset, slots[0].y)
    return Layout(width, height, slots, start, end)


def spiral_path(
    n: int,
    rng: np.random.Generator,
    gaps: tuple[float, float],
    twist: tuple[float, float],
    tile_mm: float = TILE_MM,
    outer_mm: float = 260.0,
) -> Layout:
    """A single-file path of n tiles laid along a spiral winding inwards from ``outer_mm``
    (its radius) with a tile's width of table between turns, each tile turned along the
    curve — as a family lays the path in a circle round the table's middle. Neighbours
    touch on the curve's inside, so the pitch grows there as the curve tightens."""
    gap = (gaps[0] + gaps[1]) / 2
    turn_mm = 2 * (tile_mm + gap)  # the radius lost per turn: one empty ring between turns
    cells: list[tuple[float, float, float]] = []
    theta, radius = float(rng.uniform(0, 2 * math.pi)), outer_mm
    for _ in range(n):
        if radius < 1.5 * tile_mm:
            raise ValueError(f"{n} tiles do not fit a spiral of radius {outer_mm} mm")
        cells.append((radius * math.cos(theta), radius * math.sin(theta), theta))
        step = tile_mm + gap + tile_mm * tile_mm / (2 * radius)  # clear on the inside of the curve
        theta += step / radius
        radius = outer_mm - turn_mm * (theta - cells[0][2]) / (2 * math.pi)
    margin = 80.0
    xs, ys = [c[0] for c in cells], [c[1] for c in cells]
    x0, y0 = min(xs) - margin, min(ys) - margin
    slots = [
        Slot(x - x0, y - y0, math.degrees(t) + 90 + float(rng.uniform(*twist)), int(rng.integers(0, 4)))
        for x, y, t in cells
    ]
    layout = _with_markers(max(xs) - x0 + margin, max(ys) - y0 + margin, slots, tile_mm)
    # the pyramid in the spiral's middle, beyond the last tile towards it
    last, middle = slots[-1], (-x0, -y0)
    dx, dy = middle[0] - last.x, middle[1] - last.y
    reach = (tile_mm / 2 + 4 + MARKER_MM / 2 + QUIET_MM) / (math.hypot(dx, dy) or 1.0)
    layout.end = (last.x + dx * reach, last.y + dy * reach)
    return layout


@dataclass
class Scene:
    """One rendered frame and what a perfect reader would report."""

    image: np.ndarray
    truth: dict[str, Any]


def _uniform(rng: np.random.Generator, span: tuple[float, float]) -> float:
    return float(rng.uniform(span[0], span[1])) if span[1] > span[0] else float(span[0])


class Stage:
    """What every synthetic scene shares: the table top, the camera, the light and the lens.

    A subclass fixes its own layout (``width`` × ``height`` mm between the corner markers'
    centres), then calls ``_stage`` with the same random generator: it draws the level's
    parameters, the table's colour, the light and the camera's pose. Things are drawn on
    the table plane (``_paste``, ``_marker``, ``_disc``, ``_hand``), lit (``_light``) and
    photographed (``_photograph``: perspective, blur, sensor noise, JPEG).
    """

    seed: int
    level: str
    size: tuple[int, int]

    def _check_level(self) -> None:
        if self.level not in LEVELS:
            raise ValueError(f"unknown level {self.level!r}: one of {', '.join(LEVELS)}")

    def _stage(self, rng: np.random.Generator, width: float, height: float) -> None:
        """The level's parameters, table, light and camera for a play area of ``width`` ×
        ``height`` mm."""
        self.width_mm, self.height_mm = width, height
        self.params = {k: _uniform(rng, v) for k, v in LEVELS[self.level].items()}
        self.table_colour = np.array(TABLES[int(rng.integers(0, len(TABLES)))], np.float32)
        self.light_dir = float(rng.uniform(0, 2 * math.pi))
        self.shadow = bool(rng.random() < self.params["shadow"])
        self.shadow_seed = int(rng.integers(0, 2**31))
        self.margin = 45.0
        self._camera(rng)

    # --------------------------------------------------------------- geometry

    def _camera(self, rng: np.random.Generator) -> None:
        width, height, m = self.width_mm, self.height_mm, self.margin
        tilt, yaw = math.radians(self.params["tilt"]), math.radians(self.params["yaw"])
        if rng.random() < 0.5:
            tilt = -tilt
        rx = np.array([[1, 0, 0], [0, math.cos(tilt), -math.sin(tilt)], [0, math.sin(tilt), math.cos(tilt)]])
        rz = np.array([[math.cos(yaw), -math.sin(yaw), 0], [math.sin(yaw), math.cos(yaw), 0], [0, 0, 1]])
        rot = rx @ rz
        distance = 1.6 * max(width, height)
        centre = np.array([[1, 0, -width / 2], [0, 1, -height / 2], [0, 0, 1]])
        project = np.column_stack([rot[:, 0], rot[:, 1], [0, 0, distance]]) @ centre
        corners = np.array([[-m, -m], [width + m, -m], [width + m, height + m], [-m, height + m]], np.float64)
        pts = cv2.perspectiveTransform(corners[None], project)[0]
        w, h = self.size
        fill = float(rng.uniform(0.86, 0.95))
        span = pts.max(0) - pts.min(0)
        scale = fill * min(w / span[0], h / span[1])
        mid = (pts.max(0) + pts.min(0)) / 2
        shift = np.array([w / 2, h / 2]) + rng.uniform(-0.03, 0.03, 2) * np.array([w, h])
        fit = np.array(
            [[scale, 0, shift[0] - scale * mid[0]], [0, scale, shift[1] - scale * mid[1]], [0, 0, 1]]
        )
        self.plane_to_image = fit @ project
        img_pts = cv2.perspectiveTransform(corners[None], self.plane_to_image)[0]
        px_per_mm = max(float(np.linalg.norm(img_pts[1] - img_pts[0])) / (width + 2 * m), 0.5)
        self.q = float(np.clip(1.7 * px_per_mm * 1.25, 1.5, 5.0))  # the plane's px/mm

    def to_image(self, points_mm: np.ndarray) -> np.ndarray:
        pts = np.asarray(points_mm, np.float64).reshape(1, -1, 2)
        return cv2.perspectiveTransform(pts, self.plane_to_image)[0]

    # --------------------------------------------------------------- drawing

    def _table(self) -> np.ndarray:
        m, q = self.margin, self.q
        h, w = int((self.height_mm + 2 * m) * q), int((self.width_mm + 2 * m) * q)
        rng = np.random.default_rng(self.seed + 1)
        grain: np.ndarray = np.cumsum(rng.normal(0, 1, h)).astype(np.float32)
        grain = cv2.GaussianBlur(grain[:, None], (1, 0), sigmaX=1, sigmaY=3 * q).ravel()
        grain = (grain - grain.mean()) / (grain.std() + 1e-6)
        stripes = 1 + 0.05 * np.sin(np.arange(h, dtype=np.float32) / (2.5 * q) + grain)[:, None]
        blotch = cv2.resize(
            rng.normal(0, 1, (8, 12)).astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC
        )
        shade = stripes * (1 + 0.04 * blotch)
        return np.clip(self.table_colour[None, None, :] * shade[:, :, None], 0, 255).astype(np.uint8)

    def _paste(
        self,
        plane: np.ndarray,
        art: np.ndarray,
        cx: float,
        cy: float,
        size: float | tuple[float, float],
        angle: float,
    ) -> None:
        """Lay ``art`` on the plane centred at (cx, cy) mm, ``size`` mm square (or
        (width, height) mm), turned by ``angle`` degrees."""
        q, m = self.q, self.margin
        sw, sh = (size, size) if isinstance(size, int | float) else size
        pw, ph = max(8, round(sw * q)), max(8, round(sh * q))
        art = cv2.resize(art, (pw, ph), interpolation=cv2.INTER_AREA)
        c = ((cx + m) * q, (cy + m) * q)
        rot = cv2.getRotationMatrix2D((pw / 2, ph / 2), -angle, 1.0)
        half = int(max(pw, ph) * 0.75) + 2
        x0, y0 = int(c[0]) - half, int(c[1]) - half
        rot[0, 2] += c[0] - pw / 2 - x0
        rot[1, 2] += c[1] - ph / 2 - y0
        roi_w = roi_h = 2 * half
        x1, y1 = max(x0, 0), max(y0, 0)
        x2, y2 = min(x0 + roi_w, plane.shape[1]), min(y0 + roi_h, plane.shape[0])
        if x2 <= x1 or y2 <= y1:
            return
        warped = cv2.warpAffine(art, rot, (roi_w, roi_h), flags=cv2.INTER_LINEAR)
        alpha = cv2.warpAffine(np.full((ph, pw), 255, np.uint8), rot, (roi_w, roi_h), flags=cv2.INTER_LINEAR)
        sub = (slice(y1 - y0, y2 - y0), slice(x1 - x0, x2 - x0))
        a = alpha[sub].astype(np.float32)[:, :, None] / 255.0
        region = plane[y1:y2, x1:x2]
        region[:] = (warped[sub] * a + region * (1 - a)).astype(np.uint8)

    def _marker(self, plane: np.ndarray, marker_id: int, cx: float, cy: float) -> None:
        self._paste(plane, marker_image(marker_id, 240), cx, cy, MARKER_MM + 2 * QUIET_MM, 0.0)

    def _disc(
        self, plane: np.ndarray, cx: float, cy: float, diameter: float, colour: Any, soft: bool
    ) -> None:
        q, m = self.q, self.margin
        centre = (int((cx + m) * q), int((cy + m) * q))
        radius = max(2, int(diameter * q / 2))
        if soft:  # a shadow: darken, blurred
            layer: np.ndarray = np.zeros(plane.shape[:2], np.float32)
            cv2.circle(layer, centre, radius, 1.0, -1)
            layer = cv2.GaussianBlur(layer, (0, 0), 2 * q)[:, :, None]
            plane[:] = (plane * (1 - 0.45 * layer)).astype(np.uint8)
        else:
            cv2.circle(plane, centre, radius, tuple(int(v * 0.65) for v in colour), -1, cv2.LINE_AA)
            cv2.circle(plane, centre, int(radius * 0.82), colour, -1, cv2.LINE_AA)
            cv2.circle(
                plane,
                (centre[0] - radius // 3, centre[1] - radius // 3),
                radius // 4,
                tuple(min(255, int(v * 1.2) + 30) for v in colour),
                -1,
                cv2.LINE_AA,
            )

    def _hand(
        self,
        plane: np.ndarray,
        rng: np.random.Generator,
        x: float,
        y: float,
        sleeve: tuple[int, int, int] | None = None,
        skin: tuple[int, int, int] = SKIN,
    ) -> None:
        """A hand over (x, y) mm, its arm reaching in from the nearer of the top and bottom
        edges; with ``sleeve`` (BGR) the arm is clothed up to near the wrist."""
        q, m = self.q, self.margin
        cx, cy = (x + m) * q, (y + m) * q
        edge_y = plane.shape[0] if y > self.height_mm / 2 else 0
        layer = np.zeros(plane.shape[:2], np.uint8)
        cv2.ellipse(
            layer, (int(cx), int(cy)), (int(55 * q), int(45 * q)), float(rng.uniform(0, 180)), 0, 360, 255, -1
        )
        reach = (int(cx + rng.uniform(-80, 80) * q), edge_y)
        cv2.line(layer, (int(cx), int(cy)), reach, 255, int(70 * q))
        a = cv2.GaussianBlur(layer, (0, 0), q).astype(np.float32)[:, :, None] / 255.0
        tone = np.array(skin, np.float32)
        plane[:] = (tone * a * rng.uniform(0.85, 1.05) + plane * (1 - a)).astype(np.uint8)
        if sleeve is not None:  # cloth from the edge to a hand's length before the hand
            cloth = np.zeros(plane.shape[:2], np.uint8)
            wrist = np.array([cx, cy]) + (np.array(reach, np.float64) - [cx, cy]) * 0.45
            cv2.line(cloth, (int(wrist[0]), int(wrist[1])), reach, 255, int(80 * q))
            b = cv2.GaussianBlur(cloth, (0, 0), q).astype(np.float32)[:, :, None] / 255.0
            plane[:] = (np.array(sleeve, np.float32) * b + plane * (1 - b)).astype(np.uint8)

    def _light(self, plane: np.ndarray, glare: tuple[float, float, float] | None = None) -> np.ndarray:
        """The plane under the scene's light; ``glare`` (x, y, radius mm) adds a lamp's
        mirrored spot on a glossy table and tiles, white and burnt out at its middle."""
        h, w = plane.shape[:2]
        xs = np.arange(w, dtype=np.float32)[None, :]  # broadcast, not a full grid: a plane is large
        ys = np.arange(h, dtype=np.float32)[:, None]
        d = (np.cos(self.light_dir) * (xs / w - 0.5) + np.sin(self.light_dir) * (ys / h - 0.5)) * 2
        field_ = 1.0 + self.params["gradient"] * d
        if self.shadow:
            rng = np.random.default_rng(self.shadow_seed)
            layer: np.ndarray = np.zeros((h, w), np.float32)
            pts = rng.uniform([0, 0], [w, h], (5, 2)).astype(np.int32)
            cv2.fillPoly(layer, [cv2.convexHull(pts)], 1.0)
            layer = cv2.GaussianBlur(layer, (0, 0), 12 * self.q)
            field_ *= 1 - 0.35 * layer
        gains = kelvin_gains(self.params["kelvin"]) * 1.05
        spot: np.ndarray | None = None
        if glare is not None:
            gx, gy, radius = (
                (glare[0] + self.margin) * self.q,
                (glare[1] + self.margin) * self.q,
                glare[2] * self.q,
            )
            r2 = (xs - gx) ** 2 + (ys - gy) ** 2
            spot = 320.0 * np.exp(-r2 / (2 * (radius / 2) ** 2))  # burnt out within about a radius
        lit = np.empty_like(plane)
        for top in range(0, h, 256):  # in bands: the plane as floats would be large
            band = plane[top : top + 256].astype(np.float32)
            band *= field_[top : top + 256, :, None]
            band *= gains[None, None, :]
            if spot is not None:
                band += spot[top : top + 256, :, None]
            lit[top : top + 256] = np.clip(band, 0, 255, out=band)
        return lit

    def _photograph(
        self, plane: np.ndarray, rng: np.random.Generator, glare: tuple[float, float, float] | None = None
    ) -> np.ndarray:
        """The lit plane as the camera sees it: perspective, lens blur, sensor noise, JPEG."""
        lit = self._light(plane, glare)
        m, q = self.margin, self.q
        to_plane_px = np.array([[q, 0, m * q], [0, q, m * q], [0, 0, 1]])
        warp = self.plane_to_image @ np.linalg.inv(to_plane_px)
        w, h = self.size
        image: np.ndarray = cv2.warpPerspective(
            lit, warp, (w, h), flags=cv2.INTER_LINEAR, borderValue=(38, 42, 46)
        )
        blur = self.params["blur"]
        if blur > 0.05:
            image = cv2.GaussianBlur(image, (0, 0), blur)
        noisy = image.astype(np.float32) + rng.normal(0, self.params["noise"], image.shape).astype(np.float32)
        image = np.clip(noisy, 0, 255).astype(np.uint8)
        ok, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, int(self.params["jpeg"])])
        decoded = cv2.imdecode(jpeg, cv2.IMREAD_COLOR) if ok else None
        return image if decoded is None else decoded


@dataclass
class TableScene(Stage):
    """A table with a laid path, seen by one fixed camera under one light."""

    labels: list[str]
    seed: int = 0
    level: str = "medium"
    size: tuple[int, int] = (1280, 720)
    style: ArtStyle = field(default_factory=ArtStyle)
    tile_mm: float = TILE_MM  # a tile's side
    row_gap: int = 1  # empty rows between the runs of winding rows (0: the rows touch)
    shape: str = "rows"  # "rows" (winding) or "spiral" (curved, tiles turned along it)
    radius_mm: float = 260.0  # a spiral's outer radius: the larger, the gentler its curve

    def __post_init__(self) -> None:
        self._check_level()
        rng = np.random.default_rng(self.seed)
        p = LEVELS[self.level]
        gaps, twist = p["gap"], p["twist"]
        if self.shape == "spiral":
            self.layout = spiral_path(len(self.labels), rng, gaps, twist, self.tile_mm, self.radius_mm)
        elif self.shape == "rows":
            self.layout = winding_path(len(self.labels), rng, gaps, twist, self.tile_mm, self.row_gap)
        else:
            raise ValueError(f"unknown path shape {self.shape!r}: rows or spiral")
        self._stage(rng, self.layout.width, self.layout.height)
        self.pawn_count = round(self.params["pawns"])
        self._faces = {label: tile_face(label, self.style) for label in set(self.labels)}
        self._plane_cache: dict[tuple[Any, ...], np.ndarray] = {}

    def plane(self, present: tuple[bool, ...]) -> np.ndarray:
        """The table with markers and the tiles still present (no pawns, light or hands)."""
        key = present
        if key in self._plane_cache:
            return self._plane_cache[key].copy()
        lay = self.layout
        plane = self._table()
        w, h = lay.width, lay.height
        for marker_id, (x, y) in {
            0: (0, 0),
            1: (w, 0),
            2: (w, h),
            3: (0, h),
            10: lay.start,
            11: lay.end,
        }.items():
            self._marker(plane, marker_id, x, y)
        for label, slot, here in zip(self.labels, lay.slots, present, strict=True):
            if here:
                face = np.rot90(self._faces[label], slot.quarter).copy()
                self._paste(plane, face, slot.x, slot.y, self.tile_mm, slot.angle)
        self._plane_cache = {key: plane}
        return plane.copy()

    def render(
        self,
        present: list[bool] | None = None,
        pawns: dict[str, int] | None = None,
        hand: bool = False,
        frame_seed: int = 0,
        skin: tuple[int, int, int] = SKIN,
        sleeve: tuple[int, int, int] | None = None,
        glare: tuple[float, float, float] | None = None,
    ) -> Scene:
        """A frame: ``present`` says which path tiles are still there (default all),
        ``pawns`` which pawn stands on which path index (default: the scene's own
        random pawns on the path); a ``hand`` of the ``skin`` tone (BGR), perhaps in a
        ``sleeve``; a lamp's ``glare`` (x, y, radius in the table's mm)."""
        lay = self.layout
        rng = np.random.default_rng([self.seed, frame_seed])
        here = tuple(present) if present is not None else (True,) * len(lay.slots)
        plane = self.plane(here)
        if pawns is None:
            names = list(PAWNS)
            spots = rng.choice(len(lay.slots), size=min(self.pawn_count, len(lay.slots)), replace=False)
            pawns = {names[i % len(names)]: int(s) for i, s in enumerate(spots)}
        pawn_truth = []
        for label, index in pawns.items():
            slot = lay.slots[index]
            px, py = slot.x + rng.uniform(-5, 5), slot.y + rng.uniform(-5, 5)
            self._disc(plane, px + 3, py + 3, PAWN_MM * 1.05, None, soft=True)
            self._disc(plane, px, py, PAWN_MM, PAWNS[label], soft=False)
            pawn_truth.append({"label": label, "index": index, "center_mm": [px, py]})
        if hand:
            slot = lay.slots[int(rng.integers(0, len(lay.slots)))]
            self._hand(plane, rng, slot.x, slot.y, sleeve, skin)
        image = self._photograph(plane, rng, glare)
        centres = self.to_image(np.array([[s.x, s.y] for s in lay.slots]))
        tiles = [
            {"index": i, "label": label, "center": [round(float(x), 1), round(float(y), 1)]}
            for i, (label, (x, y), ok_) in enumerate(zip(self.labels, centres, here, strict=True))
            if ok_
        ]
        for pawn in pawn_truth:
            x, y = self.to_image(np.array([pawn.pop("center_mm")]))[0]
            pawn["center"] = [round(float(x), 1), round(float(y), 1)]
        truth = {"tiles": tiles, "pawns": pawn_truth, "hand": hand, "level": self.level, "seed": self.seed}
        return Scene(image, truth)


PHOTO_PX = 200  # an enrolment photo's side


def _photo_corners(rng: np.random.Generator, shape: tuple[int, ...]) -> np.ndarray:
    """Where the face's corners land in its photo (clockwise from its top left)."""
    side = rng.uniform(0.62, 0.78) * PHOTO_PX
    c = PHOTO_PX / 2 + rng.uniform(-10, 10, 2)
    a = math.radians(rng.uniform(-6, 6))
    fh, fw = shape[:2]
    aspect = np.array([fw, fh], np.float64) / max(fw, fh)
    corners = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], np.float64) * aspect * side / 2
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    result: np.ndarray = (corners @ rot.T + c + rng.uniform(-4, 4, (4, 2))).astype(np.float32)
    return result


def face_photo_corners(seed: int, shape: tuple[int, ...]) -> np.ndarray:
    """The true corners of the face in ``face_photo(…, seed, …)`` of a face of ``shape``:
    what enrolment's outline should find."""
    rng = np.random.default_rng(seed)
    rng.integers(0, len(TABLES))  # the table's colour, drawn first
    return _photo_corners(rng, shape)


def face_photo(
    label: str, seed: int, style: ArtStyle | None = None, art: np.ndarray | None = None
) -> np.ndarray:
    """A roughly cropped photo of one face, as a user would take for enrolment: a little
    background around it, a slight angle and perspective, mild light and noise. ``art``
    may be any shape (a card is taller than wide); its longer side gets the photo's share."""
    rng = np.random.default_rng(seed)
    face = art if art is not None else tile_face(label, style)
    size = PHOTO_PX
    ground = np.array(TABLES[int(rng.integers(0, len(TABLES)))], np.float32)
    canvas = np.empty((size, size, 3), np.float32)
    canvas[:] = ground
    dst = _photo_corners(rng, face.shape)
    fh, fw = face.shape[:2]
    src = np.array([[0, 0], [fw, 0], [fw, fh], [0, fh]], np.float32)
    warp = cv2.getPerspectiveTransform(src, dst)
    warped = cv2.warpPerspective(face, warp, (size, size), flags=cv2.INTER_LINEAR).astype(np.float32)
    alpha = cv2.warpPerspective(np.ones((fh, fw), np.float32), warp, (size, size))[:, :, None]
    photo = warped * alpha + canvas * (1 - alpha)
    photo *= kelvin_gains(rng.uniform(5200, 6500))[None, None, :] * rng.uniform(0.9, 1.1)
    photo += rng.normal(0, 2, photo.shape)
    photo = cv2.GaussianBlur(np.clip(photo, 0, 255).astype(np.uint8), (0, 0), 0.6)
    return photo


def write_enrolment_set(
    folder: Any,
    labels: list[str],
    style: ArtStyle | None = None,
    seed: int = 0,
    draw: Callable[[str, ArtStyle | None], np.ndarray] | None = None,
) -> list[str]:
    """``<label>.png`` photos of every face, as ``scarab vision enroll --from`` reads them;
    ``draw(label, style)`` gives a face's art (default: the Tutankhamen tiles and pawns)."""
    from pathlib import Path

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    names = []
    for i, label in enumerate(labels):
        if draw is not None:
            image = face_photo(label, seed * 1000 + i, art=draw(label, style))
        elif label in PAWNS:
            from vision.synth.art import pawn_face

            image = face_photo(label, seed * 1000 + i, art=pawn_face(label))
        else:
            image = face_photo(label, seed * 1000 + i, style)
        cv2.imwrite(str(out / f"{label}.png"), image)
        names.append(f"{label}.png")
    return names
