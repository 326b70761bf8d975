"""The benchmark's art families: every family draws every tile and card face, its faces
tell apart, the newer families are unlike the classic art, and one family is held out
(`woodcut`, since 2026-11-29, later; `mosaic` before it): it prints every label apart and
enrols without problems."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.catalogue import enroll
from vision.synth.art import (
    FACE_PX,
    FAMILIES,
    HELDOUT,
    KINDS,
    PAWNS,
    TILE_LABELS,
    ArtStyle,
    family_styles,
    tile_face,
)
from vision.synth.cards import CARD_PX, CardScene, card_face, card_labels, write_card_enrolment_set
from vision.synth.tiles import TableScene, write_enrolment_set

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


# ---------------------------------------------------------------------- the held-out family


def test_the_held_out_family_is_woodcut_and_mosaic_and_ebony_ordinary_families() -> None:
    assert HELDOUT == "woodcut"
    for name in ("mosaic", "ebony"):
        assert not FAMILIES[name].heldout and "HELD OUT" not in FAMILIES[name].about
    assert len(FAMILIES[HELDOUT].styles) >= 2  # enrolled and read style by style, as the others


@pytest.mark.parametrize("style", family_styles(HELDOUT), ids=lambda s: f"style{s.number}")
def test_the_held_out_family_prints_every_label_apart(style: ArtStyle) -> None:
    tiles = np.stack([tile_face(label, style).astype(np.float32) for label in TILE_LABELS])
    gaps = np.abs(tiles[:, None] - tiles[None]).mean(axis=(2, 3, 4))
    assert gaps[~np.eye(len(tiles), dtype=bool)].min() > 1.0
    cards = np.stack([card_face(label, style).astype(np.float32) for label in card_labels()])
    gaps = np.abs(cards[:, None] - cards[None]).mean(axis=(2, 3, 4))
    assert gaps[~np.eye(len(cards), dtype=bool)].min() > 1.0


def test_the_mosaic_shows_the_set_in_its_bottom_strip_and_the_kind_above_it() -> None:
    """A person tells the set by the strip's colour and the kind by the icon: the three
    sets of a kind differ in the strip (and nowhere else above it), the kinds above it."""
    style = ArtStyle(0, "mosaic")
    strip = slice(FACE_PX - 30, FACE_PX - 10)
    hues = {}
    for colour in ("green", "blue", "purple"):
        face = tile_face(f"cat-{colour}", style)
        hues[colour] = np.median(face[strip, 12:60].reshape(-1, 3), axis=0)
    for a, b in (("green", "blue"), ("blue", "purple"), ("green", "purple")):
        assert np.abs(hues[a] - hues[b]).max() > 20
    above = slice(16, FACE_PX - 44)  # the icon, away from each stone's own shade
    icons = [cv2.cvtColor(tile_face(f"{kind}-blue", style), cv2.COLOR_BGR2GRAY)[above] < 90 for kind in KINDS]
    for i, a in enumerate(icons):
        for b in icons[i + 1 :]:
            assert (a != b).mean() > 0.05
    assert np.array_equal(
        cv2.cvtColor(tile_face("cat-green", style), cv2.COLOR_BGR2GRAY)[above] < 90,
        cv2.cvtColor(tile_face("cat-purple", style), cv2.COLOR_BGR2GRAY)[above] < 90,
    )


def _dark(face: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(face, cv2.COLOR_BGR2GRAY) < 80


@pytest.mark.parametrize("number", FAMILIES["woodcut"].styles)
def test_the_woodcut_shows_the_set_in_its_wash_and_the_kind_in_its_black_block(number: int) -> None:
    """A person tells the set by the wash's colour and the kind by the black print: one
    block per kind (the sets of a kind alike in it, the kinds unlike), three washes, and
    the wash over only part of the paper."""
    style = ArtStyle(number, "woodcut")
    blocks = [_dark(tile_face(f"{kind}-blue", style)) for kind in KINDS]
    for i, a in enumerate(blocks):
        for b in blocks[i + 1 :]:
            assert (a != b).mean() > 0.03
    for kind in KINDS:
        same = [_dark(tile_face(f"{kind}-{colour}", style)) for colour in ("green", "blue", "purple")]
        assert (same[0] != same[1]).mean() < 0.01 and (same[1] != same[2]).mean() < 0.01
    paper = np.array((206, 222, 230), np.float32)
    washes = {}
    for colour in ("green", "blue", "purple"):
        face = tile_face(f"cat-{colour}", style).astype(np.float32)
        tinted = (np.abs(face - paper).max(axis=2) > 40) & ~_dark(tile_face(f"cat-{colour}", style))
        assert 0.1 < tinted.mean() < 0.6  # a wash over part of the tile, not all of it
        washes[colour] = np.median(face[tinted], axis=0)
    for a, b in (("green", "blue"), ("blue", "purple"), ("green", "purple")):
        assert np.abs(washes[a] - washes[b]).max() > 20


def test_a_woodcut_card_shows_its_value_in_tally_marks_below_its_block() -> None:
    """Cards of one colour differ below the block (the tally marks), not in it; cards of
    one value differ in the block's colour."""
    style = ArtStyle(0, "woodcut")
    faces = {v: card_face(f"red-{v}", style).astype(np.float32) for v in range(1, 6)}
    below = slice(96, CARD_PX[1] - 4)
    for v in range(1, 5):
        assert np.abs(faces[v][below] - faces[v + 1][below]).mean() > 3
    marks = [_dark(card_face(f"green-{v}", style).astype(np.uint8))[below].mean() for v in range(1, 6)]
    assert marks == sorted(marks)  # more marks, more ink
    green, blue = card_face("green-3", style), card_face("blue-3", style)
    assert np.abs(green[12:88].astype(np.float32) - blue[12:88]).max(axis=2).mean() > 3


@pytest.mark.parametrize("style", family_styles(HELDOUT), ids=lambda s: f"style{s.number}")
def test_the_held_out_family_enrols_without_problems(style: ArtStyle, tmp_path: Path) -> None:
    """As ``scarab vision enroll --from`` takes them (and as the benchmarks enrol each
    style from its own photos): every tile, pawn and Ankh face is stored, none refused."""
    write_enrolment_set(tmp_path / "tiles", [*TILE_LABELS, *PAWNS], style, seed=500 + style.number)
    cat, problems = enroll("tutankhamen", tmp_path / "tiles")
    assert problems == [] and sorted(cat.labels) == sorted(TILE_LABELS) and set(cat.pawns) == set(PAWNS)
    write_card_enrolment_set(tmp_path / "cards", None, style, seed=700 + style.number)
    cat, problems = enroll("ankh", tmp_path / "cards")
    assert problems == [] and sorted(cat.labels) == sorted(card_labels())
