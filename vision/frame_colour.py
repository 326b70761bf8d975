"""The sets' colours of one frame, told by the frame's own tiles.

The enrolled photos show each set's colour in the light they were taken in; the table's
lamp, the camera and an art style's thin lines or narrow rims shift every colour of a
frame alike, so a tile's colour compared with a photo's is often a close call. Within one
frame, though, the tiles of one set share their look: the green tiles are more like one
another than like the blue ones, whatever the lamp. A tile's *ink* — what stands out in
colour from its own light ground (its art, its rim), as CIE a*b* less the ground's — is
grouped with the frame's other inks: a group per set, each started where the frame's sure
tiles of that set lie, then settled on the frame's inks (k-means). A tile clearly in one
group has that group's colour.

The groups are trusted only when they agree with the frame's surely read tiles (an art
whose ink says nothing of its set — colour over the whole face, no light ground — groups
by something else, and is left alone).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, replace

import cv2
import numpy as np

from vision.faces import crop_patch

INK_SHARE = 15.0  # the percentage of a face's pixels furthest in colour from its ground
REACH = 0.95  # the share of the tile's side the ink is looked for in (its rim included)
PICTURE = 0.8  # …and the share inside a frame printed round the picture
PICTURE_SHARE = 8.0  # the picture's lines are thinner than a rim
ANCHORS = 6  # surely read tiles needed to check the groups…
AGREE = 0.95  # …and the share of them the groups must agree with (all but one will do)
DOUBT_AGREE = 0.85  # groups most sure tiles agree with may still doubt the others…
DOUBT_MANY, DOUBT_AGREE_MANY = 12, 2 / 3  # …or two in three of a frame's many (12 agreeing)…
DOUBT_APART = 6.0  # …where every two groups lie this far apart (spread units)
ELIMINATED, LEANING = 3, 2 / 3  # a set found by elimination: its tiles at least, the share leaning to it
CLEAR_FROM, CLEAR_SURE = 3.0, 5.0  # a tile's lead (spread units) over the next group


def colour_of(label: str) -> str | None:
    """``cat-green`` → ``green``; None for a face of no set (a special)."""
    return label.partition("-")[2] or None


def ink(face: np.ndarray, share: float = INK_SHARE) -> np.ndarray:
    """A face's ink (BGR crop, any size): the mean a*b* of its ``share`` % most colourful
    pixels, less that of its light ground (its brightest quarter)."""
    return _lab_ink(cv2.cvtColor(face, cv2.COLOR_BGR2LAB).reshape(-1, 3).astype(np.float32), share)


def _at_least(values: np.ndarray, percent: float) -> np.ndarray:
    """Which ``values`` reach their ``percent`` percentile (the nearest rank below it)."""
    k = int((len(values) - 1) * percent / 100)
    return values >= np.partition(values, k)[k]


def _lab_ink(lab: np.ndarray, share: float) -> np.ndarray:
    ground = np.median(lab[_at_least(lab[:, 0], 75)], axis=0)
    apart = lab[:, 1:] - ground[1:]
    far = np.sqrt(np.einsum("ij,ij->i", apart, apart))
    result: np.ndarray = apart[_at_least(far, 100 - share)].mean(axis=0)
    return result


def rings_ink(face: np.ndarray, keep: np.ndarray | None = None) -> np.ndarray:
    """The ink of a face cropped to ``REACH`` of its side, then of its picture inside
    (``PICTURE`` of the side): a*, b*, a*, b* — of the pixels ``keep`` (h × w) marks."""
    h, w = face.shape[:2]
    edge = round(h * (1 - PICTURE / REACH) / 2)
    lab = cv2.cvtColor(face, cv2.COLOR_BGR2LAB).astype(np.float32)
    keep = np.ones((h, w), bool) if keep is None else keep
    whole, inner = lab[keep], lab[edge : h - edge, edge : w - edge][keep[edge : h - edge, edge : w - edge]]
    return np.concatenate([_lab_ink(whole, INK_SHARE), _lab_ink(inner, PICTURE_SHARE)])


CROP = 48  # the crop an ink is taken from, pixels square
HIDDEN_REACH = 1.3  # what a pawn hides of a face: its disc this much wider (its base, its shadow's edge)


def tile_ink(
    view: np.ndarray,
    centre: np.ndarray,
    side: float,
    angle: float,
    hidden: Sequence[tuple[np.ndarray, float]] = (),
) -> np.ndarray:
    """A tile's ink in the top view, leaving out the discs (centre, radius; view px) that
    pawns standing on it hide: a pawn's own colour is no set's."""
    crop = crop_patch(view, centre, side * REACH, angle, CROP, 1.0)
    if not hidden:
        return rings_ink(crop)
    scale = side * REACH / CROP  # view px per crop px
    a = np.deg2rad(angle)
    back = np.array([[np.cos(a), np.sin(a)], [-np.sin(a), np.cos(a)]])  # view → crop axes
    v, u = np.mgrid[0:CROP, 0:CROP] + 0.5 - CROP / 2
    keep = np.ones((CROP, CROP), bool)
    for where, radius in hidden:
        du, dv = back @ (np.asarray(where, np.float64) - centre) / scale
        keep &= np.hypot(u - du, v - dv) > radius * HIDDEN_REACH / scale
    return rings_ink(crop, keep if keep.mean() > 0.3 else None)


def set_colours(labels: Iterable[str]) -> list[str]:
    """The sets' colours among ``labels``, in order: the groups a frame's inks fall in."""
    return sorted({c for label in labels if (c := colour_of(label)) is not None})


@dataclass(frozen=True)
class Call:
    colour: str
    lead: float  # how much nearer the ink lies to this group than to the next (spread units)
    doubts_only: bool = False  # the groups may make a sure face a question, and no more

    @property
    def confidence(self) -> float:
        return min(max((self.lead - CLEAR_FROM) / (CLEAR_SURE - CLEAR_FROM), 0.0), 1.0)


def group(
    inks: list[np.ndarray],
    anchors: dict[int, str],
    sets: Collection[str],
    hints: dict[int, str] | None = None,
    passive: Collection[int] = (),
    outlying: float | None = None,
) -> list[Call] | None:
    """Each ink's group among the ``sets`` (their colours), started where the
    ``anchors`` (index → the colour it was read surely as) of each set lie; None when
    there are too few anchors or the groups disagree with them. A set no sure tile shows
    is found by elimination, given ``hints`` (index → the colour another look leans to):
    its group starts at the ink farthest from the shown sets' and is trusted only if
    most of its tiles lean to it. The ``passive`` inks (a face partly hidden) are told
    their group but move none.

    Groups far apart that most but not nearly all anchors agree with are returned with
    ``doubts_only``: under a warm lamp a set printed only in a thin band reads as another
    at full confidence, three tiles of a frame alike, which no strict check lets the groups
    gainsay; a question costs the table a tap, where a guess the groups made could be wrong.

    Given ``outlying``, an ink that far (robust spreads) from its group's middle, of a face
    not read surely, is no set's: a pawn the reader did not find, a glare. It moves no
    group, widens no spread and is told nothing (a call of no lead). A sure face's ink is
    never set aside: on an art whose inks group poorly, a set's sure faces lay far from
    all, and without them the groups turned on that set's faces."""
    names = list(sets)
    if len(anchors) < ANCHORS or len(names) < 2 or len(inks) < 3 * len(names):
        return None
    shown: dict[str, list[int]] = {}
    for i, c in anchors.items():
        shown.setdefault(c, []).append(i)
    missing = [c for c in names if c not in shown]
    # sure tiles of one set agree with any grouping; a set started where its photos' ink
    # lies may be moved by a lamp or the camera's blur into another set's group
    if len(shown) < 2 or len(missing) > (0 if hints is None else 1):
        return None
    x = np.array(inks, np.float64)
    at = {c: x[rows].mean(axis=0) for c, rows in shown.items()}
    if missing:
        near = np.min([np.linalg.norm(x - centre, axis=1) for centre in at.values()], axis=0)
        near[list(passive)] = 0.0
        at[missing[0]] = x[int(np.argmax(near))]
    start = np.array([at[c] for c in names], np.float64)
    active = np.ones(len(x), bool)
    active[list(passive)] = False
    centres, member = _settled(x, start, active)
    strays = np.zeros(len(x), bool)
    if outlying is not None:
        strays = active & _strays(x, centres, member, active, outlying)
        strays[list(anchors)] = False  # a face read surely is its set's, however far its ink
        if strays.any():
            active &= ~strays
            centres, member = _settled(x, start, active)
    spread = (
        np.concatenate([x[(member == j) & active] - centres[j] for j in range(len(names))]).std(axis=0) + 1.0
    )
    distance = np.linalg.norm((x[:, None] - centres[None]) / spread, axis=2)
    order = np.argsort(distance, axis=1)
    calls = [
        Call(names[int(row[0])], 0.0, doubts_only=True)
        if strays[i]
        else Call(names[int(row[0])], float(distance[i, row[1]] - distance[i, row[0]]))
        for i, row in enumerate(order)
    ]
    # one sure tile may be surely wrong (it is then a question): the rest must all agree
    agreed = sum(calls[i].colour == c for i, c in anchors.items())
    trusted = agreed / len(anchors) >= AGREE or (agreed >= ANCHORS and agreed >= len(anchors) - 1)
    if missing and hints is not None:
        members = np.flatnonzero(member == names.index(missing[0]))
        leaning = sum(hints.get(int(i)) == missing[0] for i in members)
        trusted = trusted and len(members) >= ELIMINATED and leaning >= LEANING * len(members)
    elif (
        not trusted
        and agreed >= ANCHORS
        and (
            agreed / len(anchors) >= DOUBT_AGREE
            or (agreed >= DOUBT_MANY and agreed / len(anchors) >= DOUBT_AGREE_MANY)
        )
    ):
        scaled = centres / spread
        apart = min(
            float(np.linalg.norm(scaled[a] - scaled[b]))
            for a in range(len(names))
            for b in range(a + 1, len(names))
        )
        if apart >= DOUBT_APART:
            return [replace(c, doubts_only=True) for c in calls]
    return calls if trusted else None


def _settled(x: np.ndarray, start: np.ndarray, active: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """k-means from ``start`` over the ``active`` inks: the groups' middles, and each
    ink's group."""
    centres = start
    member = np.zeros(len(x), np.int64)
    for _ in range(10):
        member = np.argmin(np.linalg.norm(x[:, None] - centres[None], axis=2), axis=1)
        centres = np.array(
            [
                x[(member == j) & active].mean(axis=0) if ((member == j) & active).any() else centres[j]
                for j in range(len(centres))
            ]
        )
    return centres, member


def _strays(
    x: np.ndarray, centres: np.ndarray, member: np.ndarray, active: np.ndarray, outlying: float
) -> np.ndarray:
    """The inks ``outlying`` robust spreads (median absolute deviations, scaled as a
    normal's) or more from their group's middle: one stray ink widens a plain spread
    until the groups seem too close to tell apart."""
    off = x - centres[member]
    mad = 1.4826 * np.median(np.abs(off[active]), axis=0) + 1.0
    far: np.ndarray = np.linalg.norm(off / mad, axis=1) >= outlying
    return far
