"""A papyrus read by its colours: which colour lies in each of its four rank places.

The whole-face look compares a papyrus with every enrolled papyrus at once, and the 18 of
a box share their layout: four bars, squares or dots, a threshold numeral. What tells
them apart is which colour sits in which place, a small part of the face, so a lamp's
tint or an enrolment photo's own light can carry the whole look to a papyrus with two
colours swapped (photoreal sets looked at: 14 of 160 papyri read wrong, 12 of them
enrolled). This look learns from the enrolled papyri *where* each rank place lies on
this box's faces (the pixels whose colour follows that place's colour from papyrus to
papyrus, whatever the layout), and *what* each colour looks like there; it then reads
a papyrus's four places jointly, as the one order of the four colours that fits best.
Each face is balanced against its own ground first (its commonest colour, the paper),
so the lamp's light and each photo's own cancel.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import cv2
import numpy as np

from vision.faces import commonest_colour

SIZE = (32, 50)  # the compared face (width, height): the places are bars, squares or dots
EXPLAINED = 0.6  # a pixel lies in a place where that place's colour explains this share of its spread
LEAST_SPREAD = 25.0  # …and its colour changes from papyrus to papyrus at all (Lab a, b variance)
LEAST_PIXELS = 6  # a place smaller than this is not found: no rank look for this box


@dataclass(frozen=True)
class RankReading:
    rank: tuple[str, ...]  # the four colours, first place first
    cost: float  # the best order's mean distance from the colours as enrolled (Lab a, b)
    margin: float  # how much worse the next best order fits (the same unit)


def _balanced_chroma(face: np.ndarray) -> np.ndarray:
    """The face at ``SIZE``, balanced against its own ground, as Lab (a, b) about neutral
    (h × w × 2, float32)."""
    small = cv2.resize(face, SIZE, interpolation=cv2.INTER_AREA)
    ground = np.maximum(commonest_colour(small), 1.0)
    even = np.clip(small.astype(np.float32) * (ground.mean() / ground), 0, 255).astype(np.uint8)
    lab = cv2.cvtColor(even, cv2.COLOR_BGR2LAB).astype(np.float32)
    out: np.ndarray = lab[:, :, 1:] - 128.0
    return out


def _grey(faces: list[np.ndarray]) -> np.ndarray:
    """Each face at ``SIZE`` in grey, zero mean and unit length (n × h × w)."""
    out = []
    for face in faces:
        g = cv2.cvtColor(cv2.resize(face, SIZE, interpolation=cv2.INTER_AREA), cv2.COLOR_BGR2GRAY)
        g = g.astype(np.float32) - float(g.mean())
        out.append(g / max(float(np.linalg.norm(g)), 1e-6))
    return np.array(out, np.float32)


class RankLook:
    """The rank places and colours of one box's papyri, learned from their enrolled faces
    (labels ``papyrus-<c1>-<c2>-<c3>-<c4>-<n>``, each face upright as enrolled)."""

    def __init__(self, faces: list[tuple[str, np.ndarray]]) -> None:
        ranks, chromas, papyri = [], [], []
        for label, face in faces:
            parts = label.split("-")
            if len(parts) != 6 or parts[0] != "papyrus":
                continue
            ranks.append(tuple(parts[1:5]))
            chromas.append(_balanced_chroma(face))
            papyri.append(face)
        self.colours: tuple[str, ...] = tuple(sorted({c for r in ranks for c in r}))
        self.places: list[np.ndarray] = []
        self.reference: dict[str, np.ndarray] = {}
        if len(ranks) < 6 or len(self.colours) != 4:
            return  # too few papyri to tell where the places lie
        # the layout in grey, the numeral's place included: it tells a face's half turn
        self.layout = _grey(papyri).mean(0)
        stack = np.stack(chromas)  # n × h × w × 2
        total = ((stack - stack.mean(0)) ** 2).sum(-1).mean(0)  # h × w
        explained = []
        for k in range(4):
            within = np.zeros_like(total)
            for colour in self.colours:
                group = [i for i, r in enumerate(ranks) if r[k] == colour]
                if group:
                    g = stack[group]
                    within += ((g - g.mean(0)) ** 2).sum(-1).sum(0)
            explained.append(1.0 - within / len(ranks) / np.maximum(total, 1e-6))
        share = np.stack(explained)  # 4 × h × w
        best = share.argmax(0)
        for k in range(4):
            place = (best == k) & (share[k] >= EXPLAINED) & (total >= LEAST_SPREAD)
            self.places.append(place)
        if min(int(p.sum()) for p in self.places) < LEAST_PIXELS:
            self.places = []
            return
        seen: dict[str, list[np.ndarray]] = {c: [] for c in self.colours}
        for rank, chroma in zip(ranks, chromas, strict=True):
            for k, colour in enumerate(rank):
                seen[colour].append(chroma[self.places[k]].mean(0))
        self.reference = {c: np.median(v, axis=0) for c, v in seen.items()}

    @property
    def ready(self) -> bool:
        return bool(self.places)

    def read(self, face: np.ndarray) -> RankReading | None:
        """The order of the colours on a face (a crop of the whole card, either way up:
        the way its layout in grey fits the enrolled faces' better), or None where this
        box's places were not found."""
        if not self.ready:
            return None
        turned = np.rot90(face, 2)
        fit = [float((_grey([f])[0] * self.layout).sum()) for f in (face, turned)]
        chroma = _balanced_chroma(face if fit[0] >= fit[1] else np.ascontiguousarray(turned))
        seen = [chroma[place].mean(0) for place in self.places]
        apart = np.array([[float(np.linalg.norm(s - self.reference[c])) for c in self.colours] for s in seen])
        fits = sorted(
            (float(np.mean([apart[k, self.colours.index(c)] for k, c in enumerate(order)])), order)
            for order in itertools.permutations(self.colours)
        )
        (cost, order), (next_cost, _) = fits[0], fits[1]
        return RankReading(tuple(order), cost, next_cost - cost)
