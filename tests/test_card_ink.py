"""A card's colour by its ink: each card white-balanced against its own ground, so a warm
lamp over the table and the light each enrolment photo happened to be taken in cancel;
and never for a box whose cards are tinted in their own colour."""

from __future__ import annotations

import numpy as np

from vision.card_reader import INK_INNER, CardReader, _chroma
from vision.catalogue import Catalogue
from vision.faces import face_patch
from vision.synth.art import ArtStyle
from vision.synth.cards import MUMMY_LABELS, card_face

PLAIN = ArtStyle(0, "lineart")  # ink on a paper every colour shares
TINTED = ArtStyle(0, "classic")  # each card's paper tinted in its own colour


def lit(face: np.ndarray, gains: tuple[float, float, float]) -> np.ndarray:
    """The face under a light of these per-channel gains (B, G, R)."""
    return np.clip(face.astype(np.float32) * np.array(gains, np.float32), 0, 255).astype(np.uint8)


def enrolled_in_many_lights(style: ArtStyle, spread: float = 0.22) -> Catalogue:
    """Every mummy card photographed in a light of its own: cool, warm, greenish, pink
    (per-channel gains within 1 ± ``spread``)."""
    rng = np.random.default_rng(5)
    faces = [
        (label, lit(card_face(label, style), tuple(rng.uniform(1 - spread, 1 + spread, 3))))
        for label in MUMMY_LABELS
    ]
    return Catalogue("ankh", faces)


def test_every_colour_is_told_by_its_ink_under_a_warm_lamp() -> None:
    reader = CardReader(enrolled_in_many_lights(PLAIN))
    assert reader.inks, "a box of one paper is read by its ink"
    lamp = (0.72, 0.95, 1.2)  # 2700 K-ish: blue down, red up
    named, by_mean = 0, 0
    for label in MUMMY_LABELS:
        patch = face_patch(lit(card_face(label, PLAIN), lamp), reader.settings.patch, INK_INNER)
        colour = label.rsplit("-", 1)[0]
        assert reader.ink_colour(patch) == colour, label
        named += 1
        # the patch's plain mean colour against each photo's: what the reader had before
        mean = _chroma(patch)
        nearest = min(reader.colours, key=lambda n: float(np.linalg.norm(mean - reader.colours[n])))
        by_mean += nearest.rsplit("-", 1)[0] == colour
    assert named == len(MUMMY_LABELS)
    assert by_mean < len(MUMMY_LABELS), "the lights must be ones the plain mean colour is misled by"


def test_cards_tinted_in_their_own_colour_are_not_read_by_their_ink() -> None:
    """Balanced against a yellow paper, a yellow card's ink loses its yellow: such a box
    (its grounds apart by colour far more than the photos' lights scatter them: here
    photographed in lights within 3 % of each other) keeps to the other looks."""
    reader = CardReader(enrolled_in_many_lights(TINTED, 0.03))
    assert reader.inks == {}
    patch = face_patch(card_face("yellow-5", TINTED), reader.settings.patch, INK_INNER)
    assert reader.ink_colour(patch) is None


def test_an_unsure_ink_names_no_colour() -> None:
    """A grey card (no ink nearer one colour than another) is left to the other looks."""
    reader = CardReader(enrolled_in_many_lights(PLAIN))
    grey = np.full((36, 24, 3), 128, np.uint8)
    grey[10:26, 6:18] = 60
    assert reader.ink_colour(grey) is None
