"""A look learned from the enrolled photos: what tells the labels apart at the camera's size.

The other looks compare a crop with each enrolled photo as it is. A photo is sharp and lit
by one lamp; at the table a 35 mm tile is some 40 top-view pixels under another lamp, and
thin line art or a medallion's hue then hardly correlates with its own photo better than
with its neighbours'. Here every enrolled photo is first copied as a camera might show it
— smaller and blurred by a random amount, turned a few degrees, shifted, scaled, under a
warmer or cooler, brighter or dimmer, unevenly falling light, with sensor noise — and a
linear discriminant (LDA with shrinkage) is fitted on those copies: it learns which parts
of a face still differ between labels once the camera has had its way, and weighs them.

Each crop is described against its own light ground (its brightest quarter), so the lamp's
colour and strength are divided out before anything is compared: a grey picture (the
face's drawing), the directions of its edges cell by cell (a blurred thin line still runs
the way it ran), and its colour as log-chromaticity block by block (a set's hue, also where
it shows only in a rim). The copies are made from a fixed seed: the same catalogue always
gives the same look, and is learned once per catalogue (``trained_look`` keeps it).

The posteriors are tempered on a second set of copies (other seed) so that they are not
overconfident on copies the discriminant never saw; the reader still treats the look as a
second opinion beside the others (path_reader.py), never as the only one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import cv2
import numpy as np

from vision.faces import Kept, Match, crop_patch, photos_digest

SIDE = 32  # the described crop of a tile, pixels square
CARD = (32, 48)  # …and of a card (width, height)
INNER = 0.9  # the share of the face's side described: out towards the rim, not over it
COPIES = 24  # camera-like copies per enrolled photo and quarter turn
SHRINK = 0.25  # how far the within-label spread is drawn towards a plain one (LDA shrinkage)
GRID = 16  # the grey picture, pixels square
CELLS, BINS = 4, 8  # the edges' directions: cells per side, directions per cell
BLOCKS = 8  # the colour: blocks per side
VIEW_SIDE = (30.0, 60.0)  # top-view pixels a face may span at the table
VIEW_BLUR = (0.4, 1.8)  # the camera's and the warp's blur, in top-view pixels
SEEN_BLUR = (0.0, 0.6)  # …added to a face the camera already blurred (confirmed at the table)
HINT = 0.5  # the trained look's first label leads the labels a question offers from here on…
PAIR = 0.9  # …and a tile's first two, together this sure…
PAIR_SECOND = 0.05  # …the second at least this sure, are both offered
_LEARNED = Kept(8)  # the looks of the last few catalogues


@dataclass
class Opinion:
    """The look's verdict on one crop: labels best first with their probabilities."""

    labels: tuple[str, ...]
    probs: tuple[float, ...]

    @property
    def label(self) -> str:
        return self.labels[0]

    @property
    def prob(self) -> float:
        return self.probs[0]

    def of(self, label: str) -> float:
        return self.probs[self.labels.index(label)] if label in self.labels else 0.0


@dataclass(frozen=True)
class Trust:
    """How far a reader lets the trained look move a face the other looks read. It
    confirms (an unsure face whose first label it names at least ``sure`` surely is read,
    at ``confidence``) or doubts (a face read less surely than ``doubt_below`` that it
    takes for another at least ``veto`` surely becomes a question). Where ``promote`` is
    set it may also settle an unsure face on the other looks' runner-up, when it names that
    label at least ``promote`` surely — never a label the other looks did not put first or
    second: measured on the tuned families, it confirms many of the other looks' first
    labels rightly, and is surely wrong about as often as they are, on other faces — two
    looks at odds make a question. ``confidence`` stays below the readers' anchors for the
    frame's colours, which would carry one confirmed slip on to others."""

    sure: float = 0.9
    confidence: float = 0.85
    veto: float = 0.99
    doubt_below: float = 0.95
    promote: float | None = None
    veto_whole: float | None = None  # the veto for a face the other looks read fully surely (None: ``veto``)
    # an unsure face of a set is read as the kind the trained look is at least ``kind``
    # sure of, in the colour both it (at least ``kind_colour`` surely) and the other looks
    # put first (None: never)…
    kind: float | None = None
    kind_colour: float = 0.95
    # …and only a face the other looks found clearly like an enrolled one (a face missing
    # from the catalogue gets a sure kind too), their label among their ``kind_among``
    # first where that is set (0: anywhere — line art's attractors push it far down)
    kind_score: float = 0.8
    kind_among: int = 0
    # a face is confirmed or settled only where the trained look is at least this sure of
    # its colour (summed over the kinds; None: no such check) — blurred thin line art's blue
    # and green masks it tells apart no better than the other looks
    colour_sure: float | None = None

    def veto_for(self, confidence: float) -> float:
        return self.veto if self.veto_whole is None or confidence < 1.0 else self.veto_whole


def weigh(
    match: Match, opinion: Opinion, min_confidence: float, trust: Trust, least_score: float | None = None
) -> tuple[Match, str | None]:
    """The other looks' ``match`` after the trained look's ``opinion``, and the label the
    trained look doubts it for (None where it does not). A match the other looks gave no
    confidence at all is confirmed only where its score reaches ``least_score`` (never
    without one): the trained look knows only the enrolled labels and names one of them
    for anything, a face missing from the catalogue or a glare included, so only a face
    that does look like an enrolled one may be confirmed from nothing."""
    leaning = match.confidence > 0 or (least_score is not None and match.score >= least_score)
    if match.confidence < min_confidence:
        if (
            leaning
            and opinion.label == match.label
            and opinion.prob >= trust.sure
            and _colour_sure(opinion, trust)
        ):
            return replace(match, confidence=max(match.confidence, trust.confidence)), None
        second = match.ranked[1] if len(match.ranked) > 1 else None
        if (
            trust.promote is not None
            and match.confidence > 0
            and opinion.label == second
            and opinion.prob >= trust.promote
        ):
            ranked = (second, match.label, *match.ranked[2:])
            settled = replace(match, label=second, score=match.runner_up, runner_up=match.score)
            return replace(settled, confidence=trust.confidence, ranked=ranked), None
        if trust.kind is not None and leaning and match.score >= trust.kind_score:
            label = _kind_label(match, opinion, trust)
            if label is not None:
                ranked = (label, *(n for n in match.ranked if n != label))
                score = match.scores_by_label().get(label, match.score)
                return replace(
                    match, label=label, score=score, ranked=ranked, confidence=trust.confidence
                ), None
    elif (
        match.confidence < trust.doubt_below
        and opinion.label != match.label
        and opinion.prob >= trust.veto_for(match.confidence)
    ):
        return replace(match, confidence=0.0), opinion.label
    return match, None


def by_kind_and_colour(opinion: Opinion) -> tuple[str, float, str, float] | None:
    """The trained look's likeliest kind and colour of a tile with their probabilities
    (summed over the labels sharing them); None where its first label is of no set."""
    kinds: dict[str, float] = {}
    colours: dict[str, float] = {}
    for label, p in zip(opinion.labels, opinion.probs, strict=True):
        kind, _, colour = label.partition("-")
        kinds[kind] = kinds.get(kind, 0.0) + p
        if colour:
            colours[colour] = colours.get(colour, 0.0) + p
    kind = max(kinds, key=kinds.__getitem__)
    if not colours or not opinion.label.partition("-")[2]:
        return None
    colour = max(colours, key=colours.__getitem__)
    return kind, kinds[kind], colour, colours[colour]


def _colour_sure(opinion: Opinion, trust: Trust) -> bool:
    """Whether the trained look is ``trust.colour_sure`` sure of its first label's colour
    (a face of no set has none to be unsure of)."""
    apart = by_kind_and_colour(opinion)
    return trust.colour_sure is None or apart is None or apart[3] >= trust.colour_sure


def _kind_label(match: Match, opinion: Opinion, trust: Trust) -> str | None:
    """The label of the kind the trained look is at least ``trust.kind`` sure of, in the
    colour it is at least ``trust.kind_colour`` sure of where that is the other looks'
    first label's colour (and the label among their first ``trust.kind_among``, if set)."""
    apart = by_kind_and_colour(opinion)
    if (
        apart is None
        or apart[1] < (trust.kind or 1.0)
        or apart[3] < max(trust.kind_colour, trust.colour_sure or 0)
    ):
        return None
    kind, _, colour, _ = apart
    label = f"{kind}-{colour}"
    among = match.ranked[: trust.kind_among] if trust.kind_among else opinion.labels
    return label if colour == match.label.partition("-")[2] and label in among else None


def to_ask(
    ranked: Sequence[str], opinion: Opinion | None, many: int = 2, pair: float | None = None
) -> list[str]:
    """The labels to offer the table for a face the reader would not name, likeliest first:
    the other looks' ``ranked`` labels, led by the trained look's first where it is at
    least ``HINT`` sure. Among the faces the bench's readers leave unsure it is the
    likelier one by far (line art: the right label among the two offered 25 % → 95 % of
    the time), though not sure enough to be read without asking (``Trust``). With
    ``pair``, its first two lead where together they are that sure and the second is at
    least ``PAIR_SECOND`` sure: torn between two (line art's green and blue masks), it is
    likelier right about those two than the other looks' first, an attractor's face there;
    all but sure of one, the other looks' first is the better second guess. Cards pass no
    ``pair``: the card look's second is the worse guess there."""
    lead: list[str] = []
    if opinion is not None and opinion.prob >= HINT:
        torn = len(opinion.probs) > 1 and opinion.probs[1] >= PAIR_SECOND
        both = pair is not None and torn and sum(opinion.probs[:2]) >= pair
        lead = list(opinion.labels[:2]) if both else [opinion.label]
    return list(dict.fromkeys([*lead, *ranked]))[:many]


def _ground_balanced(p: np.ndarray) -> np.ndarray:
    """Patches (N×H×W×3, float) divided by each one's brightest quarter, channel by channel:
    the face's own light ground becomes 1 in every channel, whatever lamp lit it."""
    n = p.shape[0]
    flat = p.reshape(n, -1, 3)
    grey = flat.sum(axis=2)
    k = grey.shape[1]
    cut = np.partition(grey, (3 * k) // 4, axis=1)[:, (3 * k) // 4, None]
    bright = (grey >= cut).astype(np.float32)
    ground = np.einsum("np,npc->nc", bright, flat) / np.maximum(bright.sum(axis=1), 1)[:, None]
    return p / np.maximum(ground, 1.0)[:, None, None, :]


def _pool(a: np.ndarray, k: int) -> np.ndarray:
    """N×H×W(×C) → N×k×k(×C) block means (H and W multiples of k)."""
    n, h, w = a.shape[:3]
    rest = a.shape[3:]
    return a.reshape(n, k, h // k, k, w // k, *rest).mean(axis=(2, 4))


def features(patches: np.ndarray) -> np.ndarray:
    """N×H×W×3 crops (BGR, 0–255) → N×D descriptions against their own light ground."""
    p = _ground_balanced(patches.astype(np.float32) + 1.0)
    n, h, w, _ = p.shape
    grey = p.mean(axis=3)
    z = grey - grey.mean(axis=(1, 2), keepdims=True)
    z /= np.maximum(z.std(axis=(1, 2), keepdims=True), 1e-3)
    picture = _pool(z, GRID).reshape(n, -1)
    gy, gx = np.gradient(z, axis=(1, 2))
    strength = np.hypot(gx, gy)
    way = (np.arctan2(gy, gx) % np.pi) * (BINS / np.pi)
    low = np.floor(way)
    part = way - low
    low = low.astype(np.int64) % BINS
    # each pixel votes for the two directions either side of its own, in its cell
    cell = (np.arange(h)[:, None] * CELLS // h) * CELLS + (np.arange(w)[None, :] * CELLS // w)
    base = (np.arange(n)[:, None, None] * CELLS * CELLS + cell[None]) * BINS
    size = n * CELLS * CELLS * BINS
    votes = np.bincount((base + low).ravel(), (strength * (1 - part)).ravel(), size)
    votes += np.bincount((base + (low + 1) % BINS).ravel(), (strength * part).ravel(), size)
    hist = np.sqrt(votes / ((h // CELLS) * (w // CELLS))).reshape(n, -1)
    hist /= np.maximum(np.linalg.norm(hist, axis=1, keepdims=True), 1e-6)
    logs = np.log(np.maximum(p, 0.02))
    chroma = np.stack([logs[..., 2] - logs[..., 1], logs[..., 0] - logs[..., 1]], axis=3)
    colour = _pool(chroma, BLOCKS).reshape(n, -1)
    return np.concatenate([picture, hist * 8.0, colour * 4.0], axis=1).astype(np.float32)


def camera_copies(
    face: np.ndarray,
    size: tuple[int, int],
    copies: int,
    rng: np.random.Generator,
    inner: float = INNER,
    blur: tuple[float, float] = VIEW_BLUR,
) -> np.ndarray:
    """``copies`` crops (``size`` = (w, h)) of one upright face as a camera at the table
    might show them: each smaller and blurred (``blur``: top-view pixels), turned,
    shifted and scaled a little, under another light's colour, strength and fall-off,
    with noise."""
    fh, fw = face.shape[:2]
    src = face.astype(np.float32)
    out = np.empty((copies, size[1], size[0], 3), np.float32)
    for k in range(copies):
        view_side = rng.uniform(*VIEW_SIDE)
        sigma = rng.uniform(*blur) * fw / view_side
        blurred = cv2.GaussianBlur(src, (0, 0), sigma)
        angle = rng.uniform(-5.0, 5.0)
        scale = rng.uniform(0.94, 1.06)
        centre = np.array([fw / 2 + rng.uniform(-0.05, 0.05) * fw, fh / 2 + rng.uniform(-0.05, 0.05) * fh])
        side = (fw * scale, fh * scale)
        out[k] = crop_patch(blurred, centre, side, angle, size, inner, cv2.BORDER_REFLECT)
    # the light: a colour cast (warmer or cooler, and a little of anything), a strength, a
    # fall-off across the face, a gamma, then the sensor's noise
    t = rng.uniform(-0.25, 0.25, copies)
    gains = np.exp(rng.normal(0.0, 0.06, (copies, 3)) + np.stack([-t, np.zeros(copies), t], axis=1))
    gains *= rng.uniform(0.55, 1.25, (copies, 1))
    v, u = np.mgrid[0 : size[1], 0 : size[0]].astype(np.float32)
    u, v = u / size[0] - 0.5, v / size[1] - 0.5
    slope = rng.uniform(-0.3, 0.3, (copies, 2))
    fall = 1.0 + slope[:, 0, None, None] * u + slope[:, 1, None, None] * v
    lit = out / 255.0 * gains[:, None, None, :] * fall[..., None]
    gamma = rng.uniform(0.8, 1.25, (copies, 1, 1, 1))
    lit = np.clip(lit, 0.0, 1.0) ** gamma * 255.0
    lit += rng.normal(0.0, 1.0, lit.shape) * rng.uniform(0.0, 6.0, (copies, 1, 1, 1))
    return np.clip(lit, 0, 255)


class TrainedLook:
    """The discriminant of one catalogue's faces. ``turns``: the quarter turns a face may
    lie in (a card only upright or upside down); each label and turn is a class of its
    own, and a label's probability is its turns' together."""

    def __init__(
        self,
        faces: Sequence[tuple[str, np.ndarray]],
        turns: tuple[int, ...] = (0, 1, 2, 3),
        size: tuple[int, int] = (SIDE, SIDE),
        seed: int = 17,
        seen: Sequence[tuple[str, np.ndarray]] = (),
    ) -> None:
        """``seen``: faces the players confirmed at the table, cut from the camera's own
        frames: already as blurred as the camera makes them, they are copied with little
        more blur, and only for labels that have a photo (a crop alone would be the only
        example of its label, and attract every blurred face)."""
        self.size, self.turns = size, turns
        self.names = sorted({label for label, _ in faces})
        seen = [(label, image) for label, image in seen if label in self.names]
        classes: list[tuple[str, int]] = sorted({(label, t) for label, _ in faces for t in turns})
        self.class_label = np.array([self.names.index(label) for label, _ in classes], np.int64)
        self.class_onehot = np.eye(len(self.names))[self.class_label]  # classes × labels
        rng = np.random.default_rng(seed)
        train_x, train_y = self._copies(faces, classes, COPIES, rng)
        if seen:
            more_x, more_y = self._copies(seen, classes, COPIES // 2, rng, SEEN_BLUR)
            train_x, train_y = np.concatenate([train_x, more_x]), np.concatenate([train_y, more_y])
        self.shift = train_x.mean(axis=0)
        self.scale = np.maximum(train_x.std(axis=0), 1e-3)
        x = (train_x - self.shift) / self.scale
        means = np.stack([x[train_y == c].mean(axis=0) for c in range(len(classes))])
        within = x - means[train_y]
        cov = within.T @ within / max(len(x) - len(classes), 1)
        d = cov.shape[0]
        cov = (1 - SHRINK) * cov + SHRINK * (np.trace(cov) / d) * np.eye(d, dtype=cov.dtype)
        precision_means = np.linalg.solve(cov, means.T)  # D × classes
        self.weights = precision_means.astype(np.float32)
        self.bias = (-0.5 * np.einsum("cd,dc->c", means, precision_means)).astype(np.float32)
        # temper the scores on copies made with another seed: the discriminant is
        # overconfident on what it was fitted to
        val_x, val_y = self._copies(faces, classes, max(4, COPIES // 3), np.random.default_rng(seed + 1))
        self.temperature = 1.0
        self.temperature = self._fit_temperature(self._scores(val_x), self.class_label[val_y])

    def _copies(
        self,
        faces: Sequence[tuple[str, np.ndarray]],
        classes: list[tuple[str, int]],
        copies: int,
        rng: np.random.Generator,
        blur: tuple[float, float] = VIEW_BLUR,
    ) -> tuple[np.ndarray, np.ndarray]:
        xs, ys = [], []
        for label, image in faces:
            for turn in self.turns:
                crops = camera_copies(np.rot90(image, turn).copy(), self.size, copies, rng, blur=blur)
                xs.append(features(crops))
                ys.append(np.full(copies, classes.index((label, turn)), np.int64))
        return np.concatenate(xs), np.concatenate(ys)

    def _scores(self, x: np.ndarray) -> np.ndarray:
        return ((x - self.shift) / self.scale) @ self.weights + self.bias

    def _label_log_probs(self, scores: np.ndarray) -> np.ndarray:
        """Class scores → each label's log probability (its classes' together)."""
        s = scores / self.temperature
        s = s - s.max(axis=1, keepdims=True)
        p = np.exp(s)
        per_label = p @ self.class_onehot
        return np.log(np.maximum(per_label / per_label.sum(axis=1, keepdims=True), 1e-300))

    def _fit_temperature(self, scores: np.ndarray, truth: np.ndarray) -> float:
        best, best_t = math.inf, 1.0
        for t in np.geomspace(0.5, 200.0, 40):
            self.temperature = float(t)
            nll = -float(self._label_log_probs(scores)[np.arange(len(truth)), truth].mean())
            if nll < best:
                best, best_t = nll, float(t)
        return best_t

    def _probs(self, crops: Sequence[np.ndarray]) -> np.ndarray:
        x = features(np.array([cv2.resize(c, self.size, interpolation=cv2.INTER_AREA) for c in crops]))
        return np.exp(self._label_log_probs(self._scores(x)))

    def _opinion(self, probs: np.ndarray) -> Opinion:
        order = np.argsort(probs)[::-1]
        return Opinion(tuple(self.names[i] for i in order), tuple(float(probs[i]) for i in order))

    def opinion(self, crops: Sequence[np.ndarray]) -> Opinion:
        """One face from a few crops of it (small shifts): their log probabilities summed
        would count one face several times, so the crops' probabilities are averaged."""
        return self._opinion(self._probs(crops).mean(axis=0))

    def opinions(self, crops: Sequence[np.ndarray]) -> list[Opinion]:
        """One opinion per crop, each of another face: described all at once."""
        return [self._opinion(row) for row in self._probs(crops)] if len(crops) else []


def trained_look(
    faces: Sequence[tuple[str, np.ndarray]],
    turns: tuple[int, ...] = (0, 1, 2, 3),
    size: tuple[int, int] = (SIDE, SIDE),
    seen: Sequence[tuple[str, np.ndarray]] = (),
) -> TrainedLook:
    """The look of these faces (and those ``seen`` at the table), learned once and kept
    for the next reader of the same catalogue (a table's reader is made anew for each
    benchmark frame and each game)."""
    key = photos_digest([*faces, *seen], repr((turns, size, len(faces))))
    look: TrainedLook = _LEARNED.get(key, lambda: TrainedLook(faces, turns, size, seen=seen))
    return look
