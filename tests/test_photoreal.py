"""The photoreal benchmark set: the camera step moves the truth with its distortion, and the
few Blender frames kept in tests/data/photoreal are read by the current readers without a
crash, in the documented shape, and with no more confident wrong labels than measured.

The readers are far from their goals on these frames (docs/vision.md §5): this guards the
machinery and against a reader getting worse, it does not claim the goals. The frames and
their enrolment photos were rendered by ``python -m bench.photoreal.make`` (seed 1); none
shows a hand (tutankhamen-0022, parchment tiles on a light wood table, was once refused as
one: the path joined to the frame's edge by a sliver of table)."""

from __future__ import annotations

import math
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from bench.photoreal import dataset
from bench.photoreal.camera import distort_point
from vision import detail_look
from vision.card_reader import CardReader, CardSettings
from vision.catalogue import Catalogue, enroll
from vision.errors import VisionError
from vision.markers import detect
from vision.path_reader import PathReader, ReaderSettings

DATA = Path(__file__).parent / "data" / "photoreal"
TUT, ANKH = DATA / "tutankhamen", DATA / "ankh"
# The most tiles of one kept frame read with a wrong label, measured with the reader of
# this commit: 4 of 28 (14 %). A reader that does clearly worse fails. Cards get no such
# bound: the reader misreads 2 of the 3 cards of one kept frame (values one high), so
# their quality is left to the benchmark (`bench cards --source photoreal`).
MOST_WRONG_TILES = 0.25


@cache
def catalogue(game: str, folder: Path) -> Catalogue:
    cat, problems = enroll(game, folder)
    assert cat.faces, problems
    return cat


def test_the_camera_steps_distortion_moves_the_truth_where_the_scene_lands() -> None:
    size, k = (1280, 720), 0.05
    c = np.array([640.0, 360.0])
    norm = 640.0**2 + 360.0**2
    for u in ([100.0, 80.0], [1200.0, 700.0], [640.0, 360.0], [900.0, 200.0]):
        d = np.array(distort_point(u, size, k))
        back = c + (d - c) * (1 + k * float((d - c) @ (d - c)) / norm)  # what pixel d shows
        assert np.allclose(back, u, atol=0.2)
        assert np.linalg.norm(d - c) <= np.linalg.norm(np.array(u) - c) + 1e-9  # barrel: inwards


@pytest.mark.parametrize("shot", dataset.frames(TUT), ids=lambda s: s.name)
def test_kept_path_frames_are_read_in_the_documented_shape(shot: dataset.Frame) -> None:
    cat = catalogue("tutankhamen", dataset.enrolment_folder(TUT, shot.family))
    try:
        doc = PathReader(cat).read(shot.image()).to_json()
    except VisionError as exc:  # a refusal is a documented answer, not a crash…
        assert exc.code and exc.code != "hand-over-table"  # …but no kept frame shows a hand
        return
    assert {"tiles", "pawns", "unreadable", "complete"} <= set(doc)
    known = set(cat.labels)
    for tile in doc["tiles"]:
        assert tile["label"] is None or tile["label"] in known
    wrong = sum(a is not None and a != b for a, b in _aligned(doc["tiles"], shot.truth["tiles"]))
    assert wrong <= MOST_WRONG_TILES * len(shot.truth["tiles"])


@pytest.mark.parametrize("shot", dataset.frames(ANKH), ids=lambda s: s.name)
def test_kept_card_frames_are_read_in_the_documented_shape(shot: dataset.Frame) -> None:
    cat = catalogue("ankh", dataset.enrolment_folder(ANKH, shot.family))
    try:
        reading = CardReader(cat).read(shot.image())
    except VisionError as exc:
        assert exc.code and exc.code != "hand-over-table"
        return
    doc = reading.to_json()
    assert {"papyrus", "rows", "unreadable", "complete"} <= set(doc)
    known = set(cat.labels)
    for seat, cards in doc["rows"].items():
        assert seat.isdigit()
        for card in cards:
            assert card["label"] is None or card["label"] in known
    if doc["papyrus"] is not None:
        assert len(doc["papyrus"]["rank"]) == 4 and isinstance(doc["papyrus"]["threshold"], int)


def _aligned(got: list[dict[str, Any]], want: list[dict[str, Any]]) -> list[tuple[str | None, str]]:
    """Read labels paired with the truth tile nearest each (within half a tile)."""
    if not want:
        return []
    centres = np.array([t["center"] for t in want], np.float64)
    pitch = float(np.median(np.linalg.norm(np.diff(centres, axis=0), axis=1))) if len(want) > 1 else 40.0
    pairs = []
    for tile in got:
        if tile.get("center") is None:
            continue
        d = np.linalg.norm(centres - np.array(tile["center"]), axis=1)
        j = int(np.argmin(d))
        if d[j] < 0.5 * pitch:
            pairs.append((tile["label"], want[j]["label"]))
    return pairs


def _read_kept(name: str) -> tuple[dataset.Frame, dict[str, Any]]:
    """A kept path frame and the path reader's reading of it (its family's catalogue)."""
    shot = next(s for s in dataset.frames(TUT) if s.name == name)
    cat = catalogue("tutankhamen", dataset.enrolment_folder(TUT, shot.family))
    return shot, PathReader(cat).read(shot.image()).to_json()


def test_blue_rims_the_warm_lamp_turns_green_are_asked_not_misread(monkeypatch: pytest.MonkeyPatch) -> None:
    """tutankhamen-0007: parchment tiles on cloth under a 3,000 K lamp. The other looks
    read blue tiles (their colour only a rim) as green at full confidence; the trained
    look, sure they are blue, makes them questions where it was once let doubt only faces
    read less than 0.95 surely. (The frame's colour groups doubt them too, since, and with
    the faces the trained look gainsays left out of their anchors they name them blue:
    both left out here, to keep to the trained look's part.)"""
    import vision.frame_colour as frame_colour
    from vision.path_reader import ReaderSettings
    from vision.trained import Trust

    monkeypatch.setattr(frame_colour, "DOUBT_AGREE", 2.0)
    monkeypatch.setattr(frame_colour, "DOUBT_AGREE_MANY", 2.0)

    shot = next(s for s in dataset.frames(TUT) if s.name == "tutankhamen-0007")
    cat = catalogue("tutankhamen", dataset.enrolment_folder(TUT, shot.family))
    wrong = {}
    alone = ReaderSettings(anchor_gainsaid=None)
    for name, settings in (("mild", replace(alone, trust=Trust())), ("now", alone)):
        doc = PathReader(cat, settings).read(shot.image()).to_json()
        wrong[name] = sum(a is not None and a != b for a, b in _aligned(doc["tiles"], shot.truth["tiles"]))
    assert wrong["mild"] >= 3
    assert wrong["now"] <= 1


def test_tiles_whose_kind_the_trained_look_is_sure_of_are_read() -> None:
    """Two kept frames of the photoreal set's held-out art (tutankhamen-0004, -0019:
    knocked-out icons in a medallion): the other looks take many an icon for another kind
    of its colour; where the trained look is all but certain of the kind and sure of the
    colour they agree on (or that its ink shares with the frame's tiles of one set), the
    tile is read — more tiles read, none of them wrong."""
    from dataclasses import replace

    from vision.path_reader import ReaderSettings

    now = ReaderSettings()
    without = ReaderSettings(trust=replace(now.trust, kind=None), settle_kinds=False)
    read, wrong = {"now": 0, "without": 0}, {"now": 0, "without": 0}
    for shot in (s for s in dataset.frames(TUT) if s.name in ("tutankhamen-0004", "tutankhamen-0019")):
        cat = catalogue("tutankhamen", dataset.enrolment_folder(TUT, shot.family))
        for name, settings in (("now", now), ("without", without)):
            doc = PathReader(cat, settings).read(shot.image()).to_json()
            pairs = _aligned(doc["tiles"], shot.truth["tiles"])
            read[name] += sum(a is not None for a, _ in pairs)
            wrong[name] += sum(a is not None and a != b for a, b in pairs)
    assert read["now"] >= read["without"] + 4
    assert wrong["now"] <= wrong["without"]


def test_line_art_whose_kind_the_trained_look_is_sure_of_takes_its_frames_colour() -> None:
    """tutankhamen-0006: line art under a lamp. The plain look draws its thin pictures to
    one attractor (a grey frame common to all sets outweighs the lines); the trained look
    names the kinds, and each face's ink, grouped with the frame's sure tiles, its set:
    more tiles read, none more of them wrong."""
    from vision.path_reader import ReaderSettings

    shot = next(s for s in dataset.frames(TUT) if s.name == "tutankhamen-0006")
    assert shot.family == "lineart"
    cat = catalogue("tutankhamen", dataset.enrolment_folder(TUT, shot.family))
    read, wrong = {}, {}
    for on in (False, True):
        doc = PathReader(cat, ReaderSettings(settle_kinds=on)).read(shot.image()).to_json()
        pairs = _aligned(doc["tiles"], shot.truth["tiles"])
        read[on] = sum(a is not None for a, _ in pairs)
        wrong[on] = sum(a is not None and a != b for a, b in pairs)
    assert read[True] >= read[False] + 3
    assert wrong[True] <= wrong[False]


def test_streaks_of_wood_grain_joining_the_path_to_the_edge_are_no_arm() -> None:
    """tutankhamen-s3-0008 (frame 0008 of the set ``--seed 3`` renders, never looked at
    before it was measured): photo tiles on a grained wood table, the camera tilted 29°.
    The grain's pale streaks fall in the foreground mask and join the path to the frame's
    right edge in one blob wider than a tile, which was refused as a hand over the table.
    An arm fills the band where it crosses the edge; streaks of the table's own colour do
    not: the frame is read, every tile in place."""
    shot, doc = _read_kept("tutankhamen-s3-0008")
    want = shot.truth["tiles"]
    assert len(_aligned(doc["tiles"], want)) == len(want)


def test_dark_streaks_of_wood_grain_at_the_edge_are_no_arm() -> None:
    """tutankhamen-s5-0007 (frame 0007 of the set ``--seed 5`` renders, measured once
    unseen): parchment tiles on grained wood, the camera tilted 27°. Two dark grain lines
    join the path to the right edge, filling under half of the band they cross in, of the
    table's hue but darker than its sampled colour: the frame was refused as a hand. Sparse
    streaks of the table's own colour in shade are grain too: every tile is read in place."""
    shot, doc = _read_kept("tutankhamen-s5-0007")
    want = shot.truth["tiles"]
    assert len(_aligned(doc["tiles"], want)) == len(want)


@pytest.mark.parametrize("name", ["tutankhamen-s3-0008", "tutankhamen-0007"])
def test_pawns_seen_aslant_are_found_and_each_is_one_pawn(name: str) -> None:
    """A pawn stands above the table: in a tilted camera's top view its top and side
    make an oval, not a disc (s3-0008, tilted 29°: three of its four pawns were missed
    as not round). A blob may be near two close pawn colours (yellow, orange): it is the
    pawn whose colour it is nearest (0007's yellow pawn was also reported orange)."""
    shot, doc = _read_kept(name)
    read = {(p["label"], p["index"]) for p in doc["pawns"]}
    assert read == {(p["label"], p["index"]) for p in shot.truth["pawns"]}


def test_a_glossy_tables_sheen_at_the_far_edge_is_no_arm() -> None:
    """tutankhamen-s6-0016 (frame 0016 of the set ``--seed 6`` renders, measured once
    unseen): medallion art on glossy wood whose sheen lights a band along the far edge
    47 lighter than the corners' table. No free table lay within four tiles of the band's
    middle, so the table round it was taken as the corners' and the band stayed in the
    mask, a strip joining the path to the edge: refused as a hand. The table's colour is
    looked for further off where none lies near: every tile is read in place."""
    shot, doc = _read_kept("tutankhamen-s6-0016")
    want = shot.truth["tiles"]
    assert len(_aligned(doc["tiles"], want)) == len(want)


def test_a_dim_blob_on_a_pawn_seen_surely_is_that_pawn() -> None:
    """tutankhamen-s5-0012: a lime pawn on the first tile, found surely; the second look
    for pawns in dim light took the same pawn's shaded side for a yellow pawn, and the
    face under two pawns was read anubis-green at 0.97 (horus-purple). Two pawns' discs
    cannot overlap: the face is read from round one pawn, and is right or asked."""
    shot, doc = _read_kept("tutankhamen-s5-0012")
    want = shot.truth["tiles"]
    assert [(p["label"], p["index"]) for p in doc["pawns"]] == [("pawn-lime", 1)]
    assert doc["tiles"][1]["label"] in (None, want[1]["label"])


def test_a_first_face_matched_poorly_does_not_set_the_tiles_size() -> None:
    """tutankhamen-s4-0004 (frame 0004 of the set ``--seed 4`` renders): medallion art
    (then held out) on pale wood, a pawn on the first tile. That face matched no enrolled
    photo well at any side (0.63 at best), best at the range's least side, 25 mm, where
    its medallion filled the crop: the walk stepped half tiles, invented 9 and missed 17.
    A side is measured only where the first face matches surely; else the last frame's
    side stands and the walk settles it: every tile is read in place, none invented."""
    shot, doc = _read_kept("tutankhamen-s4-0004")
    want = shot.truth["tiles"]
    assert len(doc["tiles"]) == len(want)
    assert len(_aligned(doc["tiles"], want)) == len(want)
    assert abs(doc["tile_mm"] - 35.0) <= 3.0  # rendered 35 mm; read 34-39 mm across the sets


def test_a_lamps_pool_of_light_at_the_edge_is_no_arm() -> None:
    """tutankhamen-s4-0012 (frame 0012 of the set ``--seed 4`` renders, measured once
    unseen): parchment tiles on wood, a lamp's pool of light at the bottom edge. The lit
    wood is 40 lighter than the table sampled by the corner markers, so the pool is in
    the foreground mask, joins the path to the edge, fills its band there like a sleeve,
    and the frame was refused as a hand over the table. The table as it looks round the
    pool is as light: the frame is read, every tile in place."""
    shot, doc = _read_kept("tutankhamen-s4-0012")
    want = shot.truth["tiles"]
    assert len(_aligned(doc["tiles"], want)) == len(want)


def test_the_walk_keeps_to_the_path_past_pale_wood_grain() -> None:
    """tutankhamen-0018: photo-style tiles on a wood table under a lamp. At the path's last
    turn the next tile bears a pawn, and the pale grain straight on was as dense in the
    mask and matched a face better (0.65 against 0.53): the walk once left the path there
    for four places of bare wood, and then called the path incomplete. A place stepped to
    must show a square's four sides (vision/outline.py): every tile is found in place,
    none invented, and the path is complete."""
    shot, doc = _read_kept("tutankhamen-0018")
    want = shot.truth["tiles"]
    assert len(doc["tiles"]) == len(want)
    assert len(_aligned(doc["tiles"], want)) == len(want)  # each read tile on a true one
    assert doc["complete"] is True
    assert not any(a is not None and a != b for a, b in _aligned(doc["tiles"], want))


@pytest.mark.parametrize("name", ["ankh-s3-0004", "ankh-s3-0016"])
def test_a_far_corner_marker_and_a_seat_card_past_the_last_seen_are_found(name: str) -> None:
    """Frames 0004 and 0016 of the Ankh set ``--seed 3`` (held-out art on cloth). In 0004
    the far corner marker spans some 30 px under a 20° tilt; in 0016 the strict look reads
    seat card 20 but not 21, and the lenient look went only as far as the highest seat
    seen — so 0004 was refused (``corner-markers-missing``) and 0016 taken for an arm
    reaching in (seat 21's paper at the view's edge, a card before it). Squares the strict
    look found but could not read are read again, leniently, each in its own window."""
    shot = next(s for s in dataset.frames(ANKH) if s.name == name)
    gray = cv2.cvtColor(shot.image(), cv2.COLOR_BGR2GRAY)
    seats = {20 + int(seat) for seat in shot.truth["rows"]}
    assert set(detect(gray)) == {0, 1, 2, 3} | seats
    reading = CardReader(catalogue("ankh", dataset.enrolment_folder(ANKH, shot.family))).read(shot.image())
    assert set(reading.rows) == {int(seat) for seat in shot.truth["rows"]}
    for seat, want in shot.truth[
        "rows"
    ].items():  # every row cut into its cards (their labels: the benchmark's)
        assert len(reading.rows[int(seat)]) == len(want)


def test_a_far_corner_marker_turned_on_its_point_is_read_at_twice_the_size() -> None:
    """Frame 0000 of the Ankh set ``--seed 17`` (a camera 1.15 m up, tilted 22°, turned
    12°): the far corner marker's square is some 43 px a side but, turned, 57 px across —
    the second look judged its size by that box and read it unzoomed, where it is too
    small to read, and refused the frame. Its sides decide now."""
    gray = cv2.imread(str(DATA / "markers" / "ankh-s17-0000.jpg"), cv2.IMREAD_GRAYSCALE)
    assert set(detect(gray)) == {0, 1, 2, 3, 20, 21, 22, 23}


def test_blue_faces_read_green_at_full_confidence_are_doubted_by_the_frames_groups(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Frame 0010 of the set ``--seed 41`` (parchment on warm wood, a 3,100 K lamp; kept in
    its own folder with the set's own enrolment photos). Three blue tiles — the set's
    colour only a thin frame band — were read green at full confidence, with every other
    look agreeing, while their inks lay deep in the frame's blue group: the groups, at odds
    with 3 of their 30 anchors, were not trusted at all. Groups far apart that most anchors
    agree with now make such faces questions (and the walk's later look reads them)."""
    import vision.frame_colour as frame_colour

    root = DATA / "tutankhamen-s41"
    shot = dataset.frames(root)[0]
    cat = catalogue("tutankhamen", dataset.enrolment_folder(root, shot.family))
    wrong = {}
    doubts = (frame_colour.DOUBT_AGREE, frame_colour.DOUBT_AGREE_MANY)
    for name, (agree, many) in (("strict", (2.0, 2.0)), ("now", doubts)):
        monkeypatch.setattr(frame_colour, "DOUBT_AGREE", agree)
        monkeypatch.setattr(frame_colour, "DOUBT_AGREE_MANY", many)
        # the faces the trained look gainsays anchor as before: the groups' doubts alone
        doc = PathReader(cat, ReaderSettings(anchor_gainsaid=None)).read(shot.image()).to_json()
        pairs = _aligned(doc["tiles"], shot.truth["tiles"])
        wrong[name] = [(a, b) for a, b in pairs if a is not None and a != b]
    green_for_blue = [(a, b) for a, b in wrong["strict"] if a.endswith("-green") and b.endswith("-blue")]
    assert len(green_for_blue) >= 3
    assert not any(a.endswith("-green") and b.endswith("-blue") for a, b in wrong["now"])
    assert len(wrong["now"]) <= len(wrong["strict"]) - 3


def test_far_corner_markers_whose_paper_was_the_square_found_are_read() -> None:
    """Frame 0005 of the Ankh set ``--seed 11`` (a camera 1.1 m up, tilted 26°, turned
    12°, green cloth): both far corner markers (about 45 px of paper, cells bled together
    by the blur) were missed and the clean frame refused (``corner-markers-missing``). The
    squares the strict look found but could not read were their papers, so the window
    round each was not zoomed; now each is read at twice the size too, and with a sharper
    look where the plain one reads nothing."""
    gray = cv2.imread(str(DATA / "markers" / "ankh-s11-0005.jpg"), cv2.IMREAD_GRAYSCALE)
    assert set(detect(gray)) == {0, 1, 2, 3, 20, 21, 22}


def test_a_far_corner_marker_the_lenient_look_misreads_is_read_by_the_faint_look() -> None:
    """Frame 0003 of the Ankh set ``--seed 37`` (photo art on red cloth, a steep camera):
    the far corner marker 0 spans some 28 px, its cells bled together. In the window round
    its paper the lenient look corrected one bit the wrong way and read id 32, which the
    kit has none of, and the second look stopped there: the clean frame was refused
    (``corner-markers-missing``). The looks go on until one reads a marker still missing."""
    gray = cv2.imread(str(DATA / "markers" / "ankh-s37-0003.jpg"), cv2.IMREAD_GRAYSCALE)
    assert set(detect(gray)) == {0, 1, 2, 3, 20, 21, 22}


def test_a_far_corner_marker_too_blurred_to_decode_is_read_by_its_cells() -> None:
    """Frame 0005 of the Ankh set ``--seed 103`` (ebony art on grey cloth, a camera 1 m up,
    tilted 29°, turned 9°): the far corner marker 0 is some 25 px, seen aslant, its cells
    bled together. No look decoded its bits at any zoom but one (the faint look at three
    times the size), and the clean frame was refused (``corner-markers-missing``). Its
    cells, straightened, are plainly marker 0's and no other id's."""
    gray = cv2.imread(str(DATA / "markers" / "ankh-s103-0005.jpg"), cv2.IMREAD_GRAYSCALE)
    assert set(detect(gray)) == {0, 1, 2, 3, 20, 21}


def test_a_pawn_the_warm_lamp_shrinks_still_covers_its_face() -> None:
    """The same frame (``--seed 41``, 0010): an orange pawn on a green mask under a
    3,100 K lamp. Its colour drifts off the enrolment photo's, and the part of its top
    still near it is 0.049 of a tile: at the old least blob (0.055) the pawn was missed
    and the face under it read as a gold bag at 0.97. Now the face is known covered and
    is asked about, not misread."""
    from vision.path_reader import ReaderSettings

    root = DATA / "tutankhamen-s41"
    shot = dataset.frames(root)[0]
    cat = catalogue("tutankhamen", dataset.enrolment_folder(root, shot.family))
    under = next(p["index"] for p in shot.truth["pawns"] if p["label"] == "pawn-orange")
    want = shot.truth["tiles"][under]

    def read_there(settings: ReaderSettings) -> str | None:
        doc = PathReader(cat, settings).read(shot.image()).to_json()
        near = min(doc["tiles"], key=lambda t: float(np.hypot(*np.subtract(t["center"], want["center"]))))
        label: str | None = near["label"]
        return label

    assert read_there(ReaderSettings(pawn_min_area=0.055)) == "goldbag"
    assert read_there(ReaderSettings()) in (None, want["label"])


def test_a_face_the_frames_colours_doubt_offers_its_kind_in_their_colour() -> None:
    """The same frame (``--seed 41``, 0010), read without the trained look, which would
    settle them: the three blue faces read green at full confidence are questions, and
    each offers its kind in blue — the colour the frame's groups put it in — not only
    green labels."""
    from vision.path_reader import ReaderSettings

    root = DATA / "tutankhamen-s41"
    shot = dataset.frames(root)[0]
    cat = catalogue("tutankhamen", dataset.enrolment_folder(root, shot.family))
    doc = PathReader(cat, ReaderSettings(trained=False)).read(shot.image()).to_json()
    asked = {q["index"]: q["candidates"] for q in doc["unreadable"]}
    blue_asked = []
    for i, tile in enumerate(doc["tiles"]):
        (got, want), *_ = _aligned([tile], shot.truth["tiles"]) or [(tile["label"], "")]
        if got is None and want.endswith("-blue") and i in asked:
            blue_asked.append((i, want))
    assert len(blue_asked) >= 3
    assert all(want in asked[i] for i, want in blue_asked)


def test_a_lamps_pool_on_light_wood_is_not_taken_for_a_bare_arm(monkeypatch: pytest.MonkeyPatch) -> None:
    """Frame 0014 of the set ``--seed 49`` (mosaic on light wood, a 2,900 K lamp; kept
    with its family's enrolment photos): the lamp's pool of light by the frame's edge is
    pale, warm and plain — the colour of light skin — and joined to the path it looked like
    a bare arm reaching in, so the clean frame was refused. Its rim fades where an arm's
    silhouette is sharp: now it is read. Without the rim's test it is refused again."""
    import vision.path_reader as path_reader

    root = DATA / "tutankhamen-mosaic"
    shot = next(s for s in dataset.frames(root) if s.name == "tutankhamen-s49-0014")
    cat = catalogue("tutankhamen", dataset.enrolment_folder(root, shot.family))
    doc = PathReader(cat).read(shot.image()).to_json()
    assert len(doc["tiles"]) >= 20
    monkeypatch.setattr(path_reader, "POOL_RIM", 0.0)
    monkeypatch.setattr(path_reader, "_grain", lambda slope, free: 0.0)
    with pytest.raises(VisionError) as refused:
        PathReader(cat).read(shot.image())
    assert refused.value.code == "hand-over-table"


def test_a_lamps_pool_on_bold_grain_is_judged_against_the_grain(monkeypatch: pytest.MonkeyPatch) -> None:
    """tutankhamen-s71-0004 (frame 0004 of seed 71, heldout on boldly grained wood, a warm
    lamp; measured once unseen): the pool of light at the bottom edge is skin-coloured and
    its grain is busy, so only two thirds of it counted as the table lit, and its rim
    (17 per pixel) changed faster than a plain pool's — but no faster than the grain round
    it (20). The clean frame was refused as a bare arm; now every tile is in place. Judged
    by the fixed rim alone, or by its whole area lit, it is refused again — unless a
    streak of grain a wrist wide along the grain lets it through as well (its pool reaches
    the edge through such a neck), which is left out here to judge the pool alone."""
    import vision.path_reader as path_reader

    shot, cat = _every_tile_in_place(S49, "tutankhamen-s71-0004")
    for name, fake in (("_grain", lambda slope, free: 0.0), ("_plain", lambda inside, lab, tile_px: inside)):
        with monkeypatch.context() as patched:
            patched.setattr(path_reader, name, fake)
            patched.setattr(path_reader, "NECK", 0.0)
            with pytest.raises(VisionError) as refused:
                PathReader(cat).read(shot.image())
            assert refused.value.code == "hand-over-table"


def test_a_stripe_of_the_tables_own_colour_reaching_in_is_no_arm() -> None:
    """tutankhamen-s71-0014 (frame 0014 of seed 71, mosaic on pale wood with bold stripes
    of grain; measured once unseen): a stripe of the table's own colour (2 from it in Lab)
    fell in the foreground mask and reached in from the right edge, solid where it crossed
    it, and the clean frame was refused as a bare arm — then as whatever reaches in. Of the
    table's colour as a whole and where it crosses the edge, it is table: the frame is read."""
    _every_tile_in_place(DATA / "tutankhamen-mosaic", "tutankhamen-s71-0014")


def _every_tile_in_place(root: Path, name: str) -> tuple[dataset.Frame, Catalogue]:
    """Reads a kept frame (no VisionError) and asserts every tile is in place and none is
    read wrong; the frame and its family's catalogue."""
    shot = next(s for s in dataset.frames(root) if s.name == name)
    cat = catalogue("tutankhamen", dataset.enrolment_folder(root, shot.family))
    doc = PathReader(cat).read(shot.image()).to_json()
    pairs = _aligned(doc["tiles"], shot.truth["tiles"])
    assert len(pairs) == len(shot.truth["tiles"])
    assert not any(a is not None and a != b for a, b in pairs)
    return shot, cat


def test_a_lamps_pool_is_judged_by_its_rim_on_the_table_not_by_the_paths_edges(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Frame 0006 of the set ``--seed 47`` (mosaic on light wood, kept beside seed 49's):
    the lamp's pool runs from the frame's edge into the loop of the path, and half of its
    rim is the tiles' sharp edges (median 20 per pixel over all of it), so the clean frame
    was refused as a bare arm. Only where the pool meets the table does its rim tell (6 per
    pixel): now it is read; judged by its whole rim, it is refused again."""
    import vision.path_reader as path_reader

    root = DATA / "tutankhamen-mosaic"
    shot = next(s for s in dataset.frames(root) if s.name == "tutankhamen-s47-0006")
    cat = catalogue("tutankhamen", dataset.enrolment_folder(root, shot.family))
    doc = PathReader(cat).read(shot.image()).to_json()
    pairs = _aligned(doc["tiles"], shot.truth["tiles"])
    assert len(pairs) >= 0.9 * len(shot.truth["tiles"])
    assert not any(a is not None and a != b for a, b in pairs)
    monkeypatch.setattr(path_reader, "_meets_table", lambda rim, table_there, inside: rim)
    with pytest.raises(VisionError) as refused:
        PathReader(cat).read(shot.image())
    assert refused.value.code == "hand-over-table"


S47 = DATA / "tutankhamen-s47"  # frames of seed 47 with seed 41's enrolment photos of their families


def _read_with(shot: dataset.Frame, **settings: Any) -> list[tuple[str | None, str]]:
    cat = catalogue("tutankhamen", dataset.enrolment_folder(S47, shot.family))
    doc = PathReader(cat, replace(ReaderSettings(), **settings)).read(shot.image()).to_json()
    return _aligned(doc["tiles"], shot.truth["tiles"])


def test_a_colour_group_the_trained_look_gainsays_settles_no_face() -> None:
    """Frame 0013 of seed 47 (ebony on red cloth, a 3,400 K lamp): the frame's blue group
    took three green masks in (their inks 3.1-3.6 spreads its way), and the masks, unsure,
    were settled as blue — while the trained look named every one green at 1.0. Two looks
    clearly at odds over the colour make a question now."""
    shot = next(s for s in dataset.frames(S47) if s.name == "tutankhamen-0013")
    before = _read_with(shot, colour_veto=None)
    after = _read_with(shot)
    green_as_blue = [(a, b) for a, b in before if a == "mask-blue" and b == "mask-green"]
    assert len(green_as_blue) >= 3
    assert not any(a is not None and a != b for a, b in after)


S53 = DATA / "tutankhamen-s53"  # a frame of seed 53 with seed 41's enrolment photos of its family


def test_a_pawn_the_reader_missed_widens_no_colour_group() -> None:
    """Frame 0010 of seed 53 (parchment on wood, a 3,600 K lamp): three blue faces were
    read green at full confidence. The frame's groups put them with the blue tiles, but an
    orange pawn the reader had not found, on a green mask, sat in the purple group and
    widened its spread until the groups seemed too close to doubt anything. Set aside as
    a stray, it no longer does: the three are questions, and nothing is read wrong. (The
    trained look named the three blue: left out of the groups' anchors, they no longer
    keep the groups from agreeing either — each change alone mends the frame.)"""
    shot = next(s for s in dataset.frames(S53) if s.name == "tutankhamen-0010")
    cat = catalogue("tutankhamen", dataset.enrolment_folder(S53, shot.family))

    def read(**settings: Any) -> list[tuple[str | None, str]]:
        doc = PathReader(cat, replace(ReaderSettings(), **settings)).read(shot.image()).to_json()
        return _aligned(doc["tiles"], shot.truth["tiles"])

    before = read(ink_outlying=None, anchor_gainsaid=None)
    blue_as_green = [(a, b) for a, b in before if a is not None and a != b and b.endswith("-blue")]
    assert len(blue_as_green) >= 3 and all(a.endswith("-green") for a, _ in blue_as_green)
    for mended in (read(anchor_gainsaid=None), read(ink_outlying=None), read()):
        assert not any(a is not None and a != b for a, b in mended)


S49 = DATA / "tutankhamen-s49"  # a frame of seed 49 with seed 41's enrolment photos of its family


def test_a_sure_kind_the_trained_look_is_fairly_sure_of_another_is_asked() -> None:
    """Frame 0004 of seed 49 (medallion art): a green cat was read as the green mask at
    full confidence; the trained look was 0.97 sure it is a cat — short of the 0.99 it
    needs to settle a kind, enough to make a sure reading a question."""
    shot = next(s for s in dataset.frames(S49) if s.name == "tutankhamen-0004")
    cat = catalogue("tutankhamen", dataset.enrolment_folder(S49, shot.family))

    def wrong(**settings: Any) -> list[tuple[str | None, str]]:
        doc = PathReader(cat, replace(ReaderSettings(), **settings)).read(shot.image()).to_json()
        return [(a, b) for a, b in _aligned(doc["tiles"], shot.truth["tiles"]) if a is not None and a != b]

    assert ("mask-green", "cat-green") in wrong(kind_doubt=0.99)
    assert wrong() == []


def test_faces_line_arts_plain_look_puts_on_king_tut_in_mid_path_are_settled() -> None:
    """Frame 0001 of seed 47 (line art on wood): the plain look drew faces to King Tut in
    mid-path, where he never lies, at no confidence; the trained look named their kinds.
    Settled like any unsure face of a set — the kind the trained look is sure of, in the
    colour the frame's groups give — they are read, and rightly."""
    shot = next(s for s in dataset.frames(S47) if s.name == "tutankhamen-0001")
    before = _read_with(shot, settle_specials=False)
    after = _read_with(shot)
    assert sum(a is not None for a, _ in after) >= sum(a is not None for a, _ in before) + 3
    assert not any(a is not None and a != b for a, b in after)


def test_a_value_the_detail_look_disputes_only_unclearly_is_asked() -> None:
    """Frame 0001 of the Ankh set ``--seed 37`` (line art; seed 19's enrolment photos): a
    red 4 the whole-card look took for a 1, the detail look fitted better as a 5 without
    a clear verdict, and the trained look named the 5 all but certainly — two looks of
    three, so it was read as a red 5. An unclear dispute is a question now."""
    root = DATA / "ankh-s37"
    shot = dataset.frames(root)[0]
    cat = catalogue("ankh", dataset.enrolment_folder(root, shot.family))
    want = shot.truth["rows"]["0"]
    assert want[2] == "red-4"
    rows = {}
    for asks in (False, True):
        reading = CardReader(cat, replace(CardSettings(), unclear_dispute_asks=asks)).read(shot.image())
        rows[asks] = reading.labels()[0]
    assert len(rows[False]) == len(want) and rows[False][2] == "red-5"
    assert len(rows[True]) == len(want) and rows[True][2] is None
    assert not any(a is not None and a != b for a, b in zip(rows[True], want, strict=True))


@pytest.mark.parametrize(("root", "name"), [("ankh-s7", "ankh-0002"), ("ankh-s37", "ankh-s29-0015")])
def test_a_light_card_the_rows_mask_loses_is_counted_and_asked(root: str, name: str) -> None:
    """Frame 0002 of the Ankh set ``--seed 7`` (parchment cards on light wood) and frame
    0015 of ``--seed 29`` (line art): cards the colour of the table show in the mask only
    as their ink, which the row's body cut off as spurs, so rows of 2, 3 and 4 cards were
    counted 1, 2 and 2 — cards missed without a word. The row's points reach on past its
    body and a face matches there: the card is counted, and asked (a blue 1 there was
    read as a yellow 1)."""
    shot = next(s for s in dataset.frames(DATA / root) if s.name == name)
    cat = catalogue("ankh", dataset.enrolment_folder(DATA / root, shot.family))
    rows = {}
    for cover in (None, CardSettings().row_end_cover):
        reading = CardReader(cat, replace(CardSettings(), row_end_cover=cover)).read(shot.image())
        rows[cover] = (reading.labels(), reading.unreadable)
    want = {int(seat): row for seat, row in shot.truth["rows"].items() if row}
    before, _ = rows[None]
    assert any(len(before.get(seat, [])) < len(row) for seat, row in want.items())
    after, asked = rows[CardSettings().row_end_cover]
    for seat, row in want.items():
        assert len(after[seat]) == len(row)
        assert not any(a is not None and a != b for a, b in zip(after[seat], row, strict=True))
    faint = [u for u in asked if u["seat"] is not None and "outline hardly shows" in u["reason"]]
    assert faint and all(u["candidates"] for u in faint)


def test_a_seat_card_the_lenient_look_finds_past_the_highest_seen_is_kept() -> None:
    """ankh-s67-0005 (frame 0005 of seed 67, ebony cards on red cloth): the strict look
    found the corner markers alone. The lenient look found seat cards 0 and 1 but kept
    seat 0 only — seat cards past the highest seen were left to the windows round squares
    the strict look could not read, and seat 1's read nothing. Its paper, joined to the two
    cards before it, looked like an arm reaching in, and the clean frame was refused. A seat
    card the lenient look finds past the highest seen is kept (a marker's size, on paper)."""
    root = DATA / "ankh-s17"
    shot = next(s for s in dataset.frames(root) if s.name == "ankh-s67-0005")
    assert set(detect(cv2.cvtColor(shot.image(), cv2.COLOR_BGR2GRAY))) == {0, 1, 2, 3, 20, 21}
    cat = catalogue("ankh", dataset.enrolment_folder(root, shot.family))
    reading = CardReader(cat).read(shot.image())  # no VisionError
    assert {seat: len(row) for seat, row in reading.labels().items()} == {0: 1, 1: 2}


def test_a_row_seen_only_as_islands_of_ink_is_one_row() -> None:
    """Frame 0011 of the Ankh set ``--seed 17``: ebony cards lit as grey as the cloth
    under them show in the mask only as their icons and corner brackets, each island
    smaller than a speck may be, so the row of five lost its ends and was cut into three.
    Islands a fifth of a card apart, none a blob of its own, are one blob where together
    they are big enough (``island_gap``)."""
    root = DATA / "ankh-s17"
    shot = dataset.frames(root)[0]
    cat = catalogue("ankh", dataset.enrolment_folder(root, shot.family))
    want = shot.truth["rows"]["2"]
    assert len(want) == 5
    rows = {}
    for gap in (None, CardSettings().island_gap):
        # (the pieces of a row cut wrongly may hold too little print to be kept as cards)
        least = None if gap is None else CardSettings().least_print
        settings = replace(CardSettings(), island_gap=gap, least_print=least)
        rows[gap] = CardReader(cat, settings).read(shot.image()).labels()[2]
    assert len(rows[None]) < len(want)
    got = rows[CardSettings().island_gap]
    assert len(got) == len(want)
    assert not any(a is not None and a != b for a, b in zip(got, want, strict=True))


def test_a_lamps_pool_of_light_at_the_tables_edge_is_no_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    """Frame 0013 of the Ankh set ``--seed 41`` (mosaic cards on wood): a warm lamp's
    pool of light at the near edge is plain and warm as a palm (19.4 half-resolution px
    deep where a palm is 15.6), and the clean frame was refused as a hand over the table.
    Taking the pool out as the path reader does (``without_lamplight``) lost a pale bare
    arm on a grey synthetic table; judged as the path reader judges a skin-coloured blob
    (``_lamp_pool``: mostly the lit table, its rim fading where it meets the table) it is a
    pool, and the frame is read, every row right; not judged so, it is refused again."""
    root = DATA / "ankh-s41"
    shot = dataset.frames(root)[0]
    cat = catalogue("ankh", dataset.enrolment_folder(root, shot.family))
    got = CardReader(cat).read(shot.image()).labels()
    for seat, want in shot.truth["rows"].items():
        assert len(got[int(seat)]) == len(want)
        assert not any(a is not None and a != b for a, b in zip(got[int(seat)], want, strict=True))
    monkeypatch.setattr(CardReader, "lamp_pool", lambda *a: False)
    with pytest.raises(VisionError) as refused:
        CardReader(cat).read(shot.image())
    assert refused.value.code == "hand-over-table"


def _read_but_refused_with(root: Path, name: str, constant: str, value: float) -> None:
    """A kept clean frame is read, every tile in place and none wrong, and refused as a
    hand once the reader's ``constant`` is set back to ``value`` (the rule that reads it
    undone)."""
    import vision.path_reader as path_reader

    shot, cat = _every_tile_in_place(root, name)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(path_reader, constant, value)
        with pytest.raises(VisionError) as refused:
            PathReader(cat).read(shot.image())
    assert refused.value.code == "hand-over-table"


S89 = DATA / "tutankhamen-s89"  # frames of seed 89 (measured once unseen) with their own enrolment
S97 = DATA / "tutankhamen-s97"  # a frame of seed 97 (measured once unseen) with seed 89's enrolment


def test_a_pawn_hides_its_tile_as_far_as_its_colour_reaches(monkeypatch: pytest.MonkeyPatch) -> None:
    """tutankhamen-s89-0002 (parchment on grey wood, a lamp from one side): a lime pawn on a
    blue cat and a yellow one on a blue mask. Only their lit tops lie near their enrolled
    colours, so the blobs found were smaller than the pawns, and the part of the face left
    uncovered was the pawns' own sides: the cat was read as a green mask at full confidence,
    the mask as a green one. The disc of the pawn's hue tells how big it is: those faces
    are now asked about or read right; with the blob's size alone they are misread again."""
    import vision.path_reader as path_reader

    shot = next(s for s in dataset.frames(S89) if s.name == "tutankhamen-s89-0002")
    cat = catalogue("tutankhamen", dataset.enrolment_folder(S89, shot.family))
    under = [shot.truth["tiles"][p["index"]] for p in shot.truth["pawns"]]

    def wrong_under_pawns() -> list[tuple[str | None, str]]:
        doc = PathReader(cat).read(shot.image()).to_json()
        assert len(_aligned(doc["tiles"], shot.truth["tiles"])) == len(shot.truth["tiles"])
        wrong = []
        for want in under:
            near = min(doc["tiles"], key=lambda t: float(np.hypot(*np.subtract(t["center"], want["center"]))))
            if near["label"] not in (None, want["label"]):
                wrong.append((near["label"], want["label"]))
        return wrong

    assert wrong_under_pawns() == []
    whole = path_reader.pawn_centre
    monkeypatch.setattr(
        path_reader, "pawn_centre", lambda image, rough, colour, r: (whole(image, rough, colour, r)[0], r)
    )
    assert ("mask-green", "cat-blue") in wrong_under_pawns()


def test_a_stripe_of_grain_darker_where_it_crosses_the_edge_is_no_arm() -> None:
    """tutankhamen-s89-0014 (mosaic on pale wood with bold stripes of grain, measured once
    unseen): a stripe of grain along the path's first row reached the right edge, of the
    table's colour as a whole (5 in Lab) but 9 from it where it crosses the edge, in the
    frame's darker corner, and the clean frame was refused as a bare arm. It is read, every
    tile in place; with the stripe judged as before, it is refused again."""
    _read_but_refused_with(S89, "tutankhamen-s89-0014", "TABLE_ITSELF", 5.0)


def test_a_first_face_matched_poorly_stays_where_the_mask_puts_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same frame: a lime pawn stands on the first tile, and no face matched it well
    (0.59). Looked for widely, the poor match moved it 17 px towards the marker, a third of
    a tile; every tile after it was placed from there, matched nothing, and the walk
    followed the stripe of grain off the path after 9 places (22 tiles missed, 5
    invented). A first face matched under 0.6 (``FIRST_MOVED``) stays where the mask put
    it: the path is walked to its end; moved by the poor match, it is lost again."""
    import vision.path_reader as path_reader

    shot = next(s for s in dataset.frames(S89) if s.name == "tutankhamen-s89-0014")
    cat = catalogue("tutankhamen", dataset.enrolment_folder(S89, shot.family))
    assert PathReader(cat).read(shot.image()).complete
    monkeypatch.setattr(path_reader, "FIRST_MOVED", 0.0)
    assert not PathReader(cat).read(shot.image()).complete


def test_a_papyrus_outline_the_pile_fills_only_in_part_is_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """ankh-s73-0005 (frame 0005 of seed 73, ebony on grey cloth, measured once unseen): two
    papyri overlap, and the best outline on the pile was a quarter turn off, half on the
    table. The top papyrus's 2×2 grid of colours, turned, is another papyrus's grid, and the
    dark card looks like the grey cloth: it was read as that papyrus at full confidence.
    The pile fills only 69 % of that outline (of every papyrus read right, 86 % or more):
    it is asked, saying why; without that check it is misread again."""
    import vision.card_reader as card_reader

    root = DATA / "ankh-s73"
    shot = next(s for s in dataset.frames(root) if s.name == "ankh-s73-0005")
    cat = catalogue("ankh", dataset.enrolment_folder(root, shot.family))
    reading = CardReader(cat).read(shot.image())
    assert reading.papyrus is None
    asked = [q for q in reading.unreadable if q["seat"] is None and "outline is unclear" in q["reason"]]
    assert len(asked) == 1
    monkeypatch.setattr(card_reader, "PILE_COVER", 0.0)
    again = CardReader(cat).read(shot.image()).papyrus
    assert again is not None
    assert {"rank": again["rank"], "threshold": again["threshold"]} != shot.truth["papyrus"]


def test_a_row_end_moved_out_a_card_goes_no_further_than_the_rows_own_points() -> None:
    """ankh-s103-0009 (frame 0009 of seed 103, parchment on light wood, measured once
    unseen; the papyri's enrolment photos left out): seat 1's three light cards touch, and
    the row's body, where a card's part fits, stopped 18 mm short of the first card's edge.
    The end was moved out a whole card (43 mm), past every point of the row, and the row
    was cut into four cards. The end now moves no further than the row reaches: three
    cards, the one beyond the body asked (its place a guess), none read wrong."""
    import vision.card_reader as card_reader

    root = DATA / "ankh-s103"
    shot = next(s for s in dataset.frames(root) if s.name == "ankh-s103-0009")
    cat = catalogue("ankh", dataset.enrolment_folder(root, shot.family))
    want = shot.truth["rows"]["1"]
    row = CardReader(cat).read(shot.image()).rows[1]
    assert len(row) == len(want) == 3
    assert all(card["label"] in (None, truth) for card, truth in zip(row, want, strict=True))
    assert row[0]["label"] is None
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(card_reader, "_reach", lambda end, reach, way: end)
        assert len(CardReader(cat).read(shot.image()).rows[1]) == 4


def _papyrus_asked_right_first(name: str) -> tuple[dataset.Frame, Catalogue, dict[str, Any]]:
    """Reads a kept frame of ``ankh-s103`` (its papyri enrolled) and asserts its papyrus is
    asked, the right one offered first; the frame, the catalogue and the question."""
    root = DATA / "ankh-s103"
    shot = next(s for s in dataset.frames(root) if s.name == name)
    cat = catalogue("ankh", dataset.enrolment_folder(root, shot.family))
    reading = CardReader(cat).read(shot.image())
    assert reading.papyrus is None
    (asked,) = [q for q in reading.unreadable if q["seat"] is None]
    assert asked["candidates"][0] == shot.truth["papyrus_label"]
    return shot, cat, asked


def test_a_papyrus_a_bar_off_its_outline_fitting_no_better_is_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """ankh-s103-0007 (frame 0007 of seed 103, classic on light wood, measured once unseen;
    only the papyri enrolled): the top papyrus's outline is right, and there the face look
    was torn (a 5 first, 0.78). Looked for again a bar's height each way, a papyrus of the
    same colours turned round by one fit a bar off (0.73, no better), and there the sharp
    look among the leaders and the look at the colours' places agreed on it: read wrong
    at 0.93. Two places naming two papyri, neither clearly better, now make a question —
    the one the colours' places name at the outline (the right one) offered first."""
    import vision.card_reader as card_reader

    shot, cat, _ = _papyrus_asked_right_first("ankh-s103-0007")
    monkeypatch.setattr(card_reader, "PILE_BETTER", -1.0)  # the place a bar off taken always
    # (where the colours fit better a bar back, which asks on its own too: left out here)
    again = CardReader(cat, CardSettings(bar_off_fit=None)).read(shot.image()).papyrus
    assert again is not None
    assert {"rank": again["rank"], "threshold": again["threshold"]} != shot.truth["papyrus"]


def test_a_papyrus_whose_colours_fit_better_a_bar_along_is_asked() -> None:
    """ankh-s79-0000 (frame 0000 of seed 79, classic on wood, measured once unseen; only the
    papyri enrolled): the top papyrus of a fanned pile, its outline found a bar off along
    its length, read turned round by one (blue-yellow-red-green 5 for green-blue-yellow-red
    3, at 0.82). At the place found, its colours fit their best order at 8.4 (Lab a, b); a
    bar along they fit the right one at 3.3, clearly. Colours that fit clearly better in
    another order a bar along now make a question, that order's papyrus offered first."""
    shot, cat, asked = _papyrus_asked_right_first("ankh-s79-0000")
    assert "a bar along" in asked["reason"]
    again = CardReader(cat, CardSettings(bar_off_fit=None)).read(shot.image()).papyrus
    assert again is not None
    assert {"rank": again["rank"], "threshold": again["threshold"]} != shot.truth["papyrus"]


def test_a_card_whose_value_the_detail_look_could_not_tell_is_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """ankh-s131-0012 (frame 0012 of seed 131, ebony on wood, measured once unseen): seat
    1's blue 2 shows two pips at 54 px a card. The whole-card looks read it as a blue 3 at
    0.99 and the trained look was certain of the 3; the detail look, which compares only
    where the blue cards differ, leaned to the 3 too but could not tell (0.22). Such a card
    is now asked unless every other look is at its surest; no card of the frame is read
    wrong, where before the 2 was read as a 3. The detail look kept near where the whole
    face fits (``detail_look.ANCHOR``, 2026-12-01) no longer leans to the 3 at all: either
    rule alone keeps the card asked."""
    root = DATA / "ankh-s73"
    shot = next(s for s in dataset.frames(root) if s.name == "ankh-s131-0012")
    cat = catalogue("ankh", dataset.enrolment_folder(root, shot.family))
    rows = CardReader(cat).read(shot.image()).labels()
    for seat, want in shot.truth["rows"].items():
        assert len(rows[int(seat)]) == len(want)
        assert all(got in (None, truth) for got, truth in zip(rows[int(seat)], want, strict=True))
    assert rows[1][1] is None
    loose = CardSettings(unclear_detail_always_asks=False)
    assert CardReader(cat, loose).read(shot.image()).labels()[1][1] is None
    monkeypatch.setattr(detail_look, "ANCHOR", None)
    fresh, _ = enroll("ankh", dataset.enrolment_folder(root, shot.family))  # its detail look built anew
    assert CardReader(fresh).read(shot.image()).labels()[1][1] is None
    assert CardReader(fresh, loose).read(shot.image()).labels()[1][1] == "blue-3"


def test_a_value_the_detail_look_names_by_a_hair_against_the_trained_look_is_asked() -> None:
    """ankh-s151-0006 (frame 0006 of seed 151, mosaic, measured once unseen): seat 2's
    yellow 1 was read as a yellow 3 at 0.51 — the whole-card looks unsure of the 3 (0.40),
    the detail look naming it clearly by 0.01 over its least, and the trained look at 0.98
    for the 1. Now asked, with the 1 offered beside the 3; no card of the frame is read
    wrong."""
    shot, cat, reading = _read_in_place("ankh-s151", "ankh-s151-0006")
    rows = reading.labels()
    assert shot.truth["rows"]["2"][1] == "yellow-1" and rows[2][1] is None
    asked = next(q for q in reading.unreadable if q["seat"] == 2 and q["index"] == 1)
    assert set(asked["candidates"][:2]) == {"yellow-1", "yellow-3"}
    before = CardReader(cat, CardSettings(detail_hairline=None)).read(shot.image())
    assert before.labels()[2][1] == "yellow-3"


def test_a_lamps_highlight_by_a_seat_card_is_no_card() -> None:
    """ankh-s151-0000 (frame 0000 of seed 151, classic cards on glossy wood, measured once
    unseen): seat 0 has no cards, but a lamp's highlight lies on the wood beside its seat
    card — a plain patch of the lamp's colour, which the foreground takes for something
    not table — and it was read as a row of one card, asked (its face matching no enrolled
    face: 0.03). A place whose face matches no enrolled face and whose middle holds next to
    no print is no card: seat 0's row is empty and every other row is read right."""
    root = DATA / "ankh-s151"
    shot = next(s for s in dataset.frames(root) if s.name == "ankh-s151-0000")
    cat = catalogue("ankh", dataset.enrolment_folder(root, shot.family))
    reading = CardReader(cat).read(shot.image())
    assert shot.truth["rows"]["0"] == [] and reading.rows[0] == []
    rows = reading.labels()
    for seat, want in shot.truth["rows"].items():
        assert len(rows[int(seat)]) == len(want)
        assert all(got in (None, truth) for got, truth in zip(rows[int(seat)], want, strict=True))
    assert not any(q["seat"] == 0 for q in reading.unreadable)
    before = CardReader(cat, CardSettings(least_print=None)).read(shot.image())
    assert len(before.rows[0]) == 1 and before.rows[0][0]["label"] is None


def test_the_detail_look_compares_faces_at_the_cameras_resolution() -> None:
    """ankh-s131-0017 (frame 0017 of seed 131, photo art, measured once unseen): seat 0's
    blue 5 lies far from the camera, its corner numeral a few of the camera's pixels tall.
    Against the enrolment photos' full detail alone no value fitted clearly and it was
    asked; compared also with the faces brought down to what the camera saw there
    (``CardSettings.detail_seen``), its value leads clearly and it is read — no card of
    the frame read wrong."""
    shot, cat, reading = _read_in_place("ankh-s131", "ankh-s131-0017")
    rows = reading.labels()
    assert shot.truth["rows"]["0"][1] == "blue-5" and rows[0][1] == "blue-5"
    before = CardReader(cat, CardSettings(detail_seen=None)).read(shot.image()).labels()
    assert before[0][1] is None


def test_a_ones_bare_card_is_not_fitted_by_a_twos_pip_moved_onto_its_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ankh-s157-0005 (frame 0005 of seed 157, ebony on cloth, the camera 115 cm up,
    measured once unseen): seat 1's yellow 1 was read as a yellow 2 at 1.0 — the detail
    look's regions are the 2's second pip and the 1's bare card there, and the 2's pip,
    moved on its own by a pip's spacing onto the 1's, fitted clearly. Kept near where the
    whole face fits (``detail_look.ANCHOR``), it no longer does: the card is asked with
    the 1 among its candidates, and no card of the frame is read wrong."""
    shot, _, reading = _read_in_place("ankh-s73", "ankh-s157-0005")
    rows = reading.labels()
    root = DATA / "ankh-s73"
    assert shot.truth["rows"]["1"][0] == "yellow-1" and rows[1][0] is None
    asked = next(q for q in reading.unreadable if q["seat"] == 1 and q["index"] == 0)
    assert "yellow-1" in asked["candidates"][:2]
    monkeypatch.setattr(detail_look, "ANCHOR", None)
    fresh, _ = enroll("ankh", dataset.enrolment_folder(root, shot.family))  # its detail look judged anew
    loose = CardReader(fresh).read(shot.image())
    assert loose.labels()[1][0] == "yellow-2"


def _read_in_place(folder: str, name: str) -> tuple[dataset.Frame, Catalogue, Any]:
    """Reads a kept Ankh frame and asserts every row holds its cards, none read wrong; the
    frame, its family's catalogue and the reading."""
    root = DATA / folder
    shot = next(s for s in dataset.frames(root) if s.name == name)
    cat = catalogue("ankh", dataset.enrolment_folder(root, shot.family))
    reading = CardReader(cat).read(shot.image())
    rows = reading.labels()
    for seat, want in shot.truth["rows"].items():
        assert len(rows[int(seat)]) == len(want)
        assert all(got in (None, truth) for got, truth in zip(rows[int(seat)], want, strict=True))
    return shot, cat, reading


def _row_in_place(folder: str, name: str, seat: int, cards: int) -> tuple[dataset.Frame, Catalogue, Any]:
    """Reads a kept Ankh frame and asserts ``seat``'s row holds its ``cards`` cards, none
    read wrong; the frame, its family's catalogue and the reading."""
    root = DATA / folder
    shot = next(s for s in dataset.frames(root) if s.name == name)
    cat = catalogue("ankh", dataset.enrolment_folder(root, shot.family))
    want = shot.truth["rows"][str(seat)]
    reading = CardReader(cat).read(shot.image())
    row = reading.rows[seat]
    assert len(row) == len(want) == cards
    assert all(card["label"] in (None, truth) for card, truth in zip(row, want, strict=True))
    return shot, cat, reading


def test_a_card_beyond_a_rows_body_is_looked_for_where_the_row_ends() -> None:
    """ankh-s109-0012 (frame 0012 of seed 109, ebony on grey cloth, measured once unseen):
    seat 0's three dark cards show in the mask a card's length of body, their points
    reaching 2.6 cards. The end moved out a card, and the next card was looked for a step
    on — a quarter card past where the row's points end — where it matched no face
    (0.45): the row was read as two cards. A card beyond the body is now looked for no
    further out than the row reaches: three cards, the two beyond the body asked."""
    import vision.card_reader as card_reader

    shot, cat, reading = _row_in_place("ankh-s73", "ankh-s109-0012", 0, 3)
    faint = [u for u in reading.unreadable if u["seat"] == 0 and "outline hardly shows" in u["reason"]]
    assert [u["index"] for u in faint] == [1, 2]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(card_reader, "_reach", lambda place, reach, way: place)
        assert len(CardReader(cat).read(shot.image()).rows[0]) == 2


def test_a_card_whose_colour_the_trained_look_doubts_is_not_read_on_the_detail_looks_word() -> None:
    """ankh-s127-0012 (frame 0012 of seed 127, ebony on wood, measured once unseen): seat
    1's first card is a green 2. The whole-card looks were torn between a blue 1 and
    greens (0.29); the detail look, which tells a colour's values apart, named a blue 2
    clearly, and the trained look a green 3. The detail look's clear word read it as a
    blue 2. It cannot speak to the colour, which the trained look doubts: now asked."""
    _, _, reading = _row_in_place("ankh-s73", "ankh-s127-0012", 1, 2)
    assert reading.rows[1][0]["label"] is None
    (asked,) = [q for q in reading.unreadable if q["seat"] == 1 and q["index"] == 0]
    assert "blue-2" in asked["candidates"]


def test_a_row_of_cards_laid_apart_is_counted_by_where_their_faces_fit() -> None:
    """ankh-s117-0004 (frame 0004 of seed 117, medallion on grey cloth, measured once
    unseen): seat 1's five light cards lie a few millimetres apart, so the row is as long
    as six cards at the usual 2 mm overlap, and it was cut into six (none read wrong, the
    extra asked). Spread as five the cards' faces match 0.87 on average, as six 0.59:
    five it is, and counting by length alone it is six again."""
    import vision.card_reader as card_reader

    root = DATA / "ankh-s117"
    shot = dataset.frames(root)[0]
    cat = catalogue("ankh", dataset.enrolment_folder(root, shot.family))
    want = shot.truth["rows"]["1"]
    row = CardReader(cat).read(shot.image()).rows[1]
    assert len(row) == len(want) == 5
    assert all(card["label"] in (None, truth) for card, truth in zip(row, want, strict=True))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(card_reader, "RECOUNT_SURE", 2.0)
        assert len(CardReader(cat).read(shot.image()).rows[1]) == 6


def test_a_lamps_pool_beside_a_row_is_not_counted_as_its_cards() -> None:
    """ankh-s131-0010 (frame 0010 of seed 131, photo art on dark wood, measured once
    unseen): a warm lamp's pool lies beside seat 1's row of five, and the card mask ran
    on over it a third of a card past the last card's edge. The row, as long as six cards
    at the usual overlap, was recounted as seven (none read wrong, six asked). Its end is
    now cut back to the last card's edge, beyond which the table is plain: five cards.
    Left where the mask ends, it is seven again."""
    import vision.card_reader as card_reader

    shot, cat, _ = _row_in_place("ankh-s131", "ankh-s131-0010", 1, 5)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(card_reader.CardReader, "last_card_edges", lambda self, *a: a[3][:2])
        assert len(CardReader(cat).read(shot.image()).rows[1]) == 7


def test_a_pawn_on_the_first_tile_does_not_set_the_tiles_size() -> None:
    """tutankhamen-s97-0012 (medallion art on light wood, measured once unseen): an orange
    pawn stands on the path's first tile. Round it, the medallion's disc matched a face
    best at 25 mm, not the tile's 35, and the walk, stepping 28 mm, lost the path after 9
    places. The first face matched no side clearly (0.78), so the tile after it is tried
    too: the side is measured within 2 mm, and the path is walked to its end."""
    shot = dataset.frames(S97)[0]
    cat = catalogue("tutankhamen", dataset.enrolment_folder(S97, shot.family))
    doc = PathReader(cat).read(shot.image()).to_json()
    assert doc["tile_mm"] == pytest.approx(35.0, abs=2.0)
    assert doc["complete"] and len(doc["tiles"]) == len(shot.truth["tiles"])


S103 = DATA / "tutankhamen-s103"  # seeds 103 (three frames) and 157 (one), each measured once unseen


@pytest.mark.parametrize("name", ["tutankhamen-s103-0011", "tutankhamen-s103-0012"])
def test_a_bundle_of_grain_streaks_crossing_the_edge_is_no_arm(name: str) -> None:
    """tutankhamen-s103-0011 and -0012 (photo and medallion art on boldly grained wood,
    measured once unseen): several streaks of grain, light in one and dark in the other,
    join the path to the right edge. Each is narrower than a wrist, but bundled they cross
    the edge 80–90 px wide and fill 69–75 % of the band there, as solidly as an arm would:
    both clean frames were refused as a hand. An arm crosses the edge as one run (its
    sleeve's cuff beside it at most); these cross as three and six with table between.
    Both are read, every tile in place; counting every bundle as solid, they are refused."""
    _read_but_refused_with(S103, name, "STREAKS", 99)


S101 = DATA / "tutankhamen-s101"  # a frame of seed 101 (measured once unseen) with seed 89's enrolment


def test_a_streak_of_grain_along_the_grain_joining_the_path_to_the_edge_is_no_arm() -> None:
    """tutankhamen-s101-0003 (photo art on striped wood, measured once unseen): a single
    streak of grain, 9 px wide (half size, 15 mm: narrower than a wrist) and of the
    path's colour as a whole, joins the path to the right edge; the clean frame was
    refused as a hand. The streak runs within a degree of the table's grain, which runs
    one way coherently: it is read, every tile in place; with no streak let through for
    its way, it is refused again."""
    _read_but_refused_with(S101, "tutankhamen-s101-0003", "GRAIN_ALONG", -1.0)


def _in_place(doc: dict[str, Any], want: list[dict[str, Any]]) -> list[bool]:
    """Whether each read tile lies within a quarter of a tile of the truth tile of its
    index (the walk found every place in order)."""
    centres = np.array([t["center"] for t in want], np.float64)
    pitch = float(np.median(np.linalg.norm(np.diff(centres, axis=0), axis=1)))
    return [
        i < len(centres) and float(np.linalg.norm(centres[i] - tile["center"])) < 0.25 * pitch
        for i, tile in enumerate(doc["tiles"])
    ]


def test_a_pawns_edges_far_off_the_paths_axes_turn_no_path() -> None:
    """tutankhamen-s103-0005 (ebony art on cloth, measured once unseen): a red pawn stands
    on the fourth tile and a pink one on the sixth, where the path turns. The fourth tile's
    edges measured 38° off the path's (the pawn's and its shadow's), its face fitting
    neither way (0.22 turned so, 0.23 on the path's axes), and the walk turned with it: it
    cut the corner between tiles (3 tiles missed, 2 invented, 1 read wrong). Edges more
    than 25° off the path's, on a face that fits poorly both ways, now turn a tile only
    where it fits clearly better so, and a face looked at again keeps the walk's angle
    where the edges measured there lie as far off (ebony glyphs drew one at 40°, and a
    scarab read at it was a gold bag): every tile is in place, none read wrong. Taking
    any angle as before, the walk leaves the path."""
    import vision.path_reader as path_reader

    shot, cat = _every_tile_in_place(S103, "tutankhamen-s103-0005")
    want = shot.truth["tiles"]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(path_reader, "ANGLE_FAR", 180.0)
        before = PathReader(cat).read(shot.image()).to_json()
    assert not all(_in_place(before, want))


def test_a_tile_whose_edges_lie_far_off_the_path_turns_it_only_where_it_fits_clearly_better() -> None:
    """tutankhamen-s157-0013 (ebony art on wood, tilted 29°, measured once unseen): where
    the path turns down, a Horus's round eye drew edges 40° off the path's; turned so its
    face fitted 0.86 (as a scarab), on the path's axes 0.82 (as a mask) — neither right,
    but the walk took the 40° and the next tile's -40°, its axes swung to the diagonal and
    it left the path after 10 of 30 tiles. A tile more than 25° off the path's axes and
    the last tile's is now turned so only where its face fits clearly better (0.05) that
    way, whether it fits well or poorly: every tile is in place, none read wrong. Turned as
    readily as before (unless the path's axes fit 0.05 better), the walk is lost again."""
    import vision.path_reader as path_reader

    shot, cat = _every_tile_in_place(S103, "tutankhamen-s157-0013")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(path_reader, "FAR_TURN_MARGIN", -0.05)
        before = PathReader(cat).read(shot.image()).to_json()
    assert len(before["tiles"]) < len(shot.truth["tiles"])


S107 = DATA / "tutankhamen-s107"  # a frame of seed 107 (measured once unseen) with seed 89's enrolment


def test_a_streak_of_grain_a_wrist_wide_along_the_grain_is_no_arm() -> None:
    """tutankhamen-s107-0008 (classic art on striped wood, measured once unseen): a streak
    of grain 15–16 px wide (half size: a small wrist's 25 mm) joins the path's end to the
    right edge, widening to 20 px where a second streak meets it, 82 % solid and 13 from
    the table's colour there: the clean frame was refused as a hand. Where it is narrowest
    it is under one and a half wrists wide, and its sides run within 10° of the table's
    grain: it is read, every tile in place; with no such neck let through, it is refused
    again."""
    _read_but_refused_with(S107, "tutankhamen-s107-0008", "NECK", 0.0)


S113 = DATA / "tutankhamen-s113"  # a frame of seed 113 (measured once unseen) with seed 89's enrolment


def test_a_face_under_a_pawn_is_not_read_by_the_colour_round_the_pawn() -> None:
    """tutankhamen-s113-0001 (line art on green cloth, measured once unseen): an orange
    pawn hides the whole green Horus of the eighth tile; round it only the cream face and
    the frame show, which every face shares. The look round the pawn was torn (0.21),
    but the colour look, fed the crop's orange rim, made it a gold bag surely (1.0). Under
    a pawn the colour now decides only between the colours of one kind: the tile is asked,
    with the pawn seen on it, and no tile of the frame is read wrong."""
    shot = next(s for s in dataset.frames(S113) if s.name == "tutankhamen-s113-0001")
    cat = catalogue("tutankhamen", dataset.enrolment_folder(S113, shot.family))
    doc = PathReader(cat).read(shot.image()).to_json()
    want = shot.truth["tiles"]
    assert want[7]["label"] == "horus-green"
    assert all(_in_place(doc, want)) and len(doc["tiles"]) == len(want)
    assert not any(a is not None and a != b for a, b in _aligned(doc["tiles"], want))
    assert doc["tiles"][7]["label"] is None
    assert [p["index"] for p in doc["pawns"]] == [7]
    asked = next(u for u in doc["unreadable"] if u["index"] == 7)
    assert asked["candidates"]


S127 = (
    DATA / "tutankhamen-s127"
)  # frames of seeds 127 and 137 (each measured once unseen), seed 89's enrolment


def test_a_stride_a_little_long_at_a_rows_end_does_not_cut_its_corner() -> None:
    """tutankhamen-s127-0006 (mosaic art on grained wood, tilted 15°, measured once unseen):
    the tile was measured 36.3 mm (35 on the box), so a step from the top row's last but one
    tile landed partly beyond its last and showed 0.79 of a tile, while the place across the
    corner, between the last tile and the one below it, showed 0.93 — and the walk, taking
    that for a curve, went on half a tile off the rest of the way (7 tiles missed, 8
    invented). A neighbour less dense than a tile is now looked for a little nearer and
    further too: every tile is in place, none read wrong; looking only at the one stride,
    the walk cuts the corner again."""
    import vision.path_reader as path_reader

    shot, cat = _every_tile_in_place(S127, "tutankhamen-s127-0006")
    want = shot.truth["tiles"]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(path_reader, "STRIDE_FLEX", ())
        before = PathReader(cat).read(shot.image()).to_json()
    assert not all(_in_place(before, want))


def test_the_walk_begins_on_a_first_tile_a_pawn_stands_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """tutankhamen-s137-0014 (mosaic art on blue cloth, tilted 24°, measured once unseen):
    a red pawn stands on the first tile, by marker 10. Its shadow dims the tile's top side
    and it hides half the face, so the tile stood out as a square less than half as clearly
    as the tile of the next row diagonally below (0.44) and matched no face — as a lamp's
    glare by the marker does — and the walk began on that tile instead: 16 tiles missed,
    9 read. Pawns are now looked for before the walk, and a place a pawn stands on may be
    the first tile: every tile in place, none read wrong, the pawn on tile 0. (The tile
    below lies well past the marker's paper, so weighing only the places met nearest
    finds the first tile too: each alone does.)"""
    import vision.path_reader as path_reader

    shot, cat = _every_tile_in_place(S127, "tutankhamen-s137-0014")
    want = shot.truth["tiles"]
    doc = PathReader(cat).read(shot.image()).to_json()
    assert all(_in_place(doc, want)) and len(doc["tiles"]) == len(want) == 25
    assert doc["complete"] and [(p["label"], p["index"]) for p in doc["pawns"]] == [("pawn-red", 0)]

    def blind(*args: Any, **kwargs: Any) -> list[dict[str, Any]]:
        return []

    for pawns_seen in (True, False):
        with monkeypatch.context() as patched:
            patched.setattr(path_reader, "FIRST_NEAR", math.inf)  # every place met weighed
            reader = PathReader(cat)
            if not pawns_seen:
                reader.find_pawns = blind  # type: ignore[method-assign]
            got = reader.read(shot.image()).to_json()
        assert (len(got["tiles"]) == len(want)) is pawns_seen
        assert pawns_seen or len(got["tiles"]) < len(want) - 10
    reader = PathReader(cat)
    reader.find_pawns = blind  # type: ignore[method-assign]
    assert all(_in_place(reader.read(shot.image()).to_json(), want))


def test_the_walk_begins_beside_marker_10_not_on_a_clearer_tile_off_its_corner(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """tutankhamen-s179-0009 (line art on wood, tilted 27°, measured once unseen): a red
    pawn stands on the first tile, and no pawn was seen there before the walk (red on a
    white face, in a warm lamp). The tile of the second row, off the marker's far corner,
    stood out as a square over twice as clearly (319 against 135), so the walk began there:
    18 tiles missed, 5 of the 19 read wrong. Its near edge lies some 30 mm past the
    marker's paper, where the first tile's lies a few; only places met within half a tile
    of the nearest are now weighed as the first: all 37 tiles in place, none read wrong."""
    import vision.path_reader as path_reader

    shot, cat = _every_tile_in_place(S113, "tutankhamen-s179-0009")
    want = shot.truth["tiles"]
    doc = PathReader(cat).read(shot.image()).to_json()
    assert all(_in_place(doc, want)) and len(doc["tiles"]) == len(want) == 37
    assert doc["complete"]
    monkeypatch.setattr(path_reader, "FIRST_NEAR", math.inf)
    before = PathReader(cat).read(shot.image()).to_json()
    assert len(before["tiles"]) < len(want) - 10 and not before["complete"]
