"""The box's counts rule out impossible readings (issue 17, item 3): the joint assignment
itself on small matrices, the policy for faces it pushes off their label, the counts per
edition and deck, and end to end an impossible reading — three green scarabs in a box
that holds one — that the readers no longer report.

The end-to-end tests doctor a real reader's matches (a small subclass): two cats are made
to look most like the green scarab, as a misread would, so reading each tile alone names
the one green scarab three times."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from engines.ankh.cards import default_deck
from firmware.cli import main
from vision.box import (
    Outcome,
    assign,
    contested,
    crowded,
    edition_on_path,
    hold_to_box,
    overfilled,
    tutankhamen_box,
)
from vision.card_reader import CardReader, CardSettings
from vision.catalogue import Catalogue, enroll
from vision.faces import Match, verdict
from vision.path_reader import PathReader, ReaderSettings
from vision.synth.art import ArtStyle
from vision.synth.cards import CardScene, write_card_enrolment_set
from vision.synth.tiles import TableScene

UNSEEN = ArtStyle(7)
KINDS = {"scarab": 1, "cat": 2, "horus": 4, "anubis": 6, "mask": 8}
OTB_BOX = [f"{k}-{c}" for k, n in KINDS.items() for c in ("green", "blue", "purple") for _ in range(n)]
OTB_BOX += ["goldbag"] * 3 + ["pharaoh"] * 3
SEED = 8  # an easy table read completely right (measured): the green scarab at 2, the green cats at 30, 33


def shuffled_path(seed: int) -> list[str]:
    tiles = OTB_BOX[:]
    random.Random(seed).shuffle(tiles)
    return [*tiles, "kingtut"]


def match_of(scores: dict[str, float], min_score: float = 0.6, min_margin: float = 0.05) -> Match:
    """A reader's verdict on one crop scoring ``scores`` against each label."""
    names = list(scores)
    row = np.array([[scores[n] for n in names]], np.float32)
    return verdict(row, np.arange(len(names)), names, min_score, min_margin, len(names))


# ---------------------------------------------------------------------- the assignment


def test_no_label_is_given_more_often_than_the_box_holds_it() -> None:
    scores = np.array([[0.95, 0.70, 0.62], [0.90, 0.80, 0.65], [0.85, 0.60, 0.82]])
    result = assign(scores, ["scarab-green", "cat-green", "horus-green"], [1, 2, 4], 0.6)
    assert result.labels == ["scarab-green", "cat-green", "horus-green"]
    assert result.changed == [1, 2]


def test_the_best_total_is_chosen_not_the_first_come() -> None:
    # the first item alone would take "a"; the second has no good second choice
    scores = np.array([[0.90, 0.85], [0.88, 0.30]])
    result = assign(scores, ["a", "b"], [1, 1], 0.5)
    assert result.labels == ["b", "a"] and result.changed == [0]


def test_a_face_is_left_unreadable_rather_than_forced_onto_a_label_it_does_not_look_like() -> None:
    scores = np.array([[0.95, 0.20], [0.90, 0.25]])
    result = assign(scores, ["a", "b"], [1, 5], 0.5)
    assert result.labels == ["a", None] and result.changed == [1]


def test_labels_out_of_the_question_and_free_labels() -> None:
    scores = np.array([[-np.inf, 0.7], [0.9, 0.6], [0.4, 0.3]])
    result = assign(scores, ["a", "b"], [5, 5], np.array([0.5, 0.5, 0.5]))
    assert result.labels == ["b", "a", None] and result.changed == []
    assert assign(np.zeros((0, 2)), ["a", "b"], [1, 1], 0.5).labels == []


# ---------------------------------------------------------------------- the policy


def test_a_reading_the_box_allows_is_left_alone() -> None:
    matches = [
        match_of({"scarab-green": 0.9, "cat-green": 0.6}),
        match_of({"cat-green": 0.9, "scarab-green": 0.6}),
    ]
    assert hold_to_box(matches, [True, True], {"scarab-green": 1, "cat-green": 2}, 0.6, 0.05, 0.9) == {}


def test_sure_faces_pushed_off_a_full_label_become_questions() -> None:
    real = match_of({"scarab-green": 0.99, "cat-green": 0.60, "horus-green": 0.55})
    cats = [match_of({"scarab-green": 0.85, "cat-green": 0.62, "cat-blue": 0.55}) for _ in range(2)]
    assert {m.label for m in [real, *cats]} == {"scarab-green"} and min(m.confidence for m in cats) == 1.0
    out = hold_to_box([real, *cats], [True] * 3, {"scarab-green": 1, "cat-green": 2}, 0.6, 0.05, 0.9)
    assert set(out) == {1, 2}  # the real scarab keeps its label
    for outcome in out.values():
        assert outcome.label is None
        assert outcome.reason == "the box has only 1 scarab-green; it looks like scarab-green or cat-green"


def test_an_unsure_face_takes_its_close_runner_up_when_that_is_clear() -> None:
    real = match_of({"scarab-green": 0.97, "cat-green": 0.60})
    cat = match_of({"scarab-green": 0.92, "cat-green": 0.86, "cat-blue": 0.62})
    assert cat.label == "scarab-green" and 0.5 <= cat.confidence < 0.9
    out = hold_to_box([real, cat], [True, True], {"scarab-green": 1, "cat-green": 2}, 0.6, 0.05, 0.9)
    assert list(out) == [1] and out[1].label == "cat-green" and out[1].confidence >= 0.9


def test_an_unclear_runner_up_is_a_question_not_a_guess() -> None:
    real = match_of({"scarab-green": 0.97, "cat-green": 0.60})
    cat = match_of({"scarab-green": 0.92, "cat-green": 0.86, "cat-blue": 0.84})
    out = hold_to_box([real, cat], [True, True], {"scarab-green": 1}, 0.6, 0.05, 0.9)
    assert out[1].label is None and "it looks like scarab-green or cat-green" in out[1].reason


def test_a_keeper_only_narrowly_ahead_of_a_pushed_face_is_a_question_too() -> None:
    a = match_of({"scarab-green": 0.93, "cat-green": 0.60})
    b = match_of({"scarab-green": 0.91, "cat-green": 0.62})
    out = hold_to_box([a, b], [True, True], {"scarab-green": 1}, 0.6, 0.05, 0.9)
    assert set(out) == {0, 1} and all(o.label is None for o in out.values())
    assert "another face looks as much like it" in out[0].reason


def test_unreadable_faces_take_no_part_and_unnamed_labels_are_free() -> None:
    sure = match_of({"scarab-green": 0.97, "cat-green": 0.60})
    unsure = match_of({"scarab-green": 0.95, "cat-green": 0.94})
    gold = [match_of({"goldbag": 0.95, "pharaoh": 0.6}) for _ in range(5)]
    out = hold_to_box(
        [sure, unsure, None, *gold], [True, False, False, *[True] * 5], {"scarab-green": 1}, 0.6, 0.05, 0.9
    )
    assert out == {}


def test_a_face_the_trained_look_doubts_still_holds_its_label_in_the_box() -> None:
    """The real green scarab, doubted (a question), and a cat misread as the green scarab:
    the box holds one, so the cat is asked about rather than given the label the doubted
    face left free; nobody is pushed on to another label by a doubt."""
    real = match_of({"scarab-green": 0.95, "cat-green": 0.6})
    cat = match_of({"scarab-green": 0.93, "cat-green": 0.7})
    readable = [False, True]  # the scarab doubted (confidence 0), the cat read surely
    box = {"scarab-green": 1, "cat-green": 2}
    boxed = hold_to_box([real, cat], readable, box, 0.6, 0.05, 0.9)
    assert boxed == {}  # alone among the readable faces, the cat keeps the scarab's label…
    out = contested([real, cat], readable, boxed, ["scarab-blue", None], box)
    assert list(out) == [1] and out[1].label is None  # …until the doubted face is counted
    assert "a face the learned look doubts looks like it too" in out[1].reason
    # room in the box for both, or no doubt on the other face: left alone
    assert contested([real, cat], readable, boxed, ["scarab-blue", None], {"scarab-green": 2}) == {}
    assert contested([real, cat], readable, boxed, [None, None], box) == {}
    # the doubted face overfills a label the box holds more of by one: only the face that
    # looks least like it is asked about
    masks = [match_of({"mask-blue": v, "mask-green": 0.6}) for v in (0.95, 0.8, 0.9, 0.93)]
    out = contested(masks, [False, True, True, True], {}, ["mask-green", None, None, None], {"mask-blue": 3})
    assert list(out) == [1] and out[1].label is None


def test_a_label_the_trained_look_guessed_pushes_nobody_and_is_asked_when_the_box_is_full() -> None:
    """A face the trained look settled on another kind is only its guess: it takes no part
    in the box's assignment (a wrong guess would push a rightly read face off its label),
    and where the faces read surely already fill its label, the guess is asked about."""
    real = match_of({"scarab-green": 0.9, "cat-green": 0.6})
    guess = match_of({"scarab-green": 0.8, "cat-green": 0.7})  # the trained look's scarab
    firm = [True, False]
    boxed = hold_to_box([real, guess], firm, {"scarab-green": 1}, 0.6, 0.05, 0.9)
    assert boxed == {}  # the real scarab keeps its label, not pushed by the guess
    out = overfilled([real, guess], firm, boxed, [False, True], {"scarab-green": 1})
    assert list(out) == [1] and out[1].label is None
    assert out[1].reason == "the box has only 1 scarab-green; it looks like scarab-green to the learned look"
    # room for both: the guess stands
    assert overfilled([real, guess], firm, boxed, [False, True], {"scarab-green": 2}) == {}


def test_the_boxs_one_scarab_read_unsurely_while_other_faces_look_like_it_is_asked() -> None:
    """A blurred Horus read as the box's one green scarab at 0.85, while the real scarab
    and another face looked like it first but unclearly: which is the scarab is not
    clear, so the reading is asked about. Read surely, or room in the box, or a label the
    box holds many of (unsure faces lean to the common ones): left alone."""
    horus = match_of({"scarab-green": 0.9, "horus-green": 0.8})  # read at 0.85…
    horus = Match(horus.label, horus.score, horus.runner_up, 0.85, horus.which, horus.ranked)
    real = match_of({"scarab-green": 0.82, "horus-green": 0.8})  # …the real one unsure
    other = match_of({"scarab-green": 0.81, "anubis-green": 0.79})
    faces, sure = [horus, real, other], [True, False, False]
    out = crowded(faces, sure, {}, {"scarab-green": 1}, 0.95)
    assert list(out) == [0] and out[0].label is None
    assert out[0].reason == "the box has only 1 scarab-green, and other faces look like it too"
    sure_one = Match(horus.label, horus.score, horus.runner_up, 1.0, horus.which, horus.ranked)
    assert crowded([sure_one, real, other], sure, {}, {"scarab-green": 1}, 0.95) == {}
    assert crowded(faces, sure, {}, {"scarab-green": 3}, 0.95) == {}
    assert crowded(faces, sure, {}, {"scarab-green": 1}, 0.95, most=0) == {}
    # the box's own say first: faces it already moved take no part
    moved = {1: Outcome("horus-green", 0.9, ""), 2: Outcome("anubis-green", 0.9, "")}
    assert crowded(faces, sure, moved, {"scarab-green": 1}, 0.95) == {}


def test_a_label_the_box_does_not_hold_is_never_given() -> None:
    nugget = match_of({"nugget": 0.95, "goldbag": 0.6})
    out = hold_to_box([nugget], [True], {"nugget": 0, "goldbag": 3}, 0.6, 0.05, 0.9)
    assert out[0].label is None and out[0].reason.startswith("the box has no nugget")


# ---------------------------------------------------------------------- the counts


def test_the_box_by_edition_given_or_told_by_the_enrolled_specials() -> None:
    sets = [f"{k}-{c}" for k in KINDS for c in ("green", "blue", "purple")]
    otb = tutankhamen_box([*sets, "goldbag", "pharaoh", "kingtut"])
    assert otb["scarab-green"] == 1 and otb["cat-blue"] == 2 and otb["mask-purple"] == 8
    assert otb["kingtut"] == 1 and otb["goldbag"] == 3 and otb["pharaoh"] == 3
    amigo = tutankhamen_box([*sets, "nugget", "canopic"])
    assert amigo["nugget"] == 3 and amigo["canopic"] == 3 and "kingtut" not in amigo
    assert tutankhamen_box([*sets, "nugget", "kingtut"], "amigo")["kingtut"] == 0  # a stray King Tut
    # both editions' specials (or none): the sets, alike in both, and no special more
    # often than the box that holds most of it — never forty canopic jars on an OTB path
    either = tutankhamen_box([*sets, "goldbag", "nugget"])
    assert {s: either[s] for s in sets} == {s: KINDS[s.split("-")[0]] for s in sets}
    assert either["goldbag"] == 3 and either["nugget"] == 3 and either["kingtut"] == 1
    assert either["canopic"] == 3 and either["pharaoh"] == 3
    assert set(either) == {*sets, "goldbag", "pharaoh", "kingtut", "nugget", "canopic"}
    assert tutankhamen_box([*sets, "goldbag", "nugget"], "amigo")["goldbag"] == 0
    with pytest.raises(ValueError, match="edition"):
        tutankhamen_box(sets, "otb1999")


def test_the_deck_counts_only_when_it_is_given() -> None:
    assert CardReader(Catalogue("ankh"), CardSettings()).box == {}  # the rulebook gives no copies
    cat = Catalogue("ankh", [("red-5", np.zeros((100, 64, 3), np.uint8))], ["red-5.png"])
    cat.faces.append(("papyrus-red-blue-green-yellow-9", cat.faces[0][1]))
    deck = default_deck()
    given = CardReader(cat, CardSettings(deck=deck)).box
    assert given["red-5"] == 3 and given["green-2"] == 4 and given["papyrus-green-yellow-blue-red-4"] == 1
    assert given["papyrus-red-blue-green-yellow-9"] == 0  # enrolled, but not in this deck
    assert CardReader(cat, CardSettings(deck=deck, use_box=False)).box == {}


# ---------------------------------------------------------------------- end to end: the path


@pytest.fixture(scope="module")
def catalogue(unseen_tile_catalogue: Catalogue) -> Catalogue:
    return unseen_tile_catalogue


def impostor(match: Match, lead: float, as_label: str) -> Match:
    """``match`` doctored to look most like ``as_label`` — as much as it looked like its
    own label — with its own label the runner-up ``lead`` behind and the rest far off."""
    own = match.score
    scores = {n: min(v, own - lead - 0.15) for n, v in match.scores_by_label().items()}
    scores |= {as_label: own, match.label: own - lead}
    return match_of(scores)


class Misreading(PathReader):
    """A path reader that reads every green cat as the green scarab."""

    lead = 0.06

    def classify(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        match, where = super().classify(*args, **kwargs)
        if match.label == "cat-green":
            match = impostor(match, self.lead, "scarab-green")
        return match, where


@pytest.mark.parametrize("lead", [0.06, 0.3])
def test_three_green_scarabs_cannot_come_out(catalogue: Catalogue, lead: float) -> None:
    path = shuffled_path(SEED)
    shot = TableScene(path, seed=SEED, level="easy", style=UNSEEN).render()
    Misreading.lead = lead
    # the close call below was measured reading the kit's 35 mm tiles at that side (a side
    # measured a few tenths of a millimetre off tips it); the box's counts are under test,
    # so the trained look, which doubts the forced misreading on its own, stays out of it
    alone = Misreading(catalogue, ReaderSettings(use_box=False, tile_mm=35.0, trained=False)).read(shot.image)
    assert alone.labels.count("scarab-green") == 3  # the impossible reading, without the box
    settings = ReaderSettings(edition="otb2004", tile_mm=35.0, trained=False)
    doc = Misreading(catalogue, settings).read(shot.image).to_json()
    labels = [t["label"] for t in doc["tiles"]]
    assert len(labels) == len(path) and labels.count("scarab-green") <= 1
    assert all(got in (want, None) for got, want in zip(labels, path, strict=True))  # no wrong label
    cats = [i for i, label in enumerate(path) if label == "cat-green"]
    why = {u["index"]: u["reason"] for u in doc["unreadable"]}
    if lead < 0.1:  # a close call: the runner-up, clear among the labels still free, is taken
        assert [labels[i] for i in cats] == ["cat-green", "cat-green"]
        assert labels.count("scarab-green") == 1
    else:  # each cat looked clearly like the scarab: the table is asked
        assert [labels[i] for i in cats] == [None, None]
        assert all(why[i].startswith("the box has only 1 scarab-green; it looks like") for i in cats)
    assert set(doc) == {"tiles", "pawns", "unreadable", "complete", "tile_mm"}


def test_read_path_takes_the_edition(
    catalogue: Catalogue, tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    catalogue.save(tmp_path / "box.json")
    path = shuffled_path(SEED)[-12:]  # OTB specials, King Tut last, which the Amigo box does not hold
    shot = TableScene(path, seed=SEED, level="easy", style=UNSEEN).render(pawns={})
    import cv2

    cv2.imwrite(str(tmp_path / "frame.png"), shot.image)
    runs = {}
    for edition in ("otb2004", "amigo"):
        args = ["vision", "read-path", str(tmp_path / "frame.png"), "--catalog", str(tmp_path / "box.json")]
        assert main([*args, "--json", "--edition", edition]) == 0
        runs[edition] = json.loads(capsys.readouterr().out)
    assert [t["label"] for t in runs["otb2004"]["tiles"]] == path
    otb_only = {"goldbag", "pharaoh", "kingtut"}
    assert [t["label"] for t in runs["amigo"]["tiles"]] == [None if t in otb_only else t for t in path]
    assert runs["amigo"]["unreadable"][-1]["reason"].startswith("the box has no kingtut")
    assert {u["index"] for u in runs["amigo"]["unreadable"]} == {
        i for i, t in enumerate(path) if t in otb_only
    }


# ---------------------------------------------------------------------- end to end: the cards


@pytest.fixture(scope="module")
def ankh(tmp_path_factory: pytest.TempPathFactory) -> Catalogue:
    folder = tmp_path_factory.mktemp("ankh-photos")
    write_card_enrolment_set(folder, style=UNSEEN, seed=3)
    cat, problems = enroll("ankh", folder)
    assert problems == []
    return cat


class CardMisreading(CardReader):
    """A card reader that reads every red 4 as a red 5, surely."""

    def classify(self, index, *args, **kwargs):  # type: ignore[no-untyped-def]
        match, where = super().classify(index, *args, **kwargs)
        if match is not None and match.label == "red-4":
            match = impostor(match, 0.3, "red-5")
        return match, where


def test_the_rows_hold_no_more_copies_of_a_card_than_the_deck(ankh: Catalogue) -> None:
    rows = {0: ["red-5", "green-1", "red-4"], 1: ["red-5", "blue-2"], 2: ["red-5", "yellow-3"]}
    shot = CardScene(seats=3, seed=1, level="easy", style=UNSEEN).render(rows)
    # the trained and detail looks, which ask about or correct the forced misreading on
    # their own, stay out of it
    alone = CardMisreading(ankh, CardSettings(use_box=False, trained=False, detail=False)).read(shot.image)
    seen = [label for row in alone.labels().values() for label in row]
    assert seen.count("red-5") == 4  # the impossible reading, without the deck: it holds 3
    unknown = CardMisreading(ankh, CardSettings(trained=False, detail=False)).read(
        shot.image
    )  # copies not known
    assert [label for row in unknown.labels().values() for label in row] == seen
    reading = CardMisreading(ankh, CardSettings(deck=default_deck(), trained=False, detail=False)).read(
        shot.image
    )
    got = reading.labels()
    assert sum(row.count("red-5") for row in got.values()) <= 3
    for seat, want in rows.items():  # no wrong card: each is right or a question
        assert len(got[seat]) == len(want)
        assert all(g in (w, None) for g, w in zip(got[seat], want, strict=True))
    assert got[0][2] is None  # the red 4 is asked for (and so is any red 5 it looked as much like)
    why = {(u["seat"], u["index"]): u["reason"] for u in reading.unreadable}
    assert why[0, 2].startswith("the deck has only 3 red-5")
    # without the deck, the trained look alone asks about the red 4 taken for a red 5
    doubted = CardMisreading(ankh, CardSettings(use_box=False, detail=False)).read(shot.image).labels()
    assert doubted[0][2] is None
    for seat, want in rows.items():
        assert all(g in (w, None) for g, w in zip(doubted[seat], want, strict=True))


def _read(label: str, confidence: float) -> Match:
    return Match(label, 0.9, 0.5, confidence, 0, (label,))


def test_a_path_says_which_edition_it_is_from_by_its_sure_specials() -> None:
    # both editions' faces enrolled: a blurred face taken for a canopic jar must not count
    # against a King Tut and two gold bags read surely
    otb = [_read("kingtut", 1.0), _read("goldbag", 0.95), _read("goldbag", 0.92), _read("canopic", 0.6)]
    assert edition_on_path([*otb, None, _read("mask-blue", 1.0)], 0.9) == "otb2004"
    assert edition_on_path([_read("nugget", 1.0), _read("canopic", 0.97)], 0.9) == "amigo"
    assert edition_on_path([_read("kingtut", 1.0), _read("canopic", 0.95)], 0.9) is None  # at odds
    assert edition_on_path([_read("mask-blue", 1.0), _read("canopic", 0.5)], 0.9) is None  # nothing sure
    # told, the box then holds no canopic jar at all on that path
    assert tutankhamen_box(["canopic", "kingtut", "nugget"], edition_on_path(otb, 0.9))["canopic"] == 0
