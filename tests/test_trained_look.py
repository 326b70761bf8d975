"""The look learned from camera-like copies of the enrolled photos (vision/trained.py):
it tells faces apart as the camera shows them, is the same for the same catalogue, and in
the path reader only ever confirms the label the other looks put first — a line-art table
is read with fewer questions and no more wrong labels."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest
from path_ab import cards_wrong_and_asked, every_set_table, wrong_and_asked
from test_box_counts import SEED, UNSEEN, Misreading, catalogue, shuffled_path

from vision.catalogue import Catalogue, enroll
from vision.faces import Match
from vision.path_reader import PathReader, ReaderSettings, Slot
from vision.synth.art import PAWNS, TILE_LABELS, ArtStyle, tile_face
from vision.synth.tiles import TableScene, write_enrolment_set
from vision.trained import SIDE, Opinion, TrainedLook, Trust, camera_copies, to_ask, trained_look, weigh

__all__ = ["catalogue"]  # the box test's fixture: its unseen style, enrolled from its own photos


@pytest.fixture(scope="module")
def lineart_faces() -> list[tuple[str, np.ndarray]]:
    style = ArtStyle(0, "lineart")
    return [(label, tile_face(label, style)) for label in TILE_LABELS]


def test_faces_the_camera_blurred_are_told_apart(lineart_faces: list[tuple[str, np.ndarray]]) -> None:
    """Copies made with a seed the look was not fitted on, blurred and lit as at a table."""
    look = trained_look(lineart_faces)
    rng = np.random.default_rng(2026)
    right = total = 0
    for label, face in lineart_faces:
        for turn in (0, 1, 2, 3):
            for crop in camera_copies(np.rot90(face, turn).copy(), (SIDE, SIDE), 3, rng):
                right += look.opinion([crop.astype(np.uint8)]).label == label
                total += 1
    assert right / total >= 0.95


def test_the_same_catalogue_gives_the_same_look(lineart_faces: list[tuple[str, np.ndarray]]) -> None:
    assert trained_look(lineart_faces) is trained_look(list(lineart_faces))
    again = TrainedLook(lineart_faces)
    crop = camera_copies(lineart_faces[4][1], (SIDE, SIDE), 1, np.random.default_rng(5))[0].astype(np.uint8)
    assert again.opinion([crop]) == trained_look(lineart_faces).opinion([crop])


def test_probabilities_are_a_distribution_over_the_labels(
    lineart_faces: list[tuple[str, np.ndarray]],
) -> None:
    crop = camera_copies(lineart_faces[0][1], (SIDE, SIDE), 1, np.random.default_rng(9))[0].astype(np.uint8)
    opinion = trained_look(lineart_faces).opinion([crop])
    assert sorted(opinion.labels) == sorted(TILE_LABELS)
    assert abs(sum(opinion.probs) - 1.0) < 1e-6
    assert list(opinion.probs) == sorted(opinion.probs, reverse=True)


@pytest.fixture(scope="module")
def lineart_catalogue(tmp_path_factory: pytest.TempPathFactory) -> Catalogue:
    folder = tmp_path_factory.mktemp("enrol-lineart")
    write_enrolment_set(folder, [*TILE_LABELS, *PAWNS], ArtStyle(0, "lineart"), seed=43)
    cat, problems = enroll("tutankhamen", folder)
    assert problems == []
    return cat


@pytest.mark.parametrize(("seed", "level"), [(91, "easy"), (92, "medium")])
def test_a_line_art_table_is_read_with_fewer_questions_and_no_more_wrong_labels(
    lineart_catalogue: Catalogue, seed: int, level: str
) -> None:
    """Thin line art blurred by the camera: the other looks ask about most tiles; the
    trained look confirms many of their first labels and never brings a wrong one."""
    shot = every_set_table(ArtStyle(0, "lineart"), seed, level)
    off, on = (wrong_and_asked(lineart_catalogue, shot, ReaderSettings(trained=t)) for t in (False, True))
    assert on[0] <= off[0]
    assert on[1] < off[1] * 0.8


class _Says:
    """A trained look that answers what the test tells it to."""

    def __init__(self, label: str, prob: float) -> None:
        self.label, self.prob = label, prob

    def opinion(self, _crops: object) -> Opinion:
        return Opinion((self.label, "other"), (self.prob, 1 - self.prob))

    def opinions(self, crops: list[object]) -> list[Opinion]:
        return [self.opinion(crop) for crop in crops]


def _second_look(catalogue: Catalogue, match: Match, says: _Says, covered: bool = False) -> Slot:
    reader = PathReader(catalogue)
    reader.trained = says  # type: ignore[assignment]
    reader.balanced = np.zeros((100, 100, 3), np.uint8)
    slot = Slot(np.array([50.0, 50.0]), np.array([1.0, 0.0]), 0.0, match)
    reader.trained_second_look([slot], {0} if covered else set())
    return slot


def _match(label: str, confidence: float) -> Match:
    return Match(label, 0.8, 0.79, confidence, 0, (label, "cat-purple"))


def test_it_confirms_only_the_label_the_other_looks_put_first(lineart_catalogue: Catalogue) -> None:
    unsure = _match("cat-blue", 0.3)
    assert _second_look(lineart_catalogue, unsure, _Says("cat-blue", 0.97)).match.confidence >= 0.85
    # another label, however sure, is never taken: the table is asked instead
    other = _second_look(lineart_catalogue, unsure, _Says("cat-purple", 0.999))
    assert other.match == unsure
    # agreeing, but not surely enough: still a question
    assert _second_look(lineart_catalogue, unsure, _Says("cat-blue", 0.8)).match == unsure


def test_it_reads_no_face_matched_less_than_whole_only_doubts_it(lineart_catalogue: Catalogue) -> None:
    """A face the other looks matched only 0.65 well — an orange pawn the reader missed
    on a mask, whose art it hides: the trained look, all but certain it is the gold bag,
    does not read it (it was never shown a pawn); it still doubts a face read otherwise.
    With the rule off, it reads it."""
    partial = Match("goldbag", 0.65, 0.6, 0.3, 0, ("goldbag", "mask-purple"))
    assert _second_look(lineart_catalogue, partial, _Says("goldbag", 1.0)).match == partial
    read = replace(partial, confidence=0.6)
    assert _second_look(lineart_catalogue, read, _Says("mask-purple", 0.999)).doubt == "mask-purple"
    reader = PathReader(lineart_catalogue, replace(ReaderSettings(), trust_whole=None))
    reader.trained = _Says("goldbag", 1.0)  # type: ignore[assignment]
    reader.balanced = np.zeros((100, 100, 3), np.uint8)
    slot = Slot(np.array([50.0, 50.0]), np.array([1.0, 0.0]), 0.0, partial)
    reader.trained_second_look([slot], set())
    assert slot.match is not None and slot.match.confidence >= 0.85


def test_two_looks_at_odds_make_a_question(lineart_catalogue: Catalogue) -> None:
    read = _match("horus-purple", 0.6)
    slot = _second_look(lineart_catalogue, read, _Says("cat-purple", 0.998))
    assert slot.match is not None and slot.match.confidence < 0.5 and slot.doubt == "cat-purple"
    # a face read fully surely is asked about too (a warm lamp turns blue rims green at
    # full confidence to the other looks); one doubted only a little keeps its label
    sure = _match("horus-purple", 1.0)
    assert _second_look(lineart_catalogue, sure, _Says("cat-purple", 0.999)).doubt == "cat-purple"
    assert _second_look(lineart_catalogue, sure, _Says("cat-purple", 0.95)).match == sure
    # a face read less than fully surely is asked about from 0.8 on (the trained look's
    # doubts at 0.8-0.99 are mostly right there; on fully sure faces a coin flip)
    assert _second_look(lineart_catalogue, read, _Says("cat-purple", 0.85)).doubt == "cat-purple"
    assert _second_look(lineart_catalogue, read, _Says("cat-purple", 0.75)).match == read
    # a face under a pawn is left alone
    assert _second_look(lineart_catalogue, read, _Says("cat-purple", 0.999), covered=True).match == read


def test_a_close_misreading_the_trained_look_disagrees_with_is_asked(catalogue: Catalogue) -> None:
    """Every green cat forced to read as the green scarab by a close call (the box's counts
    off): the trained look, all but certain it is a cat, turns each into a question naming
    both labels instead of a wrong label — its own first, the likelier."""
    Misreading.lead = 0.06
    path = shuffled_path(SEED)
    shot = TableScene(path, seed=SEED, level="easy", style=UNSEEN).render()
    settings = ReaderSettings(use_box=False, tile_mm=35.0)
    doc = Misreading(catalogue, settings).read(shot.image).to_json()
    labels = [t["label"] for t in doc["tiles"]]
    assert all(got in (want, None) for got, want in zip(labels, path, strict=True))
    asked = {u["index"]: u for u in doc["unreadable"]}
    for i in (i for i, label in enumerate(path) if label == "cat-green"):
        assert labels[i] is None and asked[i]["candidates"] == ["cat-green", "scarab-green"]


def test_a_question_offers_the_trained_looks_label_first() -> None:
    """Where the other looks rank a wrong label first, the trained look's label (the
    likelier among unsure faces) leads the two offered — once, and only where it is at
    least half sure; without it the other looks' order stands."""
    ranked = ["horus-green", "horus-blue", "mask-green"]
    assert to_ask(ranked, _opinion("mask-green", 0.93)) == ["mask-green", "horus-green"]
    assert to_ask(ranked, _opinion("horus-green", 0.93)) == ["horus-green", "horus-blue"]
    assert to_ask(ranked, _opinion("mask-green", 0.4)) == ["horus-green", "horus-blue"]
    assert to_ask(ranked, None) == ["horus-green", "horus-blue"]
    assert to_ask([], _opinion("mask-green", 0.93)) == ["mask-green"]


def test_a_tiles_question_offers_the_two_the_trained_look_is_torn_between() -> None:
    """Line art's green mask: the other looks rank an attractor first (an anubis), the
    trained look is torn between the blue and the green mask. Both masks are offered
    where a path reader asks for the pair; all but sure of one, the trained look's first
    leads and the other looks' first follows; without ``pair`` (cards) as before."""
    from vision.trained import PAIR

    ranked = ["anubis-purple", "cat-blue", "mask-green"]
    torn = Opinion(("mask-blue", "mask-green", "cat-blue"), (0.7, 0.28, 0.02))
    assert to_ask(ranked, torn, pair=PAIR) == ["mask-blue", "mask-green"]
    assert to_ask(ranked, torn) == ["mask-blue", "anubis-purple"]
    sure = Opinion(("mask-blue", "mask-green", "cat-blue"), (0.97, 0.02, 0.01))
    assert to_ask(ranked, sure, pair=PAIR) == ["mask-blue", "anubis-purple"]
    spread = Opinion(("mask-blue", "mask-green", "cat-blue"), (0.55, 0.25, 0.2))
    assert to_ask(ranked, spread, pair=PAIR) == ["mask-blue", "anubis-purple"]


def _enrolled_cards(tmp_path_factory: pytest.TempPathFactory, family: str) -> Catalogue:
    """Every Ankh card of one art family's first style, enrolled from its own photos."""
    from vision.synth.cards import write_card_enrolment_set

    folder = tmp_path_factory.mktemp(f"enrol-{family}-cards")
    write_card_enrolment_set(folder, None, ArtStyle(0, family), seed=700)
    cat, problems = enroll("ankh", folder)
    assert problems == []
    return cat


@pytest.fixture(scope="module")
def parchment_cards(tmp_path_factory: pytest.TempPathFactory) -> Catalogue:
    return _enrolled_cards(tmp_path_factory, "parchment")


@pytest.mark.parametrize(("seed", "level"), [(20001, "medium"), (20003, "easy")])
def test_parchment_cards_are_read_with_fewer_questions_and_no_more_wrong_labels(
    parchment_cards: Catalogue, seed: int, level: str
) -> None:
    """Parchment cards show their colour only in a band down one side: the other looks
    ask about most of them; the trained look confirms many and brings no wrong label. (The
    detail look, which settles most of them on its own, stays out: this measures the trained
    look.)"""
    from vision.card_reader import CardSettings
    from vision.synth.cards import CardScene

    shot = CardScene(seats=4, seed=seed, level=level, style=ArtStyle(0, "parchment")).render()
    off, on = (
        cards_wrong_and_asked(parchment_cards, shot, CardSettings(trained=t, detail=False))
        for t in (False, True)
    )
    assert on[0] <= off[0]
    assert on[1] < off[1] * 0.6


def _as_this_camera_shows(face: np.ndarray) -> np.ndarray:
    """A face as one table's camera and lamp show it: 36 px a side, soft, warm."""
    small = cv2.GaussianBlur(cv2.resize(face, (36, 36), interpolation=cv2.INTER_AREA), (0, 0), 1.6)
    lit = np.clip(small.astype(np.float32) * np.array([0.8, 1.0, 1.25]), 0, 255).astype(np.uint8)
    return cv2.resize(lit, (64, 64), interpolation=cv2.INTER_LINEAR)


def test_faces_confirmed_at_the_table_teach_it_this_tables_look(
    lineart_faces: list[tuple[str, np.ndarray]],
) -> None:
    """The crops the players confirmed join its copies: the same faces under this table's
    camera and lamp, laid anew in every quarter turn, are then read more surely."""
    seen = [(label, _as_this_camera_shows(face)) for label, face in lineart_faces]
    plain, taught = TrainedLook(lineart_faces), TrainedLook(lineart_faces, seen=seen)
    laid = [
        (label, _as_this_camera_shows(np.rot90(face, k).copy()))
        for label, face in lineart_faces
        for k in range(4)
    ]
    crops = [cv2.resize(c[3:61, 3:61], (SIDE, SIDE), interpolation=cv2.INTER_AREA) for _, c in laid]
    sure = {}
    for name, look in (("plain", plain), ("taught", taught)):
        opinions = look.opinions(crops)
        assert sum(o.label == label for o, (label, _) in zip(opinions, laid, strict=True)) >= len(laid) - 1
        sure[name] = float(np.mean([o.of(label) for o, (label, _) in zip(opinions, laid, strict=True)]))
    assert sure["taught"] > sure["plain"] + 0.01


def test_a_confirmed_face_without_a_photo_is_not_a_label_of_its_own(
    lineart_faces: list[tuple[str, np.ndarray]],
) -> None:
    """A crop alone would be its label's only example and draw every blurred face to it."""
    look = TrainedLook(lineart_faces[1:], seen=[(lineart_faces[0][0], lineart_faces[0][1])])
    assert lineart_faces[0][0] not in look.names


def _opinion(label: str, prob: float) -> Opinion:
    return _Says(label, prob).opinion(None)


def test_the_card_reader_asks_about_any_card_the_trained_look_takes_for_another() -> None:
    """A card's value is a numeral that a blur turns into another (a line-art 2 into a 1)
    while colour and art agree: a card read even fully surely is asked about when the
    trained look names another value, unless it hardly leans that way."""
    from vision.card_reader import CardSettings
    from vision.trained import weigh

    trust = CardSettings().trust
    read = Match("blue-1", 0.8, 0.7, 1.0, 0, ("blue-1", "blue-2"))
    asked, doubt = weigh(read, _opinion("blue-2", 0.45), 0.5, trust)
    assert asked.confidence == 0.0 and asked.label == "blue-1" and doubt == "blue-2"
    assert weigh(read, _opinion("blue-2", 0.2), 0.5, trust) == (read, None)
    assert weigh(read, _opinion("blue-1", 0.6), 0.5, trust) == (read, None)


def test_an_unsure_card_is_read_as_its_runner_up_only_when_the_trained_look_is_all_but_certain() -> None:
    from vision.card_reader import CardSettings
    from vision.trained import weigh

    trust = CardSettings().trust
    unsure = Match("green-1", 0.62, 0.6, 0.3, 2, ("green-1", "green-5", "green-4"))
    read, doubt = weigh(unsure, _opinion("green-5", 0.995), 0.5, trust)
    assert (read.label, read.confidence, doubt) == ("green-5", 0.85, None)
    assert read.ranked[:2] == ("green-5", "green-1")
    assert (read.score, read.runner_up, read.which) == (0.6, 0.62, 2)
    # not surely enough, a label the other looks ranked third, or a face they gave no
    # confidence at all: still a question
    assert weigh(unsure, _opinion("green-5", 0.97), 0.5, trust) == (unsure, None)
    assert weigh(unsure, _opinion("green-4", 0.999), 0.5, trust) == (unsure, None)
    nothing = Match("green-1", 0.62, 0.6, 0.0, 0, ("green-1", "green-5"))
    assert weigh(nothing, _opinion("green-5", 0.999), 0.5, trust) == (nothing, None)
    # the path reader's trust never settles on a runner-up
    assert weigh(unsure, _opinion("green-5", 0.999), 0.5, Trust()) == (unsure, None)
    # its own first label too is confirmed only all but certainly (a blurred 2 taken for a 1
    # by both looks is confirmed 0.9-0.99 surely)
    assert weigh(unsure, _opinion("green-1", 0.97), 0.5, trust) == (unsure, None)
    assert weigh(unsure, _opinion("green-1", 0.995), 0.5, trust)[0].confidence == 0.85


@pytest.fixture(scope="module")
def lineart_cards(tmp_path_factory: pytest.TempPathFactory) -> Catalogue:
    return _enrolled_cards(tmp_path_factory, "lineart")


@pytest.mark.parametrize("seed", [40002, 40014])
def test_blurred_line_art_values_are_asked_not_misread(lineart_cards: Catalogue, seed: int) -> None:
    """Hard line-art tables: with the path's milder trust the reader takes many 2s, 4s and
    5s for 1s; with the cards' own it asks about most of them instead (the detail look,
    which catches some of them on its own, left out of both)."""
    from vision.card_reader import CardReader, CardSettings
    from vision.synth.cards import CardScene

    shot = CardScene(seats=4, seed=seed, level="hard", style=ArtStyle(0, "lineart")).render()
    wrong = {}
    for name, settings in (
        ("path's", CardSettings(trust=Trust(), detail=False)),
        ("cards'", CardSettings(detail=False)),
    ):
        reading = CardReader(lineart_cards, settings).read(shot.image)
        got = {str(seat): labels for seat, labels in reading.labels().items()}
        pairs = [
            (a, b) for seat, want in shot.truth["rows"].items() for a, b in zip(got[seat], want, strict=True)
        ]
        wrong[name] = sum(a is not None and a != b for a, b in pairs)
    assert wrong["path's"] >= 4
    assert wrong["cards'"] <= 1


def test_a_card_the_other_looks_are_unsure_of_the_colour_of_is_never_settled_on_a_runner_up(
    lineart_cards: Catalogue,
) -> None:
    """A row cut wrongly puts the crop across two cards, where the trained look is sure of
    anything: a runner-up is taken only where the other looks agree on the colour."""
    from vision.card_reader import CardReader

    reader = CardReader(lineart_cards)
    reader.trained = _Says("green-2", 0.999)  # type: ignore[assignment]
    image = np.full((400, 400, 3), 200, np.uint8)
    centre = np.array([200.0, 200.0])
    one_colour = Match("green-1", 0.62, 0.6, 0.3, 0, ("green-1", "green-2", "green-5"))
    assert reader.second_look(image, one_colour, centre, 0.0)[0].label == "green-2"
    straddling = Match("green-1", 0.62, 0.6, 0.3, 0, ("green-1", "green-2", "blue-1"))
    assert reader.second_look(image, straddling, centre, 0.0)[:2] == (straddling, None)


def test_an_unsure_face_takes_the_kind_the_trained_look_is_sure_of_in_the_colour_all_agree_on() -> None:
    """Line art's blurred icons fool the other looks' kind (a mask read as a falcon) while
    its colour still shows: where the trained look is all but certain of the kind and
    sure of the colour the other looks put first, the face is read as that kind in it."""
    unsure = Match("horus-green", 0.9, 0.85, 0.3, 0, ("horus-green", "horus-purple", "mask-green"))
    trust = Trust(kind=0.99)
    mask = Opinion(("mask-green", "mask-blue", "horus-green"), (0.97, 0.025, 0.005))
    settled, doubt = weigh(unsure, mask, 0.5, trust)
    assert (settled.label, settled.confidence, doubt) == ("mask-green", trust.confidence, None)
    assert settled.ranked[0] == "mask-green"
    # the colour less sure, or another than the other looks', or the rule off: unsure still
    torn = Opinion(("mask-green", "mask-blue"), (0.6, 0.4))
    assert weigh(unsure, torn, 0.5, trust) == (unsure, None)
    blue = Opinion(("mask-blue", "mask-green"), (0.97, 0.03))
    assert weigh(unsure, blue, 0.5, trust) == (unsure, None)
    assert weigh(unsure, mask, 0.5, Trust()) == (unsure, None)
    # a face the other looks found only vaguely like an enrolled one: a face missing from
    # the catalogue gets a sure kind too
    vague = replace(unsure, score=0.7)
    assert weigh(vague, mask, 0.5, trust) == (vague, None)
    # the label may lie anywhere in the other looks' ranking (they rank a line-art face
    # after a look-alike attractor), unless the trust asks it among their first few
    apart = replace(unsure, ranked=("horus-green", "horus-purple", "horus-blue", "mask-green"))
    assert weigh(apart, mask, 0.5, trust)[0].label == "mask-green"
    assert weigh(apart, mask, 0.5, replace(trust, kind_among=3)) == (apart, None)
    # a face read surely is never moved by it; a special has no colour to agree on
    sure = replace(unsure, confidence=0.9)
    assert weigh(sure, Opinion(("mask-green", "horus-green"), (0.7, 0.3)), 0.5, trust) == (sure, None)
    gold = Match("goldbag", 0.9, 0.85, 0.3, 0, ("goldbag", "pharaoh"))
    assert weigh(gold, Opinion(("pharaoh", "goldbag"), (0.995, 0.005)), 0.5, trust) == (gold, None)


def test_the_path_reader_confirms_a_face_only_where_the_trained_look_is_sure_of_its_colour() -> None:
    """Blurred thin line art: the trained look told green masks and scarabs from blue ones
    no better than the other looks, and confirmed them blue at 0.95-0.97 (photoreal
    Tutankhamen 97, 157 and 163). The path reader's trust needs 0.97 for the colour, summed
    over the kinds, whether it confirms the other looks' label or settles their kind."""
    trust = ReaderSettings().trust
    unsure = Match("scarab-green", 0.8, 0.78, 0.2, 0, ("scarab-green", "scarab-blue"))
    torn = Opinion(("scarab-green", "scarab-blue"), (0.953, 0.047))
    assert weigh(unsure, torn, 0.5, trust) == (unsure, None)
    assert weigh(unsure, torn, 0.5, replace(trust, colour_sure=None))[0].confidence == trust.confidence
    sure = Opinion(("scarab-green", "scarab-blue"), (0.99, 0.01))
    assert weigh(unsure, sure, 0.5, trust)[0].confidence == trust.confidence
    # a kind settled (a cat read where the trained look sees a mask) likewise
    cat = Match("cat-blue", 0.86, 0.83, 0.3, 0, ("cat-blue", "cat-green", "mask-blue"))
    blue = Opinion(("mask-blue", "mask-green"), (0.952, 0.048))
    assert weigh(cat, blue, 0.5, trust) == (cat, None)
    clear = Opinion(("mask-blue", "mask-green"), (0.99, 0.01))
    assert weigh(cat, clear, 0.5, trust)[0].label == "mask-blue"
    # a special has no colour to be unsure of
    gold = Match("goldbag", 0.9, 0.85, 0.3, 0, ("goldbag", "pharaoh"))
    assert (
        weigh(gold, Opinion(("goldbag", "pharaoh"), (0.95, 0.05)), 0.5, trust)[0].confidence
        == trust.confidence
    )


def test_what_is_built_from_the_photos_is_shared_by_readers_of_one_catalogue(
    catalogue: Catalogue, lineart_catalogue: Catalogue
) -> None:
    """A table's reader is made anew for each game (and the benchmark's for each frame):
    the faces as the camera shows them at a tile size are built once per catalogue."""
    first, second = PathReader(catalogue), PathReader(catalogue)
    assert first.kind_colour(40.2) is second.kind_colour(39.8)
    assert first.kind_colour(40.0) is not first.kind_colour(44.0)
    assert PathReader(lineart_catalogue).kind_colour(40.0) is not first.kind_colour(40.0)


def _named(catalogue: Catalogue, match: Match, opinion: Opinion, covered: bool = False) -> Match | None:
    reader = PathReader(catalogue)
    slot = Slot(np.array([50.0, 50.0]), np.array([1.0, 0.0]), 0.0, match, opinion=opinion)
    reader.name_specials([slot], set(), {0} if covered else set())
    return slot.match


def test_an_unsure_face_the_trained_look_is_sure_is_a_special_is_read_as_it(
    lineart_catalogue: Catalogue,
) -> None:
    """A gold bag or a pharaoh has no colour for the frame's groups to check: an unsure
    face is read as one where the trained look is all but certain, the face is whole and
    the plain look put that special among its first three — never King Tut, never a face
    under a pawn, never a special the plain look did not rank."""
    unsure = Match("horus-purple", 0.8, 0.79, 0.3, 0, ("horus-purple", "pharaoh", "horus-green"))
    sure_pharaoh = Opinion(("pharaoh", "horus-purple"), (0.999, 0.001))
    read = _named(lineart_catalogue, unsure, sure_pharaoh)
    assert read is not None and read.label == "pharaoh" and read.confidence >= 0.5
    assert _named(lineart_catalogue, unsure, Opinion(("pharaoh", "x"), (0.95, 0.05))) == unsure
    assert _named(lineart_catalogue, unsure, sure_pharaoh, covered=True) == unsure
    assert _named(lineart_catalogue, replace(unsure, score=0.6), sure_pharaoh) == replace(unsure, score=0.6)
    assert _named(lineart_catalogue, unsure, Opinion(("goldbag", "x"), (1.0, 0.0))) == unsure  # not ranked
    tut = replace(unsure, ranked=("horus-purple", "kingtut"))
    assert _named(lineart_catalogue, tut, Opinion(("kingtut", "x"), (1.0, 0.0))) == tut
    sure = replace(unsure, confidence=0.9)  # read surely: left to the other rules
    assert _named(lineart_catalogue, sure, sure_pharaoh) == sure


def test_line_art_asks_fewer_questions_with_its_specials_named(tmp_path: Path) -> None:
    """Synthetic line art (style 0, a hard table at the kit's size): the plain look leaves
    gold bags and pharaohs unsure that the trained look names; reading them asks fewer
    questions and reads nothing wrong."""
    from bench.vision import catalogue_of, path_labels

    style = ArtStyle(0, "lineart")
    cat = catalogue_of(tmp_path, style)
    shot = TableScene(path_labels(10014), seed=10014, level="hard", size=(1280, 720), style=style).render()
    off, on = (wrong_and_asked(cat, shot, ReaderSettings(name_specials=n)) for n in (False, True))
    assert on[0] == off[0] == 0
    assert on[1] <= off[1] - 2
