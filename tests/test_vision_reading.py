"""The vision library on rendered tables with known truth: the scenes themselves, the marker
sheet, enrolment from art the recogniser has never seen, and reading the path.

Every reading test enrols ArtStyle(7) — faces drawn differently from the house art — so a
pass shows that recognition comes from the enrolled photos alone. Thresholds were measured
on these seeds first and leave a margin (see the comments).
"""

from __future__ import annotations

import random
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.catalogue import Catalogue, enroll
from vision.errors import VisionError
from vision.markers import KIT, MARKER_MM, QUIET_MM, detect, marker_image, write_sheet
from vision.path_reader import PathReader, ReaderSettings
from vision.synth.art import PAWNS, TILE_LABELS, ArtStyle
from vision.synth.tiles import TableScene, write_enrolment_set

UNSEEN = ArtStyle(7)
KINDS = {"scarab": 1, "cat": 2, "horus": 4, "anubis": 6, "mask": 8}
OTB_BOX = [f"{k}-{c}" for k, n in KINDS.items() for c in ("green", "blue", "purple") for _ in range(n)]
OTB_BOX += ["goldbag"] * 3 + ["pharaoh"] * 3


def shuffled_path(seed: int) -> list[str]:
    """The OTB box shuffled into a path, King Tut last (70 tiles)."""
    tiles = OTB_BOX[:]
    random.Random(seed).shuffle(tiles)
    return [*tiles, "kingtut"]


@pytest.fixture(scope="module")
def catalogue(unseen_tile_catalogue: Catalogue) -> Catalogue:
    return unseen_tile_catalogue


# ---------------------------------------------------------------------- the scenes


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_scene_truth_is_what_was_asked_for(level: str) -> None:
    labels = shuffled_path(4)[:30]
    scene = TableScene(labels, seed=4, level=level)
    present = [i % 7 != 3 for i in range(len(labels))]
    shot = scene.render(present=present, pawns={"pawn-red": 0, "pawn-lime": 12})
    h, w = shot.image.shape[:2]
    assert (w, h) == (1280, 720) and shot.image.dtype == np.uint8
    truth = shot.truth
    assert [t["index"] for t in truth["tiles"]] == [i for i, here in enumerate(present) if here]
    assert [t["label"] for t in truth["tiles"]] == [
        lab for lab, here in zip(labels, present, strict=True) if here
    ]
    centres = [t["center"] for t in truth["tiles"]] + [p["center"] for p in truth["pawns"]]
    assert all(0 <= x < w and 0 <= y < h for x, y in centres)
    assert sorted((p["label"], p["index"]) for p in truth["pawns"]) == [("pawn-lime", 12), ("pawn-red", 0)]
    assert truth["hand"] is False and truth["level"] == level and truth["seed"] == 4
    # neighbours on the path lie about a tile apart, so the truth is in path order
    steps = np.linalg.norm(
        np.diff(np.array([t["center"] for t in scene.render().truth["tiles"]]), axis=0), axis=1
    )
    assert steps.max() < 1.6 * np.median(steps)


def test_scenes_are_seeded() -> None:
    a = TableScene(shuffled_path(1)[:12], seed=9, level="medium").render(frame_seed=2)
    b = TableScene(shuffled_path(1)[:12], seed=9, level="medium").render(frame_seed=2)
    assert np.array_equal(a.image, b.image) and a.truth == b.truth


def test_the_marker_sheet_holds_every_kit_marker(tmp_path: Path) -> None:
    write_sheet(tmp_path / "sheet.png")
    sheet = cv2.imread(str(tmp_path / "sheet.png"), cv2.IMREAD_GRAYSCALE)
    assert sheet is not None and sheet.shape[0] > sheet.shape[1]  # A4 portrait
    assert set(detect(sheet)) == set(KIT) == {0, 1, 2, 3, 10, 11, *range(20, 26)}
    write_sheet(tmp_path / "sheet.pdf")
    assert (tmp_path / "sheet.pdf").read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize(
    ("side", "blur"),
    [(60, 1.5), (60, 3.0), (130, 1.5), (130, 3.0), (250, 3.0), (250, 5.0), (400, 5.0)],
)
def test_a_marker_is_found_at_every_size_and_focus_a_camera_gives(side: int, blur: float) -> None:
    """Only the first look thresholds the frame in windows up to 23 px; the looks for
    markers still missing stop at 13 (``markers._parameters``). A marker whose black cells
    are far wider than those windows, or blurred well past its cells' edges, is still
    found, whole and in place — turned, dim and noisy."""
    frame = np.full((720, 1280), 140, np.uint8)
    mark = cv2.cvtColor(marker_image(21, side), cv2.COLOR_BGR2GRAY)
    mark = (40 + mark.astype(np.float32) * (160 / 255)).astype(np.uint8)  # grey black, grey white
    move = cv2.getRotationMatrix2D((side / 2, side / 2), 30, 1.0)
    move[:, 2] += (640 - side / 2, 360 - side / 2)
    paper = cv2.warpAffine(np.full_like(mark, 255), move, (1280, 720)) > 0
    frame[paper] = cv2.warpAffine(mark, move, (1280, 720))[paper]
    noise = np.random.default_rng(side).normal(0, 6, frame.shape)
    frame = np.clip(cv2.GaussianBlur(frame, (0, 0), blur) + noise, 0, 255).astype(np.uint8)
    found = detect(frame, seats=False)
    assert set(found) == {21}
    # in place to a pixel and a hundredth of its side; its size to within its blur
    assert np.linalg.norm(found[21].center - (640, 360)) < 1.0 + 0.01 * side
    inner = side * MARKER_MM / (MARKER_MM + 2 * QUIET_MM)
    assert found[21].side_px == pytest.approx(inner, abs=2 * blur)


def test_only_squares_of_print_on_paper_are_looked_at_again_for_a_missing_marker() -> None:
    """The squares the strict look found but could not read are read again in windows of
    their own (``markers._missing_among_rejected``), up to six looks each. A marker's own
    square and its paper's pass the first check — dim, slanted and blurred too; a square of
    a card's coloured print, of wood grain or of a plain light card does not, and is left."""
    from vision.markers import _inked_on_paper

    frame = np.full((300, 900), 120, np.uint8)  # a mid-grey table
    side = 60
    mark = cv2.cvtColor(marker_image(0, side), cv2.COLOR_BGR2GRAY)
    frame[40 : 40 + side, 40 : 40 + side] = (30 + mark.astype(np.float32) * 0.7).astype(np.uint8)
    frame[150:210, 200:260] = 170  # a light card...
    frame[165:195, 215:245] = 95  # ...with a square of coloured print on it
    rng = np.random.default_rng(3)
    grain = 120 + 25 * np.sin(np.arange(60)[:, None] / 3.0) + rng.normal(0, 4, (60, 60))
    frame[150:210, 400:460] = np.clip(grain, 0, 255).astype(np.uint8)
    frame[40:100, 600:660] = 200  # a plain light card
    frame = cv2.GaussianBlur(frame, (0, 0), 1.2)

    def square(x: float, y: float, a: float) -> np.ndarray:
        return np.array([[x, y], [x + a, y], [x + a, y + a], [x, y + a]], np.float32)

    quiet = side * QUIET_MM / (MARKER_MM + 2 * QUIET_MM)
    assert _inked_on_paper(frame, square(40 + quiet, 40 + quiet, side - 2 * quiet))  # the marker's own
    assert _inked_on_paper(frame, square(40, 40, side))  # its paper's
    assert not _inked_on_paper(frame, square(215, 165, 30))  # the print on the card
    assert not _inked_on_paper(frame, square(405, 155, 50))  # grain
    assert not _inked_on_paper(frame, square(605, 45, 50))  # the plain card


# ---------------------------------------------------------------------- enrolment


def test_enrolment_learns_every_face_and_pawn(catalogue: Catalogue, tmp_path: Path) -> None:
    assert catalogue.labels == sorted(TILE_LABELS)
    assert sorted(catalogue.pawns) == sorted(PAWNS)
    catalogue.save(tmp_path / "cat.json")
    again = Catalogue.load(tmp_path / "cat.json", "tutankhamen")
    assert again.labels == catalogue.labels and again.pawns.keys() == catalogue.pawns.keys()
    assert all(np.array_equal(a[1], b[1]) for a, b in zip(again.faces, catalogue.faces, strict=True))


def test_enrolment_skips_and_names_bad_photos(tmp_path: Path) -> None:
    write_enrolment_set(tmp_path, ["cat-blue", "goldbag", "pawn-red"], UNSEEN, seed=8)
    (tmp_path / "cat-blue.png").rename(tmp_path / "cat-blue__2.png")  # a numbered photo is fine
    (tmp_path / "Cat Blue.png").write_bytes((tmp_path / "goldbag.png").read_bytes())  # bad name
    (tmp_path / "sphinx-red.png").write_bytes((tmp_path / "goldbag.png").read_bytes())  # unknown label
    (tmp_path / "horus-green.png").write_text("not a photo")  # not an image
    (tmp_path / "notes.txt").write_text("ignored: not a photo suffix")
    seen: list[tuple[int, int, str]] = []
    cat, problems = enroll("tutankhamen", tmp_path, lambda i, n, name: seen.append((i, n, name)))
    assert cat.labels == ["cat-blue", "goldbag"] and list(cat.pawns) == ["pawn-red"]
    assert cat.sources == ["cat-blue__2.png", "goldbag.png"]
    assert len(problems) == 3
    named = {p.split(":")[0] for p in problems}
    assert named == {"Cat Blue.png", "sphinx-red.png", "horus-green.png"}
    assert [n for _, n, _ in seen] == [6] * 6 and seen[-1][0] == 6
    assert "notes.txt" not in {name for *_, name in seen}


def test_enrolment_refuses_a_folder_with_nothing_to_learn(tmp_path: Path) -> None:
    with pytest.raises(VisionError) as missing:
        enroll("tutankhamen", tmp_path / "nope")
    assert missing.value.code == "no-folder"
    with pytest.raises(VisionError) as empty:
        enroll("tutankhamen", tmp_path)
    assert empty.value.code == "no-faces"
    (tmp_path / "mask-blue.png").write_bytes(b"")
    with pytest.raises(VisionError) as broken:
        enroll("tutankhamen", tmp_path)
    assert broken.value.code == "no-faces" and "mask-blue.png" in broken.value.message


# ---------------------------------------------------------------------- reading the path

# Measured with the enrolment above (seed 3): no wrong label on any of these, readable
# share 0.957–1.00 per frame, read centres within 0.11 tile pitches of the truth.
READ = [("easy", 1), ("easy", 2), ("medium", 1), ("medium", 6)]


@pytest.fixture(scope="module")
def readings(catalogue: Catalogue) -> dict[tuple[str, int], tuple[dict, dict]]:
    out = {}
    for level, seed in READ:
        shot = TableScene(shuffled_path(seed), seed=seed, level=level, style=UNSEEN).render()
        out[level, seed] = (shot.truth, PathReader(catalogue).read(shot.image).to_json())
    return out


@pytest.mark.parametrize(("level", "seed"), READ)
def test_a_path_is_read_in_order_and_never_guessed(readings, level: str, seed: int) -> None:
    truth, doc = readings[level, seed]
    assert doc["complete"] is True
    assert len(doc["tiles"]) == len(truth["tiles"]) == 70
    for got, want in zip(doc["tiles"], truth["tiles"], strict=True):
        assert got["label"] in (None, want["label"])  # unreadable, or right: never wrong
        assert 0.0 <= got["confidence"] <= 1.0
    centres = np.array([t["center"] for t in truth["tiles"]])
    read = np.array([t["center"] for t in doc["tiles"]])
    pitch = float(np.median(np.linalg.norm(np.diff(centres, axis=0), axis=1)))
    assert np.linalg.norm(read - centres, axis=1).max() < 0.3 * pitch  # in path order, each in place
    readable = [t["label"] is not None for t in doc["tiles"]]
    assert np.mean(readable) >= 0.9
    unreadable = {u["index"] for u in doc["unreadable"]}
    assert unreadable == {i for i, ok in enumerate(readable) if not ok}
    assert all(u["reason"] for u in doc["unreadable"])


def test_most_tiles_are_read_over_all_frames(readings) -> None:
    labels = [t["label"] for _, doc in readings.values() for t in doc["tiles"]]
    assert sum(label is not None for label in labels) / len(labels) >= 0.95


@pytest.mark.parametrize(("level", "seed"), [("easy", 5), ("medium", 4)])
def test_faces_alike_but_for_their_colour_are_told_apart(catalogue: Catalogue, level: str, seed: int) -> None:
    # In this art the blue and the purple mask (and cat) differ in hue only, which the
    # correlation over all three channels barely sees; without the colour look 4–5 of
    # these tiles were unreadable.
    path = ["mask-blue", "mask-purple"] * 12 + ["cat-blue", "cat-purple"] * 4 + ["kingtut"]
    shot = TableScene(path, seed=seed, level=level, style=UNSEEN).render(pawns={})
    # more masks and cats than a box holds: read without the box's counts (test_box_counts.py)
    doc = PathReader(catalogue, ReaderSettings(use_box=False)).read(shot.image).to_json()
    assert doc["complete"] is True
    assert [t["label"] for t in doc["tiles"]] == path


@pytest.mark.parametrize(("level", "seed"), [("easy", 2), ("medium", 6)])
def test_pawns_are_found_on_their_tile(catalogue: Catalogue, level: str, seed: int) -> None:
    placed = {"pawn-red": 3, "pawn-cyan": 30, "pawn-yellow": 60, "pawn-orange": 45}
    scene = TableScene(shuffled_path(seed), seed=seed, level=level, style=UNSEEN)
    shot = scene.render(pawns=placed, frame_seed=1)
    doc = PathReader(catalogue).read(shot.image).to_json()
    assert {p["label"]: p["index"] for p in doc["pawns"]} == placed
    truth = {p["label"]: p["center"] for p in shot.truth["pawns"]}
    for pawn in doc["pawns"]:
        assert np.hypot(*np.subtract(pawn["center"], truth[pawn["label"]])) < 12
        assert 0.0 < pawn["confidence"] <= 1.0
    for got, want in zip(doc["tiles"], shot.truth["tiles"], strict=True):  # a pawn hides part of a face
        assert got["label"] in (None, want["label"])


@pytest.mark.parametrize("seed", [1, 4])
def test_faces_under_pawns_are_read_from_their_rim(catalogue: Catalogue, seed: int) -> None:
    # a pawn hides the middle of its tile and its shadow darkens one side of the rim;
    # the face is read from what shows round it, the shadow lightened again (without
    # that, one or two of these covered tiles were unreadable)
    placed = {"pawn-red": 5, "pawn-cyan": 22, "pawn-yellow": 41, "pawn-orange": 58}
    scene = TableScene(shuffled_path(seed), seed=seed, level="medium", style=UNSEEN)
    shot = scene.render(pawns=placed, frame_seed=2)
    doc = PathReader(catalogue).read(shot.image).to_json()
    want = [t["label"] for t in shot.truth["tiles"]]
    got = [t["label"] for t in doc["tiles"]]
    assert [got[i] for i in placed.values()] == [want[i] for i in placed.values()]
    assert all(g in (None, w) for g, w in zip(got, want, strict=True))


@pytest.mark.parametrize(("seed", "asked"), [(8, []), (15, []), (26, [33])])
def test_hard_tables_with_pawns_are_read_completely(
    catalogue: Catalogue, seed: int, asked: list[int]
) -> None:
    # steep tilt, warm and uneven light, shadows, blur, JPEG, three or four pawns on the
    # path: every face is read, the covered ones included. Before the frame's own
    # colours were fitted from its sure faces and covered faces were placed by their
    # neighbours (each shifted crop leaving out its own pawn), 3–4 faces of each of
    # these frames were unreadable. Seed 26's gold bag under the red pawn was told from
    # King Tut by the colour round the pawn, which now decides only between the colours
    # of one kind (it is partly the pawn's: on photoreal tables it made wrong kinds of
    # covered faces): it is asked, the gold bag offered first.
    shot = TableScene(shuffled_path(seed), seed=seed, level="hard", style=UNSEEN).render()
    assert len(shot.truth["pawns"]) >= 2
    doc = PathReader(catalogue).read(shot.image).to_json()
    want = [t["label"] for t in shot.truth["tiles"]]
    assert doc["complete"] is True and [u["index"] for u in doc["unreadable"]] == asked
    assert [t["label"] for t in doc["tiles"]] == [None if i in asked else w for i, w in enumerate(want)]
    assert all(u["candidates"][0] == want[u["index"]] for u in doc["unreadable"])
    assert all(any(p["index"] == i for p in shot.truth["pawns"]) for i in asked)


def test_an_oak_table_lit_unevenly_is_not_taken_for_a_hand(catalogue: Catalogue) -> None:
    # an oak table is skin-coloured; where a shadow falls across it, the stretch outside
    # the shadow along the table's edge once looked like an arm reaching in, and the
    # frame was refused as "a hand is over the table"; it runs along the edge further
    # than an arm is wide and reaches in less far than it runs
    shot = TableScene(shuffled_path(5), seed=5, level="hard", style=UNSEEN).render()
    doc = PathReader(catalogue).read(shot.image).to_json()
    assert [t["label"] for t in doc["tiles"]] == [t["label"] for t in shot.truth["tiles"]]


@pytest.mark.parametrize(("seed", "level"), [(1, "hard"), (3, "easy"), (10, "hard"), (8, "hard")])
def test_an_arm_reaching_in_is_still_a_hand(catalogue: Catalogue, seed: int, level: str) -> None:
    shot = TableScene(shuffled_path(seed)[:40], seed=seed, level=level, style=UNSEEN).render(hand=True)
    with pytest.raises(VisionError) as caught:
        PathReader(catalogue).read(shot.image)
    assert caught.value.code == "hand-over-table"


def test_a_blurred_marker_read_by_its_cells_keeps_its_own_corners_and_only_its_own_id() -> None:
    """``markers._read_cells``: a marker's square found by the strict look, given from any
    corner, comes back with the marker's own corners in their order (as a decoded marker's)
    — blurred until its cells bleed, from its paper's square too. A square holding another
    id, or a paper with plain print, is read as nothing."""
    from vision.markers import _read_cells

    frame = np.full((240, 240), 150, np.uint8)
    mark = cv2.cvtColor(marker_image(2, 112), cv2.COLOR_BGR2GRAY)  # 80 px marker, 16 px paper
    frame[64:176, 64:176] = mark
    frame = cv2.GaussianBlur(frame, (0, 0), 2.5)
    own = np.array([[80, 80], [159, 80], [159, 159], [80, 159]], np.float32)  # clockwise from its top left
    paper = np.array([[64, 64], [175, 64], [175, 175], [64, 175]], np.float32)
    for turn in range(4):
        spun = np.ascontiguousarray(np.rot90(frame, turn))

        # a point (x, y) of the frame lies at (y, 239 − x) once it is turned a quarter counter-clockwise
        def spin(pts: np.ndarray, k: int = turn) -> np.ndarray:
            for _ in range(k):
                pts = np.stack([pts[:, 1], 239 - pts[:, 0]], axis=1)
            return pts

        for square in (own, paper):
            for first in range(4):
                found = _read_cells(spun, np.roll(spin(square), first, axis=0), {0, 1, 2, 3})
                assert found is not None and found[1] == 2
                assert np.abs(found[0] - spin(own)).max() <= 0.07 * 80
    assert _read_cells(frame, own, {0, 1, 3}) is None  # marker 2 is not one of those wanted
    plain = np.full((240, 240), 230, np.uint8)
    plain[100:140, 90:150] = 60  # a bar of print on white paper
    assert _read_cells(cv2.GaussianBlur(plain, (0, 0), 2.5), paper, {0, 1, 2, 3}) is None
