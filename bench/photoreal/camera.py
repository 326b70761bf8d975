"""The camera step of a photoreal set: what a small camera module does to the light that
Blender rendered, and the truth moved with it.

Auto exposure (the 99th percentile of brightness to a fixed level), a partial white
balance (grey world, half way: a warm lamp stays a little warm), vignetting, mild barrel
distortion (the truth's image points are distorted the same way), a lens blur, sensor
noise that grows with brightness, and JPEG. Seeded per frame, so a set is reproducible.
"""

from __future__ import annotations

import json
import zlib
from pathlib import Path
from typing import Any

import cv2
import numpy as np


def _linear(image: np.ndarray) -> np.ndarray:
    return (image.astype(np.float32) / 255.0) ** 2.2


def _encoded(linear: np.ndarray) -> np.ndarray:
    return np.clip(np.clip(linear, 0, 1) ** (1 / 2.2) * 255 + 0.5, 0, 255).astype(np.uint8)


def expose(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Auto exposure and a half-way grey-world white balance, in linear light."""
    lin = _linear(image)
    means = lin.reshape(-1, 3).mean(axis=0) + 1e-6
    grey = means.mean()
    balance = (grey / means) ** rng.uniform(0.4, 0.6)
    lin *= balance[None, None, :]
    level = np.percentile(lin.mean(axis=2), 99)
    lin *= rng.uniform(0.7, 0.85) / max(level, 1e-4)
    return lin


def vignette(lin: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    h, w = lin.shape[:2]
    ys, xs = np.ogrid[0:h, 0:w]
    r2 = ((xs - w / 2) ** 2 + (ys - h / 2) ** 2) / ((w / 2) ** 2 + (h / 2) ** 2)
    return lin * (1 - rng.uniform(0.15, 0.35) * r2)[:, :, None].astype(np.float32)


def barrel_maps(size: tuple[int, int], k: float) -> tuple[np.ndarray, np.ndarray]:
    """Remap tables of a barrel distortion: output pixel d shows the scene at
    c + (d − c)(1 + k r_d²), r normalised to the half diagonal."""
    w, h = size
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    cx, cy, norm = w / 2, h / 2, (w / 2) ** 2 + (h / 2) ** 2
    grow = 1 + k * ((xs - cx) ** 2 + (ys - cy) ** 2) / norm
    return cx + (xs - cx) * grow, cy + (ys - cy) * grow


def distort_point(p: list[float], size: tuple[int, int], k: float) -> list[float]:
    """Where an undistorted image point lands in the distorted frame (fixed point)."""
    w, h = size
    c = np.array([w / 2, h / 2])
    u = np.array(p, np.float64) - c
    norm = (w / 2) ** 2 + (h / 2) ** 2
    d = u.copy()
    for _ in range(20):
        d = u / (1 + k * float(d @ d) / norm)
    return [round(float(v), 1) for v in d + c]


def develop(raw: np.ndarray, seed: str, distort: bool = True) -> tuple[bytes, float]:
    """The camera frame of one raw render (BGR, 8 bit) as JPEG bytes, and the distortion
    k it used."""
    rng = np.random.default_rng(zlib.crc32(seed.encode()))
    lin = vignette(expose(raw, rng), rng)
    h, w = lin.shape[:2]
    k = float(rng.uniform(0.02, 0.06)) if distort else 0.0
    if k:
        mx, my = barrel_maps((w, h), k)
        lin = cv2.remap(lin, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    lin = cv2.GaussianBlur(lin, (0, 0), float(rng.uniform(0.4, 0.8)))
    shot = rng.normal(0, 1, lin.shape).astype(np.float32) * np.sqrt(lin * 0.0004 + 0.00001)
    image = _encoded(lin + shot)
    ok, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(80, 93))])
    if not ok:
        raise OSError("JPEG encoding failed")
    return jpeg.tobytes(), k


def move_truth(truth: dict[str, Any], size: tuple[int, int], k: float) -> dict[str, Any]:
    """The truth's image points through the same distortion."""
    for key in ("tiles", "pawns", "cards"):
        for item in truth.get(key, []):
            item["center"] = distort_point(item["center"], size, k)
    if truth.get("papyrus_center"):
        truth["papyrus_center"] = distort_point(truth["papyrus_center"], size, k)
    return truth


def read_colour(path: Path) -> np.ndarray:
    """A rendered picture, in colour; an error naming it when it cannot be read."""
    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if image is None:
        raise OSError(f"cannot read the render {path}")
    return image


def develop_set(out: Path) -> int:
    """Every raw render of ``out`` into frames/ (JPEG + truth) and enrol/ (JPEG); the count
    of frames."""
    count = 0
    for raw_path in sorted((out / "raw").glob("*.png")):
        truth = json.loads(raw_path.with_suffix(".json").read_text())
        raw = read_colour(raw_path)
        jpeg, k = develop(raw, raw_path.stem)
        frames = out / "frames"
        frames.mkdir(parents=True, exist_ok=True)
        (frames / f"{raw_path.stem}.jpg").write_bytes(jpeg)
        truth["conditions"]["distortion_k"] = round(k, 3)
        truth = move_truth(truth, (raw.shape[1], raw.shape[0]), k)
        (frames / f"{raw_path.stem}.json").write_text(json.dumps(truth, indent=1))
        count += 1
    for raw_path in sorted((out / "raw-enrol").glob("*/*.png")):
        family = raw_path.parent.name
        raw = read_colour(raw_path)
        jpeg, _ = develop(raw, f"enrol/{family}/{raw_path.stem}", distort=False)
        folder = out / "enrol" / family
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{raw_path.stem}.jpg").write_bytes(jpeg)
    return count
