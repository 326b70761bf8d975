"""What the box holds: labels given to all of a reading's faces at once.

A box holds a known number of each face — one scarab of each colour, two cats, … in
Tutankhamen; so many copies of each card in an Ankh deck. Faces read one by one can
name the one green scarab three times; labels assigned jointly cannot: ``assign`` finds
the labelling of least total cost in which no label is used more often than the box
holds it, and leaves a face unreadable rather than force a label on it that it does not
look like. ``hold_to_box`` applies that to a reader's matches: a face pushed off the
label it looked most like is relabelled only when its next label is itself a clear
call, otherwise it becomes a question for the table — a wrong answer is far worse.

Tutankhamen's counts come from the rules' own box data (engines/tutankhamen/tiles.py,
plain data); an Ankh deck's only from whoever knows the box (``CardSettings.deck``, else
the box declared when the cards were enrolled: ``scarab vision enroll --deck``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from scipy.optimize import linear_sum_assignment

from vision.faces import Match, verdict

OTB_ONLY = frozenset({"goldbag", "pharaoh", "kingtut"})
AMIGO_ONLY = frozenset({"nugget", "canopic"})


@dataclass(frozen=True)
class Assignment:
    labels: list[str | None]  # per item: its label, or None (left unreadable)
    changed: list[int]  # the items whose label is not their own best one


def assign(
    scores: np.ndarray, names: Sequence[str], capacity: Sequence[int], floor: float | np.ndarray
) -> Assignment:
    """Labels for all items at once (``scores``: items × labels, higher is better; −inf
    where a label is out of the question), each label ``names[j]`` used at most
    ``capacity[j]`` times, for the greatest total score. An item goes unreadable (None)
    rather than take a label scoring below ``floor`` (one value, or one per item)."""
    n, k = scores.shape
    if n == 0 or k == 0:
        return Assignment([None] * n, [])
    floors = np.broadcast_to(np.asarray(floor, np.float64), (n,))
    own = [names[j] if scores[i, j] >= floors[i] else None for i, j in enumerate(scores.argmax(axis=1))]
    copies = np.minimum(np.maximum(np.asarray(capacity, np.int64), 0), n)  # more than n is never used
    column_label = np.repeat(np.arange(k), copies)
    worst = float(np.min(floors)) - 1.0  # worse than unreadable for everyone, yet finite
    wanted = np.where(np.isfinite(scores), scores, worst)
    wanted = np.where(wanted < floors[:, None], worst, wanted)
    # one "unreadable" column per item, worth its floor (a hair less: a label scoring
    # exactly the floor is taken rather than left)
    unreadable = np.repeat(floors[:, None] - 1e-9, n, axis=1)
    cost = -np.hstack([wanted[:, column_label], unreadable])
    rows, cols = linear_sum_assignment(cost)
    labels: list[str | None] = [None] * n
    for i, c in zip(rows, cols, strict=True):
        labels[i] = names[column_label[c]] if c < len(column_label) else None
    return Assignment(labels, [i for i in range(n) if labels[i] != own[i]])


@dataclass(frozen=True)
class Outcome:
    """One face the box changed: its new label (None: unreadable) and why."""

    label: str | None
    confidence: float
    reason: str


def hold_to_box(
    matches: Sequence[Match | None],
    readable: Sequence[bool],
    box: Mapping[str, int],
    min_score: float,
    min_margin: float,
    sure: float,
    noun: str = "box",
) -> dict[int, Outcome]:
    """The faces whose reading the box's counts change, by their index in ``matches``.
    Only the ``readable`` faces take part: an unreadable one is already a question.
    ``box`` maps a label to how many the box holds (a label it does not name: any
    number). A face pushed off its label keeps the next one only when that one scores
    a confidence of ``sure`` among the labels still free and the face was not that sure
    of its own label (then the reading contradicts itself: someone must look); a face
    that keeps a label less than clearly ahead of one pushed off it (by less than twice
    ``min_margin``, where a reader's confidence stops growing) is made a question too."""
    read = {i: m for i, m in enumerate(matches) if m is not None and readable[i]}
    items = list(read)
    claimed: dict[str, list[int]] = {}
    for i, m in read.items():
        claimed.setdefault(m.label, []).append(i)
    if all(len(held) <= box.get(label, len(held)) for label, held in claimed.items()):
        return {}
    vectors = [read[i].scores_by_label() | {read[i].label: read[i].score} for i in items]
    names = sorted({name for vector in vectors for name in vector})
    scores = np.array([[vector.get(name, -np.inf) for name in names] for vector in vectors])
    capacity = [box.get(name, len(items)) for name in names]
    result = assign(scores, names, capacity, min_score)
    given = dict(zip(items, result.labels, strict=True))
    full = {name for name, cap in zip(names, capacity, strict=True) if result.labels.count(name) >= cap}
    out: dict[int, Outcome] = {}
    for i, vector in zip(items, vectors, strict=True):
        m = read[i]
        if given[i] != m.label:
            free = {n: v for n, v in vector.items() if n == given[i] or n not in full}
            out[i] = _pushed(
                m, given[i], vector, free, _only(m.label, box, noun), min_score, min_margin, sure
            )
    placed = {i: None if i in out and out[i].label is None else given[i] for i in items}
    for label, held in claimed.items():
        out.update(_narrow_keepers(label, held, placed, read, box, min_margin, noun))
    return out


def contested(
    matches: Sequence[Match | None],
    readable: Sequence[bool],
    boxed: Mapping[int, Outcome],
    doubts: Sequence[str | None],
    box: Mapping[str, int],
    noun: str = "box",
) -> dict[int, Outcome]:
    """Faces read as a label the box holds no more of than are read, where faces the
    trained look doubts (``doubts``: its other label, or None) also look like it: as
    many of them as the doubted faces overfill the box by, those that look least like
    the label, become questions. A doubted face is a question already and takes no part
    in ``hold_to_box``, so without this a face misread as its label finds that label
    free — but it is only doubted, so it never pushes a face on to another label."""
    final = _read_as(matches, readable, boxed)
    doubted: dict[str, list[int]] = {}
    for i, m in enumerate(matches):
        if doubts[i] is not None and m is not None and not readable[i]:
            doubted.setdefault(m.label, []).append(i)
    out: dict[int, Outcome] = {}
    for label, held in final.items():
        also = doubted.get(label, [])
        over = len(held) + len(also) - box.get(label, len(held) + len(also))
        if also and over > 0:
            why = f"{_only(label, box, noun)}, and a face the learned look doubts looks like it too"
            weakest = sorted(held, key=lambda i: _score_of(matches[i], label))[:over]
            out.update({i: Outcome(None, 0.0, why) for i in weakest})
    return out


def crowded(
    matches: Sequence[Match | None],
    readable: Sequence[bool],
    boxed: Mapping[int, Outcome],
    box: Mapping[str, int],
    sure: float,
    most: int = 1,
    noun: str = "box",
) -> dict[int, Outcome]:
    """Faces read less than ``sure`` as a label the box holds at most ``most`` of, and no
    more of than are read, where faces read as nothing clearly look like it first too:
    as many of the read faces as the box is then overfilled by, those that look least
    like the label, become questions. A Horus tile blurred at the far end of a tilted
    path was read as the box's one green scarab at 0.85 while the real scarab and another
    tile looked like it unsurely: which one is the scarab is not clear. Labels the box
    holds more of are left alone: unsure faces lean to the commoner labels (ebony's blue
    masks, eight in the box: four read rightly were asked on one photoreal frame)."""
    final = _read_as(matches, readable, boxed)
    looking: dict[str, list[int]] = {}
    for i, m in enumerate(matches):
        if m is not None and not readable[i] and i not in boxed:
            looking.setdefault(m.label, []).append(i)
    out: dict[int, Outcome] = {}
    for label, held in final.items():
        also = looking.get(label, [])
        over = len(held) + len(also) - box.get(label, len(held) + len(also))
        if not also or over <= 0 or box.get(label, most + 1) > most:
            continue
        weak = [i for i in held if i not in boxed and (m := matches[i]) is not None and m.confidence < sure]
        why = f"{_only(label, box, noun)}, and other faces look like it too"
        for i in sorted(weak, key=lambda i: _score_of(matches[i], label))[:over]:
            out[i] = Outcome(None, 0.0, why)
    return out


def overfilled(
    matches: Sequence[Match | None],
    readable: Sequence[bool],
    boxed: Mapping[int, Outcome],
    guessed: Sequence[bool],
    box: Mapping[str, int],
    noun: str = "box",
) -> dict[int, Outcome]:
    """Faces read only as another look's guess (``guessed``: they took no part in
    ``hold_to_box``) whose label the box holds fewer of than are then read: all of
    those guesses become questions, the faces read otherwise keep theirs."""
    count = {label: len(held) for label, held in _read_as(matches, readable, boxed).items()}
    guesses: dict[str, list[int]] = {}
    for i, m in enumerate(matches):
        if guessed[i] and m is not None:
            guesses.setdefault(m.label, []).append(i)
    out: dict[int, Outcome] = {}
    for label, faces in guesses.items():
        if count.get(label, 0) + len(faces) > box.get(label, count.get(label, 0) + len(faces)):
            why = f"{_only(label, box, noun)}; it looks like {label} to the learned look"
            out.update({i: Outcome(None, 0.0, why) for i in faces})
    return out


def _read_as(
    matches: Sequence[Match | None], readable: Sequence[bool], boxed: Mapping[int, Outcome]
) -> dict[str, list[int]]:
    """The faces each label is read for once the box's counts have had their say."""
    final: dict[str, list[int]] = {}
    for i, m in enumerate(matches):
        label = boxed[i].label if i in boxed else (m.label if m is not None and readable[i] else None)
        if label is not None:
            final.setdefault(label, []).append(i)
    return final


def _score_of(match: Match | None, label: str) -> float:
    return -np.inf if match is None else match.scores_by_label().get(label, match.score)


def _pushed(
    m: Match,
    now: str | None,
    vector: dict[str, float],
    free: dict[str, float],
    only: str,
    min_score: float,
    min_margin: float,
    sure: float,
) -> Outcome:
    """A face the assignment moved off its label ``m.label`` to ``now`` (None: no label):
    relabelled if ``now`` is a clear call among the ``free`` labels and the face was not
    sure of its own, else a question naming its two likeliest labels."""
    if now is None:
        others = sorted((n for n in vector if n != m.label), key=lambda n: -vector[n])
        return Outcome(None, 0.0, f"{only}; it looks like " + " or ".join([m.label, *others[:1]]))
    confidence = _confidence(free, min_score, min_margin)
    if confidence >= sure and m.confidence < sure:
        return Outcome(now, confidence, f"{only}: read as {now}")
    return Outcome(None, confidence, f"{only}; it looks like {m.label} or {now}")


def _only(label: str, box: Mapping[str, int], noun: str) -> str:
    count = box.get(label, 0)
    return f"the {noun} has no {label}" if count == 0 else f"the {noun} has only {count} {label}"


def _confidence(free: dict[str, float], min_score: float, min_margin: float) -> float:
    """The confidence of the best of ``free`` labels over the rest, by the readers' own
    rule (``verdict``)."""
    names = list(free)
    scores = np.array([[free[n] for n in names]], np.float32)
    return verdict(scores, np.arange(len(names)), names, min_score, min_margin, 1).confidence


def _narrow_keepers(
    label: str,
    held: list[int],
    placed: Mapping[int, str | None],
    read: Mapping[int, Match],
    box: Mapping[str, int],
    min_margin: float,
    noun: str,
) -> dict[int, Outcome]:
    """The faces that kept ``label`` although one pushed off it, and placed nowhere else
    (``placed``: None), looked nearly as much like it: which is the one in the box is not
    clear. A face relabelled clearly is no rival."""
    kept = [i for i in held if placed[i] == label]
    pushed = [i for i in held if placed[i] is None]
    if not kept or not pushed:
        return {}
    rival = max(read[i].score for i in pushed)
    only = _only(label, box, noun)
    return {
        i: Outcome(None, 0.0, f"{only}, and another face looks as much like it")
        for i in kept
        if read[i].score - rival < 2 * min_margin
    }


def edition_on_path(matches: Iterable[Match | None], sure: float) -> str | None:
    """The edition a path itself shows, when both editions' specials are enrolled: the one
    whose own specials are read surely (``sure`` or more) more than twice as often as the
    other's (an OTB path ends in King Tut); None when it does not say."""
    otb = sum(1 for m in matches if m is not None and m.label in OTB_ONLY and m.confidence >= sure)
    amigo = sum(1 for m in matches if m is not None and m.label in AMIGO_ONLY and m.confidence >= sure)
    if otb > 2 * amigo:
        return "otb2004"
    if amigo > 2 * otb:
        return "amigo"
    return None


def tutankhamen_box(labels: Iterable[str], edition: str | None = None) -> dict[str, int]:
    """How many of each tile the box holds, for the enrolled ``labels``. The sets are
    alike in both editions; the specials only when the edition is known — given, or told
    by the enrolled specials (King Tut, gold bags, pharaohs: OTB 2004; nuggets, canopic
    jars: Amigo). A label the known box does not hold: none."""
    from engines.tutankhamen.tiles import EDITIONS, SET_VALUE

    labels = set(labels)
    if edition is None:
        otb, amigo = bool(labels & OTB_ONLY), bool(labels & AMIGO_ONLY)
        edition = "otb2004" if otb and not amigo else "amigo" if amigo and not otb else None
    if edition is None:  # either box: no more of a special than the box holding most of it
        most: dict[str, int] = {}
        for known in EDITIONS.values():
            for label, count in known.box().items():
                most[label] = max(most.get(label, 0), count)
        return {**dict(SET_VALUE), **most}
    if edition not in EDITIONS:
        raise ValueError(f"unknown Tutankhamen edition {edition!r}: one of {', '.join(sorted(EDITIONS))}")
    box = dict(EDITIONS[edition].box())
    return {**{label: 0 for label in labels}, **box}


def ankh_box(labels: Iterable[str], deck: Mapping[str, int] | None = None) -> dict[str, int]:
    """How many copies of each card the ``deck`` holds, for the enrolled ``labels`` (a card
    it does not name: none). Without a deck, no counts: the rulebook does not give the
    mummy cards' copies nor the papyri, so the documented default box
    (engines/ankh/data/deck.json) is a guess, and a box unlike it would see its true
    cards made questions."""
    if deck is None:
        return {}
    return {**{label: 0 for label in labels}, **deck}
