"""Comparing faces: a crop of a tile or card against the enrolled catalogue.

A face becomes a small colour patch (its inner part, blurred a little), normalised for
brightness and contrast over all three channels together — so a darker or lighter crop
still matches, while the colour that tells a green set from a blue one is kept. The
score is the normalised cross-correlation with each enrolled face in its four quarter
turns; the best label wins only by a clear margin over the runner-up.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

PATCH = 24  # the compared patch, pixels square
INNER = 0.8  # the share of the face's side that is compared (edges touch neighbours)
FINE = 44  # the second look at close calls: sharper, and out to the corner numbers
FINE_INNER = 0.88


def smoothed(patch: np.ndarray) -> np.ndarray:
    return cv2.GaussianBlur(patch, (0, 0), 0.8).astype(np.float32).ravel()


def normalised(v: np.ndarray) -> np.ndarray:
    """Zero mean, unit length (along the last axis)."""
    v = v - v.mean(axis=-1, keepdims=True)
    norm = np.linalg.norm(v, axis=-1, keepdims=True)
    return v / np.maximum(norm, 1e-6)


def patch_vector(patch: np.ndarray) -> np.ndarray:
    """A PATCH×PATCH×3 crop as a zero-mean, unit-length vector."""
    v = smoothed(patch)
    v -= v.mean()
    norm = float(np.linalg.norm(v))
    return v / norm if norm > 1e-6 else v


def face_patch(face: np.ndarray, size: int = PATCH, inner: float = INNER) -> np.ndarray:
    """A square face image (any size) → its inner ``size``-pixel patch."""
    side = face.shape[0]
    cut = round(side * (1 - inner) / 2)
    part = face[cut : side - cut, cut : side - cut]
    return cv2.resize(part, (size, size), interpolation=cv2.INTER_AREA)


def crop_patch(
    image: np.ndarray,
    centre: np.ndarray,
    side_px: float,
    angle_deg: float,
    size: int = PATCH,
    inner: float = INNER,
) -> np.ndarray:
    """The inner patch of a face of ``side_px`` centred at ``centre``, turned by ``angle``."""
    half = size / 2
    scale = side_px * inner / size
    a = np.deg2rad(angle_deg)
    cos, sin = np.cos(a) * scale, np.sin(a) * scale
    # dst (u, v) → src: centre + R·(u - half, v - half)·scale
    m = np.array(
        [
            [cos, -sin, centre[0] - cos * (half - 0.5) + sin * (half - 0.5)],
            [sin, cos, centre[1] - sin * (half - 0.5) - cos * (half - 0.5)],
        ],
        np.float32,
    )
    return cv2.warpAffine(
        image, m, (size, size), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_REPLICATE
    )


@dataclass
class Match:
    label: str
    score: float  # NCC of the best enrolled face, -1..1
    runner_up: float  # the best score of any other label
    confidence: float  # 0..1
    which: int  # the index of the winning crop among those compared
    ranked: tuple[str, ...] = ()  # the leading labels, best first


class FaceIndex:
    """Every enrolled face in its four quarter turns, as one matrix."""

    def __init__(self, faces: list[tuple[str, np.ndarray]]) -> None:
        rows, fine, labels = [], [], []
        for label, image in faces:
            patch = face_patch(image)
            sharp = face_patch(image, FINE, FINE_INNER)
            for turn in range(4):
                rows.append(smoothed(np.rot90(patch, turn).copy()))
                fine.append(smoothed(np.rot90(sharp, turn).copy()))
                labels.append(label)
        self.labels = labels
        self.fine = np.array(fine, np.float32) if fine else np.zeros((0, FINE * FINE * 3), np.float32)
        self.raw = np.array(rows, np.float32) if rows else np.zeros((0, PATCH * PATCH * 3), np.float32)
        self.names = sorted(set(labels))
        self.matrix = normalised(self.raw)
        order = {name: i for i, name in enumerate(self.names)}
        self.column_label = np.array([order[label] for label in labels], np.int64)

    def likeness(self, patch: np.ndarray) -> float:
        """How much one crop looks like any enrolled face at all (the best NCC)."""
        return float((normalised(smoothed(patch)[None]) @ self.matrix.T).max(initial=-1.0))

    def match(
        self, patches: list[np.ndarray], min_score: float, min_margin: float, hidden: np.ndarray | None = None
    ) -> Match:
        """The best label over several crops of one face (small shifts of it); ``hidden``
        (PATCH×PATCH bool) marks pixels covered by something else, a pawn, left out."""
        raw = np.array([smoothed(p) for p in patches], np.float32)
        if hidden is not None and hidden.any() and not hidden.all():
            keep = np.repeat(~hidden.ravel(), 3)
            scores = normalised(raw[:, keep]) @ normalised(self.raw[:, keep]).T
        else:
            scores = normalised(raw) @ self.matrix.T  # crops × faces
        per_label = np.full((len(patches), len(self.names)), -1.0, np.float32)
        np.maximum.at(per_label, (slice(None), self.column_label), scores)
        best_per_label = per_label.max(axis=0)
        order = np.argsort(best_per_label)[::-1]
        best, second = (
            float(best_per_label[order[0]]),
            float(best_per_label[order[1]]) if len(order) > 1 else -1.0,
        )
        which = int(per_label[:, order[0]].argmax())
        margin_part = np.clip((best - second) / (2 * min_margin), 0, 1)
        score_part = np.clip((best - min_score) / (1 - min_score) * 2, 0, 1) if best > min_score else 0.0
        confidence = float(margin_part * score_part)
        ranked = tuple(self.names[i] for i in order[:6])
        return Match(self.names[order[0]], best, second, round(confidence, 3), which, ranked)

    def rerank(
        self,
        crops: list[np.ndarray],
        among: tuple[str, ...],
        min_score: float,
        min_margin: float,
        hidden: np.ndarray | None = None,
    ) -> Match:
        """A close call looked at again: sharper FINE crops against only the leading
        labels, so the corner numbers and the glyph's detail decide (a pawn over the
        middle of a tile leaves little else)."""
        rows = [i for i, label in enumerate(self.labels) if label in among]
        raw = np.array([smoothed(c) for c in crops], np.float32)
        enrolled = self.fine[rows]
        if hidden is not None and hidden.any() and not hidden.all():
            keep = np.repeat(
                ~cv2.resize(hidden.astype(np.uint8), (FINE, FINE), interpolation=cv2.INTER_NEAREST)
                .astype(bool)
                .ravel(),
                3,
            )
            raw, enrolled = raw[:, keep], enrolled[:, keep]
        scores = normalised(raw) @ normalised(enrolled).T
        names = list(among)
        per_label = np.full((len(crops), len(names)), -1.0, np.float32)
        cols = np.array([names.index(self.labels[i]) for i in rows], np.int64)
        np.maximum.at(per_label, (slice(None), cols), scores)
        best_per_label = per_label.max(axis=0)
        order = np.argsort(best_per_label)[::-1]
        best = float(best_per_label[order[0]])
        second = float(best_per_label[order[1]]) if len(order) > 1 else -1.0
        which = int(per_label[:, order[0]].argmax())
        margin_part = np.clip((best - second) / (2 * min_margin), 0, 1)
        score_part = np.clip((best - min_score) / (1 - min_score) * 2, 0, 1) if best > min_score else 0.0
        ranked = tuple(names[i] for i in order)
        return Match(names[order[0]], best, second, round(float(margin_part * score_part), 3), which, ranked)
