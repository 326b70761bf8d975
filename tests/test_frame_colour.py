"""The sets' colours told by the frame's own tiles (vision/frame_colour.py)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from vision.catalogue import Catalogue, enroll
from vision.frame_colour import ANCHORS, CLEAR_FROM, DOUBT_MANY, colour_of, group, ink, rings_ink, tile_ink
from vision.path_reader import PathReader, ReaderSettings
from vision.synth.art import PAWNS, TILE_LABELS, ArtStyle
from vision.synth.tiles import TableScene, write_enrolment_set

# the photos' inks of three sets (a*, b* less the ground's), and a frame whose lamp moves
# every colour by the same cast
PHOTOS = {"blue": np.array([5.0, -30.0]), "green": np.array([-25.0, 10.0]), "purple": np.array([25.0, -20.0])}
CAST = np.array([-6.0, 14.0])


def frame_inks(seed: int, per_set: int = 8) -> tuple[list[np.ndarray], list[str]]:
    rng = np.random.default_rng(seed)
    inks, truth = [], []
    for colour, at in PHOTOS.items():
        for _ in range(per_set):
            inks.append(at + CAST + rng.normal(0, 1.5, 2))
            truth.append(colour)
    return inks, truth


def test_a_cast_frame_groups_its_tiles_by_set() -> None:
    inks, truth = frame_inks(1)
    anchors = {i: truth[i] for i in range(0, len(inks), 3)}  # a third read surely
    calls = group(inks, anchors, PHOTOS)
    assert calls is not None
    assert [c.colour for c in calls] == truth
    assert all(c.lead > CLEAR_FROM and c.confidence > 0 for c in calls)
    # an ink halfway between two sets is told to neither
    halfway = (PHOTOS["blue"] + PHOTOS["purple"]) / 2 + CAST
    calls = group([*inks, halfway], anchors, PHOTOS)
    assert calls is not None and calls[-1].confidence == 0.0


def test_groups_that_disagree_with_the_sure_tiles_or_too_few_of_them_tell_nothing() -> None:
    inks, truth = frame_inks(2)
    few = {i: truth[i] for i in range(ANCHORS - 1)}
    assert group(inks, few, PHOTOS) is None
    # an art whose ink says nothing of its set: the sure tiles' sets do not follow the groups
    shuffled = {i: ("blue", "green", "purple")[i % 3] for i in range(0, len(inks), 2)}
    assert group(inks, shuffled, PHOTOS) is None


def test_a_set_no_sure_tile_shows_leaves_the_groups_untold_and_one_dissenter_is_outvoted() -> None:
    inks, truth = frame_inks(3)
    no_purple = {i: truth[i] for i in range(0, len(inks), 2) if truth[i] != "purple"}
    assert len(no_purple) >= ANCHORS and group(inks, no_purple, PHOTOS) is None
    anchors = {i: truth[i] for i in range(0, len(inks), 2)}
    wrong = next(i for i in anchors if truth[i] == "blue")
    anchors[wrong] = "green"  # one face read surely, but wrongly
    calls = group(inks, anchors, PHOTOS)
    assert calls is not None and [c.colour for c in calls] == truth
    anchors[next(i for i in anchors if truth[i] == "purple")] = "blue"  # two: at odds
    assert group(inks, anchors, PHOTOS) is None


def test_groups_far_apart_that_most_sure_tiles_agree_with_may_only_doubt_the_others() -> None:
    """A warm lamp turns a thin blue band green: three blue faces of thirty read green
    surely. The groups, far apart, put them with the blue tiles — as doubts, not labels."""
    inks, truth = frame_inks(4, per_set=10)
    anchors = dict(enumerate(truth))
    misread = [i for i, c in enumerate(truth) if c == "blue"][:3]
    for i in misread:
        anchors[i] = "green"
    calls = group(inks, anchors, PHOTOS)
    assert calls is not None and all(c.doubts_only for c in calls)
    assert [c.colour for c in calls] == truth
    assert all(calls[i].confidence > 0 for i in misread)
    # all but one agreeing: trusted outright, to name colours as well as doubt them
    anchors = dict(enumerate(truth)) | {misread[0]: "green"}
    calls = group(inks, anchors, PHOTOS)
    assert calls is not None and not any(c.doubts_only for c in calls)
    # groups that lie close together are not trusted to doubt a sure face
    close = [ink_ * 0.1 for ink_ in inks]
    assert group(close, dict(enumerate(truth)) | {i: "green" for i in misread}, PHOTOS) is None


def test_a_stray_ink_widens_no_group_and_is_told_nothing() -> None:
    """An orange pawn the reader did not find, on a green parchment mask, joined the
    purple group and widened its spread until no two groups lay apart: three blue faces
    read green at full confidence stood (photoreal seed 53). Set aside as a stray, it
    moves nothing and is told nothing; the groups doubt the three again."""
    inks, truth = frame_inks(4, per_set=10)
    anchors = dict(enumerate(truth))
    misread = [i for i, c in enumerate(truth) if c == "blue"][:3]
    for i in misread:
        anchors[i] = "green"
    stray = PHOTOS["purple"] + CAST + np.array([15.0, 70.0])  # orange: far from every set
    with_stray = [*inks, stray]
    assert group(with_stray, anchors, PHOTOS) is None  # the plain spread: groups too close
    calls = group(with_stray, anchors, PHOTOS, outlying=8.0)
    assert calls is not None and all(c.doubts_only for c in calls)
    assert [c.colour for c in calls[:-1]] == truth
    assert all(calls[i].confidence > 0 for i in misread)
    assert calls[-1].lead == 0.0 and calls[-1].confidence == 0.0
    # a far ink read surely is its set's: not set aside (on a synthetic classic art whose
    # inks group poorly, a set's sure faces lay far off, and setting them aside turned the
    # groups on that set's faces: 20 questions on a frame read whole before)
    surely = anchors | {len(inks): "purple"}
    assert group(with_stray, surely, PHOTOS, outlying=8.0) == group(with_stray, surely, PHOTOS)
    # without a stray, setting strays aside changes nothing
    assert group(inks, anchors, PHOTOS, outlying=8.0) == group(inks, anchors, PHOTOS)


def test_groups_two_in_three_sure_tiles_agree_with_still_doubt_the_others() -> None:
    """Under a 2,900 K lamp on red cloth one kind's blue band read green at full
    confidence on every tile of it, and a green mask blue: 4 of 17 sure tiles of a
    parchment frame disagreed with groups lying far apart (photoreal seed 49). Where many
    sure tiles (twelve) agree, two in three agreeing is enough for the groups to doubt,
    never to name; a few sure tiles must agree as before (85 %)."""
    inks, truth = frame_inks(4, per_set=10)
    anchors = dict(enumerate(truth))
    blues = [i for i, c in enumerate(truth) if c == "blue"]
    greens = [i for i, c in enumerate(truth) if c == "green"]
    misread = {**{i: "green" for i in blues[:5]}, **{i: "blue" for i in greens[:2]}}
    calls = group(inks, anchors | misread, PHOTOS)
    assert calls is not None and all(c.doubts_only for c in calls)
    assert [c.colour for c in calls] == truth
    # the same share of a few sure tiles: no groups (a small path's groups mix two sets)
    few = {i: c for i, c in (anchors | misread).items() if i % 3 == 0}
    assert sum(truth[i] == c for i, c in few.items()) < DOUBT_MANY
    assert group(inks, few, PHOTOS) is None
    # fewer than two in three agreeing: no groups at all
    purples = [i for i, c in enumerate(truth) if c == "purple"]
    scattered = {i: "green" for i in blues[:4]} | {i: "purple" for i in greens[:4]}
    scattered |= {i: "blue" for i in purples[:3]}
    assert group(inks, anchors | scattered, PHOTOS) is None


def test_a_camera_that_pales_every_ink_still_groups_by_the_sure_tiles() -> None:
    """Thin lines blurred by the camera show a third of their photos' colour: the groups
    start where the frame's sure tiles of each set lie, not where the photos' inks would
    be once moved by one cast (blue and purple then fall in one group)."""
    inks, truth = frame_inks(4)
    pale = [0.3 * (x - CAST) + CAST for x in inks]
    anchors = {i: truth[i] for i in range(0, len(pale), 4)}
    calls = group(pale, anchors, PHOTOS)
    assert calls is not None and [c.colour for c in calls] == truth


def _line_tile(ink_bgr: tuple[int, int, int]) -> np.ndarray:
    """A line-art face: cream, a thick grey frame every set shares, thin coloured lines."""
    face = np.full((48, 48, 3), (215, 228, 236), np.uint8)  # the crop of ``tile_ink``
    face[0:4] = face[44:48] = face[:, 0:4] = face[:, 44:48] = (95, 100, 105)
    for row in (12, 19, 26, 33):
        face[row : row + 3, 12:36] = ink_bgr
    return face


def test_line_art_is_told_by_the_picture_inside_its_frame() -> None:
    b, p = rings_ink(_line_tile((175, 110, 70))), rings_ink(_line_tile((165, 85, 125)))
    whole, picture = np.linalg.norm(b[:2] - p[:2]), np.linalg.norm(b[2:] - p[2:])
    assert picture > 2 * whole  # the grey frame dilutes the whole face's ink
    assert p[2] - b[2] > 10 and b[3] < -20  # purple lies well to red of blue (a*); blue is blue


def test_a_pawn_on_a_tile_is_left_out_of_its_ink() -> None:
    """A cyan pawn on a blue-rimmed tile: the picture's ink is the pawn's; round the
    pawn's disc the tile's ink is what it is without the pawn."""
    import cv2

    view = np.full((200, 200, 3), (60, 90, 120), np.uint8)  # a wood table
    cv2.rectangle(view, (58, 58), (142, 142), (175, 110, 70), -1)  # the blue rim
    cv2.rectangle(view, (66, 66), (134, 134), (215, 228, 236), -1)  # the cream face
    bare = view.copy()
    cv2.circle(view, (100, 100), 22, (200, 200, 0), -1)  # a cyan pawn's disc
    centre = np.array([100.0, 100.0])
    alone = tile_ink(bare, centre, 84.0, 0.0)
    seen = tile_ink(view, centre, 84.0, 0.0)
    hidden = tile_ink(view, centre, 84.0, 0.0, [(centre, 20.0)])
    assert alone[1] < -20  # the rim's blue
    assert np.linalg.norm(seen - alone) > 20  # the pawn's cyan in the picture
    assert np.linalg.norm(hidden - alone) < 2


def test_a_tiles_ink_is_its_colour_against_its_own_ground_under_any_lamp() -> None:
    face = np.full((32, 32, 3), (205, 225, 235), np.uint8)  # cream, BGR
    face[8:24:4, 6:26] = (170, 60, 40)  # thin blue lines
    face[9:25:4, 6:26] = (170, 60, 40)
    for gain in (np.array([1.0, 1.0, 1.0]), np.array([0.8, 0.95, 1.1])):  # a warm lamp
        seen = np.clip(face * gain, 0, 255).astype(np.uint8)
        a, b = ink(seen)
        assert b < -15 and abs(a) < abs(b)  # blue, whatever the cast on ground and ink alike
    assert colour_of("cat-green") == "green" and colour_of("kingtut") is None


@pytest.fixture(scope="module")
def parchment() -> Catalogue:
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as tmp:
        write_enrolment_set(Path(tmp), [*TILE_LABELS, *PAWNS], ArtStyle(0, "parchment"), seed=41)
        cat, problems = enroll("tutankhamen", Path(tmp))
    assert problems == []
    return cat


@pytest.mark.parametrize("seed", [61, 64, 67])
def test_a_rim_coloured_table_asks_less_and_errs_no_more_with_the_frames_colours(
    parchment: Catalogue, seed: int
) -> None:
    """Parchment art shows a set's colour only on a narrow rim; the frame's own sure tiles
    tell each rim colour under this lamp better than the photos do (the trained look, a
    later and separate step, is left out to compare the frame's colours alone)."""
    kinds = [
        f"{k}-{c}" for k in ("scarab", "cat", "horus", "anubis", "mask") for c in ("green", "blue", "purple")
    ]
    labels = [*kinds, *kinds[3:], *kinds[9:], "goldbag", "pharaoh", "kingtut"]
    shot = TableScene(labels, seed=seed, level="medium", style=ArtStyle(0, "parchment")).render()
    truth = [t["label"] for t in shot.truth["tiles"]]
    wrong, asked = {}, {}
    for on in (False, True):
        read = PathReader(parchment, ReaderSettings(frame_colours=on, trained=False)).read(shot.image).labels
        assert len(read) == len(truth)
        wrong[on] = sum(r is not None and r != t for r, t in zip(read, truth, strict=True))
        asked[on] = sum(r is None for r in read)
    assert wrong[True] <= wrong[False]
    assert asked[True] < asked[False]


def test_a_sure_reading_is_doubted_where_the_ink_and_the_trained_look_both_name_another_set(
    parchment: Catalogue,
) -> None:
    """Each look alone is below its own bar (the ink leads by 1.8 spreads, the trained
    look names blue 0.87 surely): together they make the sure green reading a question."""
    from vision.frame_colour import Call
    from vision.path_reader import Slot
    from vision.trained import Opinion

    reader = PathReader(parchment)
    slot = Slot(np.zeros(2), np.array([1.0, 0.0]), 0.0)
    slot.opinion = Opinion(("scarab-blue", "scarab-green"), (0.87, 0.13))
    assert reader._seconded(slot, Call("blue", 1.8))
    assert not reader._seconded(slot, Call("blue", 0.6))  # the ink hardly leans
    assert not reader._seconded(slot, Call("purple", 1.8))  # the looks name different sets
    slot.opinion = Opinion(("scarab-blue", "scarab-green"), (0.6, 0.4))
    assert not reader._seconded(slot, Call("blue", 1.8))  # the trained look is unsure


def test_the_trained_look_vouching_for_a_faces_colour_outweighs_a_group_that_barely_disagrees(
    parchment: Catalogue,
) -> None:
    from vision.faces import Match
    from vision.path_reader import Slot
    from vision.trained import Opinion

    reader = PathReader(parchment)
    slot = Slot(np.zeros(2), np.array([1.0, 0.0]), 0.0, match=Match("cat-green", 0.9, 0.6, 1.0, 0))
    slot.opinion = Opinion(("cat-green", "cat-blue"), (0.97, 0.03))
    assert reader._vouched(slot)
    slot.opinion = Opinion(("cat-green", "cat-blue"), (0.9, 0.1))  # not sure enough to outweigh it
    assert not reader._vouched(slot)
    slot.opinion = Opinion(("cat-blue", "cat-green"), (0.97, 0.03))  # it names another colour
    assert not reader._vouched(slot)


def test_a_face_the_trained_look_takes_for_another_set_anchors_no_group(tmp_path: Path) -> None:
    """Synthetic parchment (style 3) at the kit's size: rims of one set read as another's
    at full confidence, the trained look naming their own colour, were counted among the
    sure faces that check the groups, and the groups, at odds with them, told nothing.
    Left out as anchors, the groups settle the frame's unsure faces: far fewer questions,
    none read wrong."""
    from bench.vision import catalogue_of, path_labels

    style = ArtStyle(3, "parchment")
    cat = catalogue_of(tmp_path, style)
    shot = TableScene(path_labels(10006), seed=10006, level="easy", size=(1280, 720), style=style).render()
    truth = [t["label"] for t in shot.truth["tiles"]]
    wrong, asked = {}, {}
    for gainsaid in (None, 0.9):
        read = PathReader(cat, ReaderSettings(anchor_gainsaid=gainsaid)).read(shot.image).labels
        assert len(read) == len(truth)
        wrong[gainsaid] = sum(r is not None and r != t for r, t in zip(read, truth, strict=True))
        asked[gainsaid] = sum(r is None for r in read)
    assert wrong == {None: 0, 0.9: 0}
    assert asked[0.9] <= asked[None] - 10


def test_sure_faces_far_from_every_group_are_not_set_aside(tmp_path: Path) -> None:
    """Synthetic classic art (style 12, easy, 2028 × 1520): its inks group poorly — one
    set's sure faces lay far from every group. Set aside as strays, they left that set
    without anchors, and the groups turned on its faces: 20 questions on a frame read
    whole. A sure face's ink is its set's, however far."""
    from bench.vision import catalogue_of, path_labels

    style = ArtStyle(12, "classic")
    cat = catalogue_of(tmp_path, style)
    shot = TableScene(path_labels(10015), seed=10015, level="easy", size=(2028, 1520), style=style).render()
    truth = [t["label"] for t in shot.truth["tiles"]]
    read = PathReader(cat).read(shot.image).labels
    assert len(read) == len(truth)
    assert sum(r is None for r in read) <= 1
    assert not any(r is not None and r != t for r, t in zip(read, truth, strict=True))
