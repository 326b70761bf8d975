"""The benchmark's art families: every family draws every tile and card face, its faces
tell apart, the newer families are unlike the classic art, and one family is held out."""

from __future__ import annotations

import numpy as np
import pytest

from vision.synth.art import FACE_PX, FAMILIES, HELDOUT, TILE_LABELS, ArtStyle, family_styles, tile_face
from vision.synth.cards import CARD_PX, CardScene, card_face, card_labels
from vision.synth.tiles import TableScene

NEW = [name for name in FAMILIES if name != "classic"]


@pytest.mark.parametrize("family", list(FAMILIES))
def test_every_family_draws_every_tile_face_distinctly(family: str) -> None:
    for style in family_styles(family):
        faces = {label: tile_face(label, style) for label in TILE_LABELS}
        assert all(f.shape == (FACE_PX, FACE_PX, 3) and f.dtype == np.uint8 for f in faces.values())
        stack = np.stack([f.astype(np.float32) for f in faces.values()])
        gaps = np.abs(stack[:, None] - stack[None]).mean(axis=(2, 3, 4))
        assert gaps[~np.eye(len(faces), dtype=bool)].min() > 1.0  # no two labels print alike


@pytest.mark.parametrize("family", list(FAMILIES))
def test_every_family_draws_every_card_face(family: str) -> None:
    w, h = CARD_PX
    faces = [card_face(label, ArtStyle(0, family)) for label in card_labels()]
    assert all(f.shape == (h, w, 3) for f in faces)
    assert len({f.tobytes() for f in faces}) == len(faces)


@pytest.mark.parametrize("family", NEW)
def test_the_newer_families_are_unlike_the_classic_art(family: str) -> None:
    for label in ("scarab-green", "mask-purple", "goldbag"):
        new = tile_face(label, ArtStyle(0, family)).astype(np.float32)
        assert np.abs(new - tile_face(label, ArtStyle()).astype(np.float32)).mean() > 25
    new_card = card_face("blue-3", ArtStyle(0, family)).astype(np.float32)
    assert np.abs(new_card - card_face("blue-3", ArtStyle()).astype(np.float32)).mean() > 25


def test_a_family_face_is_printed_the_same_every_time() -> None:
    for family in NEW:
        assert np.array_equal(
            tile_face("cat-blue", ArtStyle(3, family)), tile_face("cat-blue", ArtStyle(3, family))
        )


def test_exactly_one_family_is_held_out() -> None:
    held = [f.name for f in FAMILIES.values() if f.heldout]
    assert held == [HELDOUT]
    assert "HELD OUT" in FAMILIES[HELDOUT].about


def test_an_unknown_family_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown art family"):
        ArtStyle(0, "watercolour")


def test_scenes_render_in_a_family() -> None:
    shot = TableScene(list(TILE_LABELS[:6]), seed=4, level="easy", style=ArtStyle(0, "parchment")).render()
    assert shot.image.shape == (720, 1280, 3) and len(shot.truth["tiles"]) == 6
    cards = CardScene(seats=2, seed=4, level="easy", style=ArtStyle(0, HELDOUT)).render()
    assert cards.image.shape == (720, 1280, 3)
