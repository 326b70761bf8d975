"""The rank look: a papyrus read by the colours in its four rank places (vision/papyrus_rank.py)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.card_reader import CardReader, CardSettings
from vision.catalogue import Catalogue
from vision.faces import Match
from vision.papyrus_rank import RankLook
from vision.synth.art import ArtStyle
from vision.synth.cards import card_face, card_labels, papyrus_labels

FAMILIES = ["classic", "lineart", "parchment", "photo", "heldout", "ebony", "mosaic", "woodcut"]


def _lit(face: np.ndarray, cast: tuple[float, float, float]) -> np.ndarray:
    """A face under a coloured light (a gain per channel, BGR)."""
    return np.clip(face.astype(np.float32) * np.array(cast), 0, 255).astype(np.uint8)


def _enrolled(style: ArtStyle, seed: int = 1) -> list[tuple[str, np.ndarray]]:
    """The box's papyri, each photographed in its own light."""
    rng = np.random.default_rng(seed)
    faces = []
    for label in papyrus_labels():
        cast = tuple(float(g) for g in rng.uniform(0.8, 1.15, 3))
        faces.append((label, _lit(card_face(label, style), cast)))  # type: ignore[arg-type]
    return faces


def _as_a_camera_shows(face: np.ndarray, upside_down: bool) -> np.ndarray:
    """A papyrus in the frame: a warm lamp, 54 × 84 px, soft, maybe upside down."""
    warm = _lit(face, (0.8, 0.95, 1.12))
    small = cv2.GaussianBlur(cv2.resize(warm, (54, 84), interpolation=cv2.INTER_AREA), (0, 0), 0.8)
    return np.rot90(small, 2).copy() if upside_down else small


@pytest.mark.parametrize("family", FAMILIES)
def test_every_papyrus_of_a_box_is_read_by_its_colours_either_way_up(family: str) -> None:
    style = ArtStyle(0, family)
    look = RankLook(_enrolled(style))
    assert look.ready
    for label in papyrus_labels():
        for upside_down in (False, True):
            seen = look.read(_as_a_camera_shows(card_face(label, style), upside_down))
            assert seen is not None
            assert "-".join(seen.rank) == "-".join(label.split("-")[1:5]), (label, upside_down, seen)
            assert seen.margin >= 4.0, (label, seen)


def test_a_box_with_too_few_papyri_has_no_rank_look() -> None:
    style = ArtStyle(0, "lineart")
    look = RankLook(_enrolled(style)[:4])
    assert not look.ready
    assert look.read(card_face(papyrus_labels()[0], style)) is None


def _table_with(face: np.ndarray, reader: CardReader) -> tuple[np.ndarray, np.ndarray]:
    """A grey table with the card at its centre, as big as the reader's cards."""
    w, h = (round(v) for v in reader.card_px)
    image = np.full((300, 300, 3), 120, np.uint8)
    image[150 - h // 2 : 150 - h // 2 + h, 150 - w // 2 : 150 - w // 2 + w] = cv2.resize(
        face, (w, h), interpolation=cv2.INTER_AREA
    )
    return image, np.array([150.0, 150.0])


def test_a_papyrus_whose_colours_say_otherwise_is_asked_and_an_unsure_one_they_confirm_is_read() -> None:
    """The whole-face look is sure of a papyrus with two colours swapped: the rank look,
    reading the card's own order, makes it a question with the right papyrus offered
    first. An unsure face look naming the card's own order is read."""
    style = ArtStyle(0, "lineart")
    faces = [(label, card_face(label, style)) for label in card_labels() if label.startswith("papyrus-")]
    settings = CardSettings()
    reader = CardReader(Catalogue("ankh", faces), settings)
    truth = papyrus_labels()[0]
    rank = truth.split("-")[1:5]
    # another papyrus of the box: its first two colours swapped, if the box has one
    swapped = next(
        (n for n in papyrus_labels() if n.split("-")[1:5] == [rank[1], rank[0], *rank[2:]]),
        next(n for n in papyrus_labels() if n != truth),
    )
    image, where = _table_with(_lit(card_face(truth, style), (0.85, 0.95, 1.1)), reader)
    sure_wrong = Match(swapped, 0.9, 0.7, 1.0, 0, (swapped, truth))
    unsure_right = Match(truth, 0.8, 0.78, 0.2, 0, (truth, swapped))
    asked = reader.ranked_by(sure_wrong, reader.rank_read(image, where, 0.0))
    assert asked.confidence < settings.min_confidence
    assert asked.ranked[:2] == (truth, swapped)
    read = reader.ranked_by(unsure_right, reader.rank_read(image, where, 0.0))
    assert read.label == truth and read.confidence >= settings.min_confidence
