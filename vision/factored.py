"""A face read as two questions: which kind of picture, then which colour.

The plain look (faces.py) compares whole colour patches, so on art where most of a face
is alike for every label — a wide printed border, a cream ground — the picture that tells
a scarab from a cat is a small share of the score, and three sets of one kind differ only
in a hue that the light moves. Here the two are decided apart:

* **kind** from the picture alone, in grey: each enrolled face is first brought to the
  resolution the top view shows a tile at (a print too fine for the camera is not
  allowed to count), the part every face shares (the catalogue's mean face) is taken
  out, and each pixel is weighted by how much the enrolled faces differ there. The
  faces of one kind in every colour all vote for their kind.
* **colour** only among the labels of the kind decided, by chroma block by block (CIE
  a*, b*), each enrolled face's chroma scaled to the crop's as well as it fits first, so
  a paler or more vivid light does not move the verdict; hue decides.

Both must be clear for a verdict; a label with no colour of its own (the specials) is
decided by its kind alone.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.faces import (
    INNER,
    SATURATION,
    WIDE,
    WIDE_INNER,
    FaceIndex,
    Match,
    chroma,
    crop_grid,
    crop_patch,
    face_patch,
    normalised,
    smoothed,
    wide_chroma,
)

SIDE = 32  # the compared grey patch, pixels square
SIGMA = 1.0  # both sides are blurred this much (patch px): a shift of a pixel costs little
NEUTRAL = 12.0  # a ground this near grey (CIE a*b*) is the face's own white
CAMERA_BLUR = 1.2  # what the camera and the top view's warp do to a tile (view px)
KIND_FROM, KIND_SURE = 0.08, 0.16  # the kind's margin over the next kind: unsure below, sure from
PLAIN_FROM, PLAIN_SURE = 0.02, 0.06  # the same in the plain look's scores, where it agrees
COLOUR_FROM, COLOUR_SURE = 1.0, 2.5  # the colour's lead in mean chroma distance, likewise
EDGES_FROM, EDGES_SURE = 0.04, 0.08  # the kind's lead in the edges' directions, likewise
CELLS, BINS = 4, 8  # the edges' look: cells per side, directions per cell


def kind_of(label: str) -> str:
    """``scarab-green`` → ``scarab``; a special is a kind of its own."""
    return label.split("-", 1)[0]


def edges(patch: np.ndarray) -> np.ndarray:
    """Which way the picture's edges run, cell by cell (a histogram of gradient directions,
    weighted by strength): a thin line blurred to a smear still runs the way it ran, where
    its brightness no longer matches a sharp photo's. Normalised, mean removed."""
    return edges_all([patch])[0]


def edges_all(patches: list[np.ndarray]) -> np.ndarray:
    """``edges`` of each of ``patches`` (of one shape), one row each: the same element-wise
    steps over all of them at once, each patch's histogram kept apart."""
    size = CELLS * CELLS * BINS
    if not patches:
        return np.zeros((0, size))
    greys = [cv2.cvtColor(p, cv2.COLOR_BGR2GRAY).astype(np.float32) for p in patches]
    gx = np.array([cv2.Sobel(g, cv2.CV_32F, 1, 0) for g in greys])
    gy = np.array([cv2.Sobel(g, cv2.CV_32F, 0, 1) for g in greys])
    strength = np.hypot(gx, gy)
    way = (np.arctan2(gy, gx) % np.pi) * (BINS / np.pi)  # direction without sign, in bins
    low = np.floor(way).astype(np.int64)
    part = way - low
    h, w = greys[0].shape
    cell = h // CELLS
    rows = np.minimum(np.arange(h) // cell, CELLS - 1)
    cols = np.minimum(np.arange(w) // cell, CELLS - 1)
    where = (rows[:, None] * CELLS + cols[None, :]) * BINS + (np.arange(len(patches)) * size)[:, None, None]
    total = len(patches) * size
    hist = np.bincount((where + low % BINS).ravel(), (strength * (1 - part)).ravel(), total)
    hist += np.bincount((where + (low + 1) % BINS).ravel(), (strength * part).ravel(), total)
    out = []
    for one in hist.reshape(len(patches), size):
        row = np.sqrt(one)
        row -= row.mean()
        out.append(row / max(float(np.linalg.norm(row)), 1e-6))
    return np.array(out)


def _grey(patch: np.ndarray) -> np.ndarray:
    grey = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY).astype(np.float32)
    return cv2.GaussianBlur(grey, (0, 0), SIGMA).ravel()


@dataclass
class Factored:
    match: Match
    at: np.ndarray  # the centre (top view) that matched best
    kind_margin: float
    colour_margin: float
    kind_sure: float = 0.0  # how sure the kind alone is (0..1)


class KindColourLook:
    """The enrolled faces of a catalogue as the camera shows them at ``side_px`` per tile."""

    def __init__(
        self, index: FaceIndex, side_px: float, grounds: tuple[np.ndarray, np.ndarray] | None = None
    ) -> None:
        """``grounds``: ``enrolled_grounds(index)`` where it is kept already (it does not
        depend on the tile's size)."""
        self.index = index
        px = max(8, round(side_px))
        rows, labels = [], []
        turned_patches: list[np.ndarray] = []
        for label, image in index.faces:
            seen = cv2.resize(image, (px, px), interpolation=cv2.INTER_AREA)
            seen = cv2.GaussianBlur(seen, (0, 0), CAMERA_BLUR)
            patch = face_patch(seen, SIDE, INNER)
            for turn in index.turns:
                turned = np.rot90(patch, turn).copy()
                rows.append(_grey(turned))
                turned_patches.append(turned)
                labels.append(label)
        self.edge_matrix = edges_all(turned_patches).astype(np.float32)
        enrolled = normalised(np.array(rows, np.float32))
        self.mean = enrolled.mean(axis=0)
        apart = self._apart(enrolled)
        weight = apart.std(axis=0)
        self.weight = weight / max(float(weight.mean()), 1e-6)
        self.matrix = normalised(apart * self.weight)
        self.kinds = sorted({kind_of(label) for label in labels})
        self.row_kind = np.array([self.kinds.index(kind_of(label)) for label in labels], np.int64)
        self.colours = {k: sorted({lb for lb in index.names if kind_of(lb) == k}) for k in self.kinds}
        self.rows_of = {name: [i for i, lb in enumerate(index.labels) if lb == name] for name in index.names}
        self.grounds, self.neutral = enrolled_grounds(index) if grounds is None else grounds

    def _colour_distances(
        self, image: np.ndarray, at: np.ndarray, side: float, angle: float, names: list[str]
    ) -> dict[str, float]:
        """Each label's least chroma distance from the face at ``at`` over its enrolled faces."""
        flat = smoothed(crop_patch(image, at, side, angle, WIDE, WIDE_INNER))
        ground = _ground(flat)
        known_a, known_b = self.index.enrolled_chroma()
        rows = sorted({i for name in names for i in self.rows_of[name]})
        seen_a, seen_b = self._seen_chroma(flat, ground, rows)
        # each crop copy against its own enrolled face: the diagonal of the pairs alone
        apart = paired_chroma_apart(seen_a, seen_b, known_a[rows], known_b[rows])
        at_row = dict(zip(rows, apart.tolist(), strict=True))
        return {name: min(at_row[i] for i in self.rows_of[name]) for name in names}

    def _seen_chroma(
        self, flat: np.ndarray, ground: np.ndarray, rows: list[int]
    ) -> tuple[np.ndarray, np.ndarray]:
        """The crop's chroma blocks as compared with each enrolled row: where that face has a
        light ground of its own near grey, the crop is first balanced so its own ground
        matches it — the lamp over this tile, not the markers' white, sets its cast."""
        # the copies alike (every row without a neutral ground of its own takes the crop as
        # it is) are converted once: each copy's chroma is its own alone
        plain = flat.reshape(-1, 3)
        distinct: dict[bytes | None, int] = {}  # by the gains (None: the crop as it is)
        copies: list[np.ndarray] = []
        which = []
        # every row's gains at once: the same division and clip, element by element
        all_gains = np.clip(self.grounds[rows] / np.maximum(ground, 1.0), 0.5, 2.0)
        for row, gains in zip(rows, all_gains, strict=True):
            key, copy = None, plain
            if self.neutral[row]:
                key = gains.tobytes()
                if key not in distinct:
                    copy = np.empty_like(plain)
                    copy[:] = np.clip(plain * gains, 0, 255)
            if key not in distinct:
                distinct[key] = len(copies)
                copies.append(copy)
            which.append(distinct[key])
        seen_a, seen_b = wide_chroma(np.array(copies, plain.dtype).reshape(len(copies), -1))
        return seen_a[which], seen_b[which]

    def _apart(self, rows: np.ndarray) -> np.ndarray:
        """``rows`` without the share of the face every enrolled face has."""
        m = self.mean
        return rows - np.outer(rows @ m, m) / max(float(m @ m), 1e-12)

    def look(
        self,
        image: np.ndarray,
        centre: np.ndarray,
        side: float,
        angle: float,
        heading: np.ndarray,
        colours: np.ndarray | None = None,
        plain: Match | None = None,
    ) -> Factored:
        """The label at ``centre`` (top view) by kind, then colour (from ``colours``, the
        same view as the markers' white balanced it, when ``image`` has been recoloured);
        confidence 0 when either is unclear. The ``plain`` look's scores, pooled per kind,
        may make the kind sure where they agree — the picture differs by kind, not by
        colour, so a plain look torn between colours often still knows the kind — and
        make it a question where they do not."""
        cells = [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1)]
        patches, shifts = crop_grid(image, centre, side, angle, cells, 0.07 * side, heading, SIDE, INNER)
        seen = normalised(
            self._apart(normalised(np.array([_grey(p) for p in patches], np.float32))) * self.weight
        )
        scores = seen @ self.matrix.T  # shifts × enrolled rows
        per_kind = np.full(len(self.kinds), -2.0, np.float32)
        np.maximum.at(per_kind, self.row_kind, scores.max(axis=0))
        order = np.argsort(per_kind)[::-1]
        kind = self.kinds[int(order[0])]
        kind_margin = float(per_kind[order[0]] - per_kind[order[1]]) if len(order) > 1 else 1.0
        best_shift = int(np.unravel_index(int(scores.argmax()), scores.shape)[0])
        at = centre + shifts[best_shift]
        labels = self.colours[kind]
        colour_margin = float("inf")
        label = labels[0]
        # a special has no sets to choose among, but its colour must still fit better than
        # that of the other kinds the plain look put first: a blurred mask is not a jar
        rivals = [n for n in plain.ranked[:3] if kind_of(n) != kind] if plain is not None else []
        if len(labels) > 1 or rivals:
            distance = self._colour_distances(
                image if colours is None else colours, at, side, angle, [*labels, *rivals]
            )
            ranked = sorted(labels, key=distance.__getitem__)
            label = ranked[0]
            if len(labels) > 1:
                colour_margin = distance[ranked[1]] - distance[label]
            if len(labels) == 1:
                colour_margin = min(distance[n] for n in rivals) - distance[label]
        kind_part = ramp(kind_margin, KIND_FROM, KIND_SURE)
        # the edges' directions (at the shift the grey look chose) agree, or make it a question
        ways = self.edge_matrix @ edges(patches[best_shift])
        per_kind_edges = np.full(len(self.kinds), -2.0, np.float32)
        np.maximum.at(per_kind_edges, self.row_kind, ways)
        edge_order = np.argsort(per_kind_edges)[::-1]
        edge_lead = (
            float(per_kind_edges[edge_order[0]] - per_kind_edges[edge_order[1]])
            if len(edge_order) > 1
            else 1.0
        )
        if self.kinds[int(edge_order[0])] == kind:
            kind_part = max(kind_part, ramp(edge_lead, EDGES_FROM, EDGES_SURE))
        else:
            kind_part = min(kind_part, 1.0 - ramp(edge_lead, EDGES_FROM, EDGES_SURE))
        if plain is not None:
            pooled: dict[str, float] = {}
            for name, score in plain.scores_by_label().items():
                pooled[kind_of(name)] = max(pooled.get(kind_of(name), -1.0), score)
            first = sorted(pooled, key=pooled.__getitem__, reverse=True)
            if first[0] != kind:
                kind_part = 0.0
            elif len(first) > 1:
                lead = pooled[first[0]] - pooled[first[1]]
                kind_part = max(kind_part, ramp(lead, PLAIN_FROM, PLAIN_SURE))
        colour_part = ramp(colour_margin, COLOUR_FROM, COLOUR_SURE)
        confidence = round(min(kind_part, colour_part), 3)
        best = float(per_kind[order[0]])
        runner = float(per_kind[order[1]]) if len(order) > 1 else -1.0
        ranked_labels = (label, *(lb for lb in labels if lb != label))
        return Factored(
            Match(label, best, runner, confidence, best_shift, ranked_labels),
            at,
            kind_margin,
            colour_margin,
            round(kind_part, 3),
        )


def paired_chroma_apart(
    seen_a: np.ndarray, seen_b: np.ndarray, known_a: np.ndarray, known_b: np.ndarray
) -> np.ndarray:
    """``np.diag(chroma_apart(...))`` — each crop copy against its own enrolled face only —
    to the bit: the scale fitted by the same matrix products, the distance then taken for
    the pairs alone, not for every crop against every face."""
    fit = np.diag(
        (seen_a @ known_a.T + seen_b @ known_b.T)
        / np.maximum(np.einsum("ij,ij->i", known_a, known_a) + np.einsum("ij,ij->i", known_b, known_b), 1e-6)
    )
    fit = np.clip(fit, 1 / SATURATION, SATURATION)[:, None]
    da = seen_a - fit * known_a
    db = seen_b - fit * known_b
    return np.sqrt(da * da + db * db).mean(axis=-1)


def enrolled_grounds(index: FaceIndex) -> tuple[np.ndarray, np.ndarray]:
    """Each enrolled face's own light ground (its brightest quarter), in the index's rows,
    and whether it is near grey (its face's own white)."""
    grounds = np.array([_ground(w) for w in index.wide_rows()], np.float32)
    ab = chroma(grounds, 1, 1)[:, 0, :]
    return grounds, np.hypot(ab[:, 0], ab[:, 1]) <= NEUTRAL


def _ground(flat: np.ndarray) -> np.ndarray:
    """A face's light ground: the mean colour of its brightest quarter of pixels."""
    px = flat.reshape(-1, 3)
    light = px.sum(axis=1)
    return px[light >= upper_quartile(light)].mean(axis=0)


def upper_quartile(values: np.ndarray) -> np.floating:
    """``np.percentile(values, 75)`` of a vector without NaN, to the bit (numpy's linear
    method: the two values about the place, partitioned, and its ``_lerp``), without the
    overhead of its general machinery."""
    n = len(values)
    place = 0.75 * (n - 1)
    low = int(place)  # floor: never negative
    t = place - low
    if low >= n - 1 or t == 0.0:
        return np.partition(values, low)[low]  # type: ignore[no-any-return]
    part = np.partition(values, (low, low + 1))
    a, b = part[low], part[low + 1]
    if t >= 0.5:
        return b - (b - a) * (1 - t)  # type: ignore[no-any-return]
    return a + (b - a) * t  # type: ignore[no-any-return]


def ramp(x: float, start: float, full: float) -> float:
    """0 up to ``start``, 1 from ``full``, straight between."""
    return min(max((x - start) / (full - start), 0.0), 1.0)
