"""Comparing faces: a crop of a tile or card against the enrolled catalogue.

A face becomes a small colour patch (its inner part, blurred a little), normalised for
brightness and contrast over all three channels together — so a darker or lighter crop
still matches, while the colour that tells a green set from a blue one is kept. The
score is the normalised cross-correlation with each enrolled face in its four quarter
turns; the best label wins only by a clear margin over the runner-up. Faces that differ
only in hue correlate almost alike, so a close call can be looked at again in chroma
(``FaceIndex.colour_look``).
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

PATCH = 24  # the compared patch, pixels square
INNER = 0.8  # the share of the face's side that is compared (edges touch neighbours)
FINE = 44  # the second look at close calls: sharper, and out to the corner numbers
FINE_INNER = 0.88
WIDE = 32  # the colour look: out to the face's rim, where a set's colour may only show
WIDE_INNER = 0.96
BLOCK = 4  # …comparing mean chroma over blocks this many pixels square
SATURATION = 1.6  # how much paler or more vivid than enrolled a face may look


def smoothed(patch: np.ndarray) -> np.ndarray:
    return cv2.GaussianBlur(patch, (0, 0), 0.8).astype(np.float32).ravel()


SHEET_PAD = 4  # px of border round each patch blurred on a shared sheet (the blur reaches 3)


def smoothed_all(patches: Sequence[np.ndarray]) -> np.ndarray:
    """``smoothed`` of every patch, a float32 row each. Same-sized 8-bit colour patches
    (a face's shifted crops) are blurred in one call, not one each: each padded as the
    blur pads it alone (reflected about its edge pixels), laid on one sheet, the sheet
    blurred and each patch's inside kept. OpenCV's 8-bit Gaussian is fixed-point
    arithmetic on a pixel's neighbours alone, so every value is the one blurring the
    patch alone gives (checked to the bit on 4,000 random sets), in half the time."""
    first = patches[0] if len(patches) else None
    if (
        first is None
        or len(patches) < 2
        or first.dtype != np.uint8
        or first.ndim != 3
        or min(first.shape[:2]) <= SHEET_PAD
        or any(p.shape != first.shape or p.dtype != np.uint8 for p in patches)
    ):
        return np.array([smoothed(p) for p in patches], np.float32)
    n, (h, w, c) = len(patches), first.shape
    th, tw = h + 2 * SHEET_PAD, w + 2 * SHEET_PAD
    across = max(1, int(np.ceil(np.sqrt(n * th / tw))))  # a squarish sheet: a tall strip blurs slower
    down = -(-n // across)
    sheet = np.zeros((down * th, across * tw, c), np.uint8)
    for k, p in enumerate(patches):
        r, q = divmod(k, across)
        tile = sheet[r * th : (r + 1) * th, q * tw : (q + 1) * tw]
        cv2.copyMakeBorder(p, *(SHEET_PAD,) * 4, cv2.BORDER_REFLECT_101, dst=tile)
    blurred = cv2.GaussianBlur(sheet, (0, 0), 0.8).reshape(down, th, across, tw, c)
    inside = blurred[:, SHEET_PAD : SHEET_PAD + h, :, SHEET_PAD : SHEET_PAD + w]
    rows: np.ndarray = inside.transpose(0, 2, 1, 3, 4).reshape(down * across, -1)[:n].astype(np.float32)
    return rows


def normalised(v: np.ndarray) -> np.ndarray:
    """Zero mean, unit length (along the last axis)."""
    if v.dtype.kind != "f" or v.ndim == 0:
        v = v - v.mean(axis=-1, keepdims=True)
        norm = np.linalg.norm(v, axis=-1, keepdims=True)
        return v / np.maximum(norm, 1e-6)
    # what v.mean() and np.linalg.norm() compute, to the bit, without their overhead
    mean = np.add.reduce(v, axis=-1, keepdims=True)
    np.true_divide(mean, np.intp(v.shape[-1]), out=mean, casting="unsafe")
    v = v - mean
    norm = np.sqrt(np.add.reduce(v * v, axis=-1, keepdims=True))
    return v / np.maximum(norm, 1e-6)


def commonest_colour(patch: np.ndarray) -> np.ndarray:
    """A patch's commonest colour (BGR, float32): the mean of its fullest 32-level bin —
    on a card, its ground (the paper, parchment or dark face)."""
    q = (patch.reshape(-1, 3) >> 5).astype(np.int32)
    key = (q[:, 0] << 6) | (q[:, 1] << 3) | q[:, 2]
    out: np.ndarray = patch.reshape(-1, 3)[key == np.bincount(key).argmax()].astype(np.float32).mean(0)
    return out


def patch_vector(patch: np.ndarray) -> np.ndarray:
    """A PATCH×PATCH×3 crop as a zero-mean, unit-length vector."""
    v = smoothed(patch)
    v -= v.mean()
    norm = float(np.linalg.norm(v))
    return v / norm if norm > 1e-6 else v


Size = int | tuple[int, int]  # a square patch's side, or (width, height) of an oblong one


def _wh(size: Size | float | tuple[float, float]) -> tuple[float, float]:
    return (size, size) if isinstance(size, int | float) else (size[0], size[1])


def face_patch(face: np.ndarray, size: Size = PATCH, inner: float = INNER) -> np.ndarray:
    """A face image (any size; a card's is taller than wide) → its inner patch of ``size``."""
    h, w = face.shape[:2]
    cy, cx = round(h * (1 - inner) / 2), round(w * (1 - inner) / 2)
    part = face[cy : h - cy, cx : w - cx]
    pw, ph = _wh(size)
    return cv2.resize(part, (int(pw), int(ph)), interpolation=cv2.INTER_AREA)


def crop_patch(
    image: np.ndarray,
    centre: np.ndarray,
    side_px: float | tuple[float, float],
    angle_deg: float,
    size: Size = PATCH,
    inner: float = INNER,
    border: int = cv2.BORDER_REPLICATE,
) -> np.ndarray:
    """The inner patch of a face of ``side_px`` (or (width, height) px) centred at
    ``centre``, turned by ``angle``; beyond the image, ``border`` fills it."""
    (pw, ph), (sw, sh) = _wh(size), _wh(side_px)
    hu, hv = pw / 2, ph / 2
    su, sv = sw * inner / pw, sh * inner / ph
    a = np.deg2rad(angle_deg)
    cos, sin = np.cos(a), np.sin(a)
    # dst (u, v) → src: centre + R·((u - hu)·su, (v - hv)·sv)
    m = np.array(
        [
            [cos * su, -sin * sv, centre[0] - cos * su * (hu - 0.5) + sin * sv * (hv - 0.5)],
            [sin * su, cos * sv, centre[1] - sin * su * (hu - 0.5) - cos * sv * (hv - 0.5)],
        ],
        np.float32,
    )
    return cv2.warpAffine(
        image,
        m,
        (int(pw), int(ph)),
        flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=border,
    )


def crop_grid(
    image: np.ndarray,
    centre: np.ndarray,
    side_px: float | tuple[float, float],
    angle_deg: float,
    cells: list[tuple[int, int]],
    step_px: float | tuple[float, float],
    heading: np.ndarray | None = None,
    size: Size = PATCH,
    inner: float = INNER,
) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """The patches of a face at ``centre`` shifted by whole ``cells`` (steps along
    ``heading``, steps across it), and each one's shift (top-view px): cut from one warp
    of the window round them all, so each is sampled as ``crop_patch`` would sample it
    there, at a fraction of the cost. A step (``step_px``, or (along, across)) is rounded
    to whole patch pixels; the steps along go along the face's own axis nearest
    ``heading``."""
    (pw, ph), (sw, sh) = _wh(size), _wh(side_px)
    step_along, step_across = (step_px, step_px) if isinstance(step_px, int | float) else step_px
    su, sv = sw * inner / pw, sh * inner / ph  # top-view px per patch px, each way
    a = np.deg2rad(angle_deg)
    ex, ey = np.array([np.cos(a), np.sin(a)]), np.array([-np.sin(a), np.cos(a)])
    way = ex if heading is None else heading
    if abs(float(way @ ex)) >= abs(float(way @ ey)):
        sign = 1 if way @ ex >= 0 else -1
        ku, kv = max(1, round(step_along / su)), max(1, round(step_across / sv))
        moves = [(sign * i * ku, j * kv) for i, j in cells]
    else:
        sign = 1 if way @ ey >= 0 else -1
        ku, kv = max(1, round(step_across / su)), max(1, round(step_along / sv))
        moves = [(j * ku, sign * i * kv) for i, j in cells]
    pad_u = max(abs(u) for u, _ in moves)
    pad_v = max(abs(v) for _, v in moves)
    window = crop_patch(
        image,
        centre,
        (sw * (pw + 2 * pad_u) / pw, sh * (ph + 2 * pad_v) / ph),
        angle_deg,
        (int(pw + 2 * pad_u), int(ph + 2 * pad_v)),
        inner,
    )
    patches = [window[pad_v + v : pad_v + v + ph, pad_u + u : pad_u + u + pw] for u, v in moves]
    # u·su·ex + v·sv·ey for every move at once: the same products and sum, element by element
    steps = np.array(moves, np.float64).reshape(-1, 2)
    shifts = list(steps[:, :1] * su * ex + steps[:, 1:] * sv * ey)
    return patches, shifts


@dataclass
class Match:
    label: str
    score: float  # NCC of the best enrolled face, -1..1
    runner_up: float  # the best score of any other label
    confidence: float  # 0..1
    which: int  # the index of the winning crop among those compared
    ranked: tuple[str, ...] = ()  # the leading labels, best first
    # every compared label's best score (``label_names[i]`` → ``label_scores[i]``): what
    # a joint reading of all faces needs when the box rules out a face's own best label
    label_scores: np.ndarray | None = field(default=None, repr=False, compare=False)
    label_names: Sequence[str] = field(default=(), repr=False, compare=False)

    def scores_by_label(self) -> dict[str, float]:
        """Each compared label's best score; only the winner's when none were kept."""
        if self.label_scores is None:
            return {self.label: self.score}
        return {name: float(v) for name, v in zip(self.label_names, self.label_scores, strict=True)}


def verdict(
    scores: np.ndarray,
    columns: np.ndarray,
    names: list[str],
    min_score: float,
    min_margin: float,
    top: int,
    sure: float | None = None,
) -> Match:
    """The best label from a crops × enrolled-faces score matrix (``columns``: each
    face's label index in ``names``): its score, the runner-up's, and the confidence.
    A score of ``sure`` or more (default: halfway from ``min_score`` to 1) does not
    lower the confidence; a face partly hidden never scores as high as a whole one."""
    per_label = _per_label(scores, columns, len(names))
    best_per_label = per_label.max(axis=0)
    order = np.argsort(best_per_label)[::-1]
    best = float(best_per_label[order[0]])
    second = float(best_per_label[order[1]]) if len(order) > 1 else -1.0
    which = int(per_label[:, order[0]].argmax())
    # as np.clip(x, 0, 1) of a float, without its overhead (best ≥ second: never −0.0)
    margin_part = min(max((best - second) / (2 * min_margin), 0.0), 1.0)
    full = (1 + min_score) / 2 if sure is None else sure
    score_part = min(max((best - min_score) / (full - min_score), 0.0), 1.0) if best > min_score else 0.0
    confidence = float(margin_part * score_part)
    ranked = tuple(names[i] for i in order[:top])
    return Match(names[order[0]], best, second, round(confidence, 3), which, ranked, best_per_label, names)


def _per_label(scores: np.ndarray, columns: np.ndarray, labels: int) -> np.ndarray:
    """Each crop's best score per label (at least −1): the maximum over the label's
    columns, as ``np.maximum.at`` into a −1-filled array would give, but in one pass."""
    per_label = np.full((scores.shape[0], labels), -1.0, np.float32)
    if scores.shape[1] == 0:
        return per_label
    order, starts, targets = _groups(columns)
    best = np.maximum.reduceat(scores if order is None else scores[:, order], starts, axis=1)
    per_label[:, targets] = np.maximum(best, per_label[:, targets])
    return per_label


_GROUPED: dict[tuple[str, bytes], tuple[np.ndarray | None, np.ndarray, np.ndarray]] = {}


def _groups(columns: np.ndarray) -> tuple[np.ndarray | None, np.ndarray, np.ndarray]:
    """How ``_per_label`` groups score columns by label: the columns' order by label (None
    where they are in it already), where each label's run starts, and its label. Kept by
    the columns themselves: a reader asks with the same few again and again."""
    key = (columns.dtype.str, columns.tobytes())
    found = _GROUPED.get(key)
    if found is None:
        order = np.argsort(columns, kind="stable")
        grouped = columns[order]
        change = np.empty(len(grouped), bool)
        change[0] = True
        np.not_equal(grouped[1:], grouped[:-1], out=change[1:])
        starts = np.flatnonzero(change)
        in_order = bool(np.array_equal(order, np.arange(len(order))))
        found = (None if in_order else order, starts, grouped[starts])
        if len(_GROUPED) >= 1024:  # many catalogues' worth: start again
            _GROUPED.clear()
        _GROUPED[key] = found
    return found


class FaceIndex:
    """Every enrolled face in its four quarter turns, as one matrix. Oblong faces (cards)
    take ``shape``/``fine`` as (width, height) and only the half turns, ``turns=(0, 2)``."""

    def __init__(
        self,
        faces: list[tuple[str, np.ndarray]],
        turns: tuple[int, ...] = (0, 1, 2, 3),
        shape: Size = PATCH,
        fine: Size = FINE,
        prepare: Callable[[np.ndarray], np.ndarray] | None = None,
        inner: float = INNER,
    ) -> None:
        """``prepare`` turns every patch (enrolled or cropped) into what is compared, e.g.
        its detail without the flat colour; ``inner`` is the compared share of the face."""
        self.prepare = prepare or (lambda p: p)
        rows, sharp_rows, labels = [], [], []
        for label, image in faces:
            patch = self.prepare(face_patch(image, shape, inner))
            sharp = self.prepare(face_patch(image, fine, FINE_INNER))
            for turn in turns:
                rows.append(smoothed(np.rot90(patch, turn).copy()))
                sharp_rows.append(smoothed(np.rot90(sharp, turn).copy()))
                labels.append(label)
        self.labels = labels
        self.faces, self.turns = faces, turns
        fw, fh = _wh(fine)
        pw, ph = _wh(shape)
        self.fine = (
            np.array(sharp_rows, np.float32) if sharp_rows else np.zeros((0, int(fw * fh * 3)), np.float32)
        )
        self.raw = np.array(rows, np.float32) if rows else np.zeros((0, int(pw * ph * 3)), np.float32)
        self.names = sorted(set(labels))
        self.matrix = normalised(self.raw)
        order = {name: i for i, name in enumerate(self.names)}
        self.column_label = np.array([order[label] for label in labels], np.int64)
        # computed on first use, and kept: every read of a close call needs them again
        self._fine_matrix: np.ndarray | None = None
        self._chroma: tuple[np.ndarray, np.ndarray] | None = None
        self._wide: np.ndarray | None = None
        self._amongs: dict[tuple[str, ...], tuple[list[int], np.ndarray]] = {}

    def _among(self, among: tuple[str, ...]) -> tuple[list[int], np.ndarray]:
        """The enrolled rows of the labels ``among``, and each row's place in ``among``
        (kept: the same few leaders come up again and again)."""
        found = self._amongs.get(among)
        if found is None:
            rows = [i for i, label in enumerate(self.labels) if label in among]
            names = list(among)
            found = rows, np.array([names.index(self.labels[i]) for i in rows], np.int64)
            if len(self._amongs) >= 4096:
                self._amongs.clear()
            self._amongs[among] = found
        return found

    def fine_matrix(self) -> np.ndarray:
        """The sharp enrolled rows, normalised (a row's normalisation is its own alone)."""
        if self._fine_matrix is None:
            self._fine_matrix = normalised(self.fine)
        return self._fine_matrix

    def wide_rows(self) -> np.ndarray:
        """The enrolled faces' smoothed WIDE patches (out to the rim), in the rows' order."""
        if self._wide is None:
            wide = [
                smoothed(np.rot90(self.prepare(face_patch(image, WIDE, WIDE_INNER)), turn).copy())
                for _, image in self.faces
                for turn in self.turns
            ]
            self._wide = np.array(wide, np.float32).reshape(len(wide), -1)
        return self._wide

    def enrolled_chroma(self) -> tuple[np.ndarray, np.ndarray]:
        """The enrolled faces' mean CIE a* and b* per block of their WIDE patches, in the
        rows' order (faces × blocks each)."""
        if self._chroma is None:
            self._chroma = wide_chroma(self.wide_rows())
        return self._chroma

    def smoothed_rows(self, patches: Sequence[np.ndarray]) -> np.ndarray:
        """Each patch prepared and smoothed, one float32 row each: what is compared."""
        return smoothed_all([self.prepare(p) for p in patches])

    def likeness(self, patch: np.ndarray) -> float:
        """How much one crop looks like any enrolled face at all (the best NCC)."""
        return float((normalised(smoothed(self.prepare(patch))[None]) @ self.matrix.T).max(initial=-1.0))

    def match(
        self,
        patches: list[np.ndarray],
        min_score: float,
        min_margin: float,
        hidden: np.ndarray | None = None,
        among: tuple[str, ...] | None = None,
    ) -> Match:
        """The best label over several crops of one face (small shifts of it); ``hidden``
        (PATCH×PATCH bool) marks pixels covered by something else, a pawn, left out;
        ``among``: only these labels compared."""
        raw = smoothed_all([self.prepare(p) for p in patches])
        if among is not None:
            rows, cols = self._among(among)
            scores = normalised(raw) @ self.matrix[rows].T
            return verdict(scores, cols, list(among), min_score, min_margin, 6)
        if hidden is not None and hidden.any() and not hidden.all():
            keep = np.repeat(~hidden.ravel(), 3)
            scores = normalised(raw[:, keep]) @ normalised(self.raw[:, keep]).T
        else:
            scores = normalised(raw) @ self.matrix.T  # crops × faces
        return verdict(scores, self.column_label, self.names, min_score, min_margin, 6)

    def rerank(
        self,
        crops: list[np.ndarray],
        among: tuple[str, ...],
        min_score: float,
        min_margin: float,
        hidden: np.ndarray | None = None,
        raw: np.ndarray | None = None,
    ) -> Match:
        """A close call looked at again: sharper FINE crops against only the leading
        labels, so the corner numbers and the glyph's detail decide (a pawn over the
        middle of a tile leaves little else). ``raw``: the crops' ``smoothed_rows``
        where the caller has them already (another look at the same crops needs them)."""
        rows, cols = self._among(among)
        raw = self.smoothed_rows(crops) if raw is None else raw
        if hidden is not None and hidden.any() and not hidden.all():
            keep = np.repeat(
                ~cv2.resize(hidden.astype(np.uint8), (FINE, FINE), interpolation=cv2.INTER_NEAREST)
                .astype(bool)
                .ravel(),
                3,
            )
            scores = normalised(raw[:, keep]) @ normalised(self.fine[rows][:, keep]).T
        else:
            scores = normalised(raw) @ self.fine_matrix()[rows].T
        return verdict(scores, cols, list(among), min_score, min_margin, len(among))

    def colour_look(
        self,
        patches: list[np.ndarray],
        wide: list[np.ndarray],
        among: tuple[str, ...],
        min_score: float,
        min_margin: float,
        weight: float,
        visible: tuple[np.ndarray, np.ndarray] | None = None,
    ) -> Match:
        """A close call between faces alike in shape looked at again for their colour: the
        correlation of the ``patches`` with each leading label's enrolled faces less
        ``weight`` times how far apart the same crops taken ``wide`` (WIDE, out to the
        rim) and the face lie in chroma (CIE a*, b*), block by block. The correlation
        normalises all three channels together, so two faces that differ only in hue
        score almost alike; the frame is white-balanced, so the chroma itself tells them
        apart. Blocks, not pixels: noise and a little misalignment average out, the
        set's colour does not. ``visible`` (PATCH and WIDE bool masks) leaves out what a
        pawn hides: only the blocks mostly visible count."""
        rows, cols = self._among(among)
        raw = np.array([smoothed(self.prepare(p)) for p in patches], np.float32)
        known_a, known_b = (x[rows] for x in self.enrolled_chroma())
        seen_a, seen_b = wide_chroma(np.array([smoothed(self.prepare(p)) for p in wide], np.float32))
        if visible is not None:
            keep = np.repeat(visible[0].ravel(), 3)
            scores = normalised(raw[:, keep]) @ normalised(self.raw[rows][:, keep]).T
            shown = _blocks(visible[1].astype(np.float32).reshape(1, -1), WIDE, WIDE)[0] >= 0.75
            seen_a, seen_b, known_a, known_b = (x[:, shown] for x in (seen_a, seen_b, known_a, known_b))
        else:
            scores = normalised(raw) @ self.matrix[rows].T
        apart = chroma_apart(seen_a, seen_b, known_a, known_b)
        return verdict(scores - weight * apart, cols, list(among), min_score, min_margin, len(among))


def chroma_apart(
    seen_a: np.ndarray, seen_b: np.ndarray, known_a: np.ndarray, known_b: np.ndarray
) -> np.ndarray:
    """Crops × faces: the mean over the blocks of their distance in the a*b* plane. A
    blurred, noisy or hazy frame shows colours paler than the enrolment did, so each
    face's chroma is first scaled to the crop's as well as it fits (hue decides, not how
    vivid), within reason."""
    fit = (seen_a @ known_a.T + seen_b @ known_b.T) / np.maximum(
        np.einsum("ij,ij->i", known_a, known_a) + np.einsum("ij,ij->i", known_b, known_b), 1e-6
    )
    fit = np.clip(fit, 1 / SATURATION, SATURATION)[:, :, None]
    da = seen_a[:, None, :] - fit * known_a[None, :, :]
    db = seen_b[:, None, :] - fit * known_b[None, :, :]
    return np.sqrt(da * da + db * db).mean(axis=-1)


def wide_chroma(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Flattened, smoothed WIDE patches → their mean CIE a* and b* per block (rows × blocks)."""
    lab = chroma(rows, WIDE, WIDE)
    return _blocks(lab[:, :, 0], WIDE, WIDE), _blocks(lab[:, :, 1], WIDE, WIDE)


def _blocks(plane: np.ndarray, h: int, w: int, k: int = BLOCK) -> np.ndarray:
    """Rows of h·w values → rows of the means of their k×k blocks."""
    n = len(plane)
    return plane.reshape(n, h // k, k, w // k, k).mean(axis=(2, 4)).reshape(n, -1)


def chroma(rows: np.ndarray, h: int, w: int) -> np.ndarray:
    """Flattened BGR patches (0–255) → their CIE a*, b* per pixel (rows × h·w × 2)."""
    bgr = (rows.reshape(-1, h * w, 3) / 255.0).astype(np.float32)
    # one long row: a column of single pixels converts many times slower, to the same values
    lab = cv2.cvtColor(bgr.reshape(1, -1, 3), cv2.COLOR_BGR2LAB).reshape(len(rows), h * w, 3)
    return lab[:, :, 1:]


def photos_digest(faces: Sequence[tuple[str, np.ndarray]], salt: str = "") -> str:
    """What identifies a catalogue's photos (labels and pixels, and ``salt``): the key of
    what is built from them once for every reader of the catalogue."""
    digest = hashlib.sha1(salt.encode())
    for label, image in faces:
        digest.update(label.encode())
        digest.update(np.ascontiguousarray(image).tobytes())
    return digest.hexdigest()


class Kept:
    """The last ``size`` things built from catalogues' photos, by key: a table's reader is
    made anew for each game (the benchmark's for each frame), what it builds need not be."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._built: OrderedDict[Hashable, Any] = OrderedDict()

    def get(self, key: Hashable, build: Callable[[], Any]) -> Any:
        if key not in self._built:
            self._built[key] = build()
            while len(self._built) > self.size:
                self._built.popitem(last=False)
        self._built.move_to_end(key)
        return self._built[key]
