"""Following a rendered game's path: the first reading fixes the places, then still frames
vote on which places are bare; hands, movement and unreadable frames make it wait, one
bad frame never becomes an observation, and a camera nudged mid-game re-finds the places.

Scenes are small (16 tiles, easy and medium levels) and each table state is rendered
once; consecutive frames of it differ by fresh sensor noise, as a camera's do.
"""

from __future__ import annotations

import random
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.catalogue import Catalogue, enroll
from vision.path_tracker import Observation, PathLayout, PathTracker, Waiting
from vision.synth.art import PAWNS, TILE_LABELS, ArtStyle
from vision.synth.tiles import TableScene, write_enrolment_set

KINDS = {"scarab": 1, "cat": 2, "horus": 4, "anubis": 6, "mask": 8}
BOX = [f"{k}-{c}" for k, n in KINDS.items() for c in ("green", "blue", "purple") for _ in range(n)]
BOX += ["goldbag"] * 3 + ["pharaoh"] * 3
RED, LIME = "pawn-red", "pawn-lime"


def short_path(seed: int) -> list[str]:
    tiles = BOX[:]
    random.Random(seed).shuffle(tiles)
    return [*tiles[:15], "kingtut"]


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory: pytest.TempPathFactory) -> Catalogue:
    folder = tmp_path_factory.mktemp("enrol")
    write_enrolment_set(folder, [*TILE_LABELS, *PAWNS], ArtStyle(), seed=11)
    cat, problems = enroll("tutankhamen", folder)
    assert problems == []
    return cat


class Table:
    """A rendered table whose states are drawn once; ``frames`` adds fresh noise."""

    def __init__(self, seed: int, level: str = "easy") -> None:
        self.labels = short_path(seed)
        self.scene = TableScene(self.labels, seed=seed, level=level)
        self.cache: dict[tuple[object, ...], np.ndarray] = {}
        self.noise = np.random.default_rng(seed)

    def image(
        self, gone: tuple[int, ...] = (), pawns: dict[str, int] | None = None, hand: bool = False
    ) -> np.ndarray:
        key = (gone, tuple(sorted((pawns or {}).items())), hand)
        if key not in self.cache:
            present = [i not in gone for i in range(len(self.labels))]
            self.cache[key] = self.scene.render(present=present, pawns=pawns or {}, hand=hand).image
        return self.cache[key]

    def frames(
        self, n: int, gone: tuple[int, ...] = (), pawns: dict[str, int] | None = None
    ) -> list[np.ndarray]:
        base = self.image(gone, pawns).astype(np.int16)
        return [
            np.clip(base + self.noise.normal(0, 1.5, base.shape), 0, 255).astype(np.uint8) for _ in range(n)
        ]


@pytest.fixture(scope="module")
def table() -> Table:
    return Table(seed=2)


def learnt(catalogue: Catalogue, table: Table) -> PathTracker:
    tracker = PathTracker(catalogue)
    reading = tracker.learn(table.image())
    assert reading.labels == table.labels
    return tracker


def observe(tracker: PathTracker, frames: list[np.ndarray]) -> list[Observation | Waiting | None]:
    return [tracker.feed(frame) for frame in frames]


def test_the_first_reading_fixes_every_place(catalogue: Catalogue, table: Table) -> None:
    tracker = learnt(catalogue, table)
    layout = tracker.layout
    assert layout is not None and len(layout) == 16 and layout.labels == table.labels
    steps = np.linalg.norm(np.diff(layout.centres_mm, axis=0), axis=1)
    assert 33 < float(np.median(steps)) < 40  # neighbours lie a tile's pitch apart, in mm
    again = PathLayout.from_json(layout.to_json())
    assert again.labels == layout.labels and np.allclose(again.centres_mm, layout.centres_mm, atol=0.01)
    assert np.array_equal(again.looks, layout.looks)


def test_a_sequence_of_takes_is_followed_place_by_place(catalogue: Catalogue, table: Table) -> None:
    """Take 3 (red stands there), then 7 (lime), then the clean-up of 0-2 behind both:
    each table state, once still frames agree, is reported exactly."""
    tracker = learnt(catalogue, table)
    states: list[tuple[tuple[int, ...], dict[str, int]]] = [
        ((), {}),
        ((3,), {RED: 3}),
        ((3, 7), {RED: 3, LIME: 7}),
        ((0, 1, 2, 3, 7), {RED: 3, LIME: 7}),
    ]
    for gone, pawns in states:
        results = observe(tracker, table.frames(4, gone, pawns))
        assert isinstance(results[0], Waiting) and results[0].code == "moving"  # the table just changed
        assert results[1:3] == [None, None]  # still frames gathering the vote
        seen = results[3]
        assert isinstance(seen, Observation)
        assert seen.removed == list(gone) and seen.unreadable == []
        assert seen.pawns == pawns


def test_one_bad_frame_is_outvoted(catalogue: Catalogue, table: Table) -> None:
    """A frame that (wrongly) shows tile 5 gone, between good ones, changes nothing."""
    tracker = learnt(catalogue, table)
    good = table.frames(5)
    bad = table.frames(1, gone=(5,))[0]
    tracker.settings.still_share = 1.0  # let the bad frame count as still: the vote must catch it
    results = observe(tracker, [good[0], good[1], bad, good[2], good[3]])
    votes = [r for r in results if isinstance(r, Observation)]
    assert votes and all(v.removed == [] for v in votes)
    assert tracker.look(bad).present[5] is False  # the frame itself did look wrong


def test_a_hand_over_the_table_makes_it_wait_and_starts_the_vote_over(
    catalogue: Catalogue, table: Table
) -> None:
    tracker = learnt(catalogue, table)
    hand = table.image(hand=True)
    results = observe(tracker, [*table.frames(2), hand, hand, *table.frames(4)])
    assert results[1] is None  # one still frame counted
    assert isinstance(results[2], Waiting)  # the hand came in: the table moved
    assert isinstance(results[3], Waiting) and results[3].code == "hand-over-table"
    assert results[3].reason == "a hand is over the table"
    assert isinstance(results[4], Waiting) and results[4].code == "moving"  # the hand left
    assert results[5:7] == [None, None]  # the vote starts over: nothing from before the hand counts
    assert isinstance(results[7], Observation) and results[7].removed == []


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        (None, "empty-frame"),
        (np.zeros((720, 1280, 3), np.uint8), "too-dark"),
        (np.full((720, 1280, 3), 255, np.uint8), "overexposed"),
        (np.zeros((720, 1280), np.float32), "not-an-image"),
        ("not a frame", "empty-frame"),
    ],
)
def test_frames_that_cannot_be_read_are_waited_out(
    catalogue: Catalogue, table: Table, frame: object, code: str
) -> None:
    tracker = learnt(catalogue, table)
    tracker.feed(table.frames(1)[0])
    result = tracker.feed(frame)
    assert isinstance(result, Waiting) and result.code == code and result.reason
    assert len(tracker.window) == 0


def test_covered_corner_markers_are_a_reason_to_wait(catalogue: Catalogue, table: Table) -> None:
    tracker = PathTracker(catalogue, learnt(catalogue, table).layout)  # a fresh reader: no calibration kept
    frame = table.frames(1)[0]
    frame[:, :160] = 40  # the left corner markers under a cloth
    tracker.still(frame)
    result = tracker.feed(frame)
    assert isinstance(result, Waiting) and result.code == "corner-markers-missing"


def test_a_nudged_camera_re_finds_the_places(catalogue: Catalogue, table: Table) -> None:
    """The camera moved 14 px and turned slightly mid-game: the markers moved, the
    calibration is made anew and the places (kept in table mm) are found again."""
    tracker = learnt(catalogue, table)
    turn = cv2.getRotationMatrix2D((640, 360), 1.5, 1.0)
    turn[:, 2] += (14, -9)
    frames = [
        cv2.warpAffine(f, turn, (1280, 720), borderMode=cv2.BORDER_REPLICATE)
        for f in table.frames(4, gone=(4,), pawns={RED: 4})
    ]
    seen = observe(tracker, frames)[-1]
    assert isinstance(seen, Observation) and seen.removed == [4] and seen.pawns == {RED: 4}


def test_a_medium_table_with_pawns_on_bare_places(catalogue: Catalogue) -> None:
    medium = Table(seed=5, level="medium")
    tracker = learnt(catalogue, medium)
    gone = (0, 1, 6, 9)
    seen = observe(tracker, medium.frames(4, gone, {RED: 6, LIME: 9}))[-1]
    assert isinstance(seen, Observation) and seen.removed == list(gone)


def test_before_the_first_reading_there_is_nothing_to_follow(catalogue: Catalogue, table: Table) -> None:
    tracker = PathTracker(catalogue)
    tracker.feed(table.frames(1)[0])
    result = tracker.feed(table.frames(1)[0])
    assert isinstance(result, Waiting) and result.code == "no-layout"


def test_a_layout_file_that_is_damaged_is_refused(tmp_path: Path, catalogue: Catalogue, table: Table) -> None:
    doc = learnt(catalogue, table).layout.to_json()  # type: ignore[union-attr]
    doc["labels"] = doc["labels"][:-1]
    with pytest.raises(ValueError):
        PathLayout.from_json(doc)
