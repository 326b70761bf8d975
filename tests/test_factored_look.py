"""The kind-then-colour look (vision/factored.py): faces whose colour shows only on a
narrow rim, under a warm lamp, are told apart by kind and then by hue; a reading of such
a table gets far fewer questions with it and no wrong label."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from path_ab import every_set_table, wrong_and_asked

from vision.catalogue import Catalogue
from vision.faces import FaceIndex, Match
from vision.factored import Factored, KindColourLook, kind_of
from vision.path_reader import PathReader, ReaderSettings
from vision.synth.art import TILE_LABELS, ArtStyle, tile_face
from vision.synth.tiles import write_enrolment_set

SIDE_PX = 42.0  # a 35 mm tile in the reader's top view


def _on_table(face: np.ndarray, warm: float, blur: float) -> tuple[np.ndarray, np.ndarray]:
    """One face laid on a grey table at the top view's scale, under a lamp ``warm`` times
    redder than it is blue, and as soft as a camera makes it; and its centre."""
    view = np.full((120, 120, 3), 110, np.uint8)
    small = cv2.resize(face, (int(SIDE_PX), int(SIDE_PX)), interpolation=cv2.INTER_AREA)
    view[39:81, 39:81] = small
    lit = view.astype(np.float32) * np.array([1 / warm, 1.0, warm], np.float32)  # BGR
    lit = cv2.GaussianBlur(np.clip(lit, 0, 255).astype(np.uint8), (0, 0), blur)
    return lit, np.array([59.5, 59.5])


@pytest.fixture(scope="module")
def parchment_look() -> KindColourLook:
    style = ArtStyle(0, "parchment")
    faces = [(label, tile_face(label, style)) for label in TILE_LABELS]
    return KindColourLook(FaceIndex(faces), SIDE_PX)


@pytest.mark.parametrize(
    "label", ["anubis-green", "anubis-blue", "anubis-purple", "horus-blue", "mask-purple"]
)
def test_kind_then_colour_reads_a_face_coloured_only_on_its_rim(
    parchment_look: KindColourLook, label: str
) -> None:
    face = tile_face(label, ArtStyle(0, "parchment"))
    view, centre = _on_table(face, warm=1.08, blur=0.7)
    seen = parchment_look.look(view, centre, SIDE_PX, 0.0, np.array([1.0, 0.0]))
    assert seen.match.label == label
    assert seen.kind_margin > 0 and seen.colour_margin > 0
    assert set(seen.match.ranked) == {lb for lb in TILE_LABELS if kind_of(lb) == kind_of(label)}


def test_a_special_is_decided_by_its_kind_alone(parchment_look: KindColourLook) -> None:
    view, centre = _on_table(tile_face("pharaoh", ArtStyle(0, "parchment")), warm=1.0, blur=0.7)
    seen = parchment_look.look(view, centre, SIDE_PX, 0.0, np.array([1.0, 0.0]))
    assert seen.match.label == "pharaoh"
    assert seen.colour_margin == float("inf")


def test_kinds_pool_every_colour_and_specials_stand_alone() -> None:
    assert kind_of("scarab-green") == "scarab" and kind_of("kingtut") == "kingtut"


@pytest.fixture(scope="module")
def parchment_catalogue(tmp_path_factory: pytest.TempPathFactory) -> Catalogue:
    from vision.catalogue import enroll
    from vision.synth.art import PAWNS

    folder = tmp_path_factory.mktemp("enrol-parchment")
    style = ArtStyle(0, "parchment")
    write_enrolment_set(folder, [*TILE_LABELS, *PAWNS], style, seed=41)
    cat, problems = enroll("tutankhamen", folder)
    assert problems == []
    return cat


@pytest.mark.parametrize(("seed", "level"), [(77, "medium"), (78, "easy"), (79, "easy")])
def test_a_rim_coloured_table_is_read_with_fewer_questions_and_no_more_wrong_labels(
    parchment_catalogue: Catalogue, seed: int, level: str
) -> None:
    """Parchment art shows a set's colour only on the tile's rim: the plain look is torn
    between the three colours of a kind and asks about a third of the tiles. Read as kind,
    then colour, a table asks about far fewer and gets no more wrong (the later reading by
    kind and the frame's colours, which would settle many of the same faces, left out)."""
    shot = every_set_table(ArtStyle(0, "parchment"), seed, level)
    off, on = (
        wrong_and_asked(parchment_catalogue, shot, ReaderSettings(factored=f, settle_kinds=False))
        for f in (False, True)
    )
    assert on[0] <= off[0]
    assert on[1] * 2 < off[1]


def test_a_reader_kept_across_frames_reads_each_with_its_own_colours(
    parchment_catalogue: Catalogue,
) -> None:
    """The tracker keeps one reader for a whole game: the second frame must read as a
    fresh reader reads it, not with colours taken from the frame before."""
    first = every_set_table(ArtStyle(0, "parchment"), 81, "medium")
    second = every_set_table(ArtStyle(0, "parchment"), 82, "easy")
    kept = PathReader(parchment_catalogue)
    kept.read(first.image)
    assert kept.read(second.image).to_json() == PathReader(parchment_catalogue).read(second.image).to_json()


class _Told:
    """A kind-then-colour look that answers what the test tells it to."""

    def __init__(self, answer: Factored) -> None:
        self.answer = answer

    def look(self, *_args: object, **_kwargs: object) -> Factored:
        return self.answer


def _weigh(parchment_catalogue: Catalogue, plain: Match, chosen: Match, answer: Factored) -> Match:
    reader = PathReader(parchment_catalogue)
    reader.kind_colour = lambda side: _Told(answer)  # type: ignore[assignment,method-assign,return-value]
    centre = np.array([50.0, 50.0])
    got, _ = reader._weigh_factored(
        np.zeros((100, 100, 3), np.uint8), centre, 42.0, 0.0, centre, plain, chosen, centre
    )
    return got


def _match(label: str, confidence: float, score: float = 0.85, ranked: tuple[str, ...] = ()) -> Match:
    return Match(label, score, score - 0.01, confidence, 0, ranked or (label,))


def test_two_looks_at_odds_make_a_question(parchment_catalogue: Catalogue) -> None:
    plain = _match("horus-green", 0.3, ranked=("horus-green", "horus-blue", "horus-purple"))
    chosen = _match("horus-green", 0.8)
    other = Factored(_match("horus-blue", 0.7), np.zeros(2), 0.2, 1.8)
    assert _weigh(parchment_catalogue, plain, chosen, other).confidence < 0.5  # 0.8 − 0.7
    sure = Factored(_match("horus-blue", 1.0), np.zeros(2), 0.3, 4.0)
    got = _weigh(parchment_catalogue, plain, _match("horus-green", 0.1), sure)
    assert got.label == "horus-blue" and got.confidence >= 0.5


def test_a_label_the_plain_look_did_not_lead_with_is_never_taken(parchment_catalogue: Catalogue) -> None:
    plain = _match("mask-green", 0.2, ranked=("mask-green", "mask-blue", "cat-green"))
    chosen = _match("mask-green", 0.2)
    jar = Factored(_match("canopic", 1.0), np.zeros(2), 0.5, float("inf"))
    assert _weigh(parchment_catalogue, plain, chosen, jar) == chosen


def test_a_special_whose_colour_fits_a_rival_better_is_asked_about(parchment_catalogue: Catalogue) -> None:
    plain = _match("canopic", 0.2, ranked=("canopic", "cat-blue", "mask-blue"))
    chosen = _match("canopic", 0.77)
    jar = Factored(_match("canopic", 0.0), np.zeros(2), 0.05, -1.4)
    assert _weigh(parchment_catalogue, plain, chosen, jar).confidence < 0.5


def test_a_face_matching_no_enrolled_face_well_is_not_made_sure(parchment_catalogue: Catalogue) -> None:
    plain = _match("cat-blue", 0.0, score=0.52, ranked=("cat-blue", "mask-blue", "horus-blue"))
    chosen = _match("cat-blue", 0.0, score=0.52)
    sure = Factored(_match("cat-blue", 1.0), np.zeros(2), 0.3, 4.0)
    assert _weigh(parchment_catalogue, plain, chosen, sure).confidence < 0.5  # glare over a mask


def test_the_edges_look_still_knows_a_blurred_line_pictures_way() -> None:
    """Thin line art blurred by the camera no longer matches a sharp photo in brightness,
    but its edges still run the way they ran."""
    from vision.factored import edges

    picture = np.full((32, 32, 3), 230, np.uint8)
    picture[6:26, 10] = picture[6:26, 21] = 40  # two upright strokes
    picture[6, 10:22] = 40  # joined at the top
    other = np.rot90(picture).copy()  # the same strokes lying down
    blurred = cv2.GaussianBlur(picture, (0, 0), 1.6)
    same, turned = float(edges(blurred) @ edges(picture)), float(edges(blurred) @ edges(other))
    assert same > turned + 0.2
    assert abs(float(np.linalg.norm(edges(picture))) - 1.0) < 1e-5
