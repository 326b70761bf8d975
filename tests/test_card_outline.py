"""The papyrus pile's outline search and the card reader's kept work give what the plain
computation gives: the coarse look's strongest edge per 2×2 block (taken from the pixel
phases) is a dilation's, the sides' score is that of the four sides stacked, and a reader
made again for the same catalogue (its faces and value-look weights kept) reads the same."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.card_outline import Outlines, _across, _best_place, _score
from vision.card_reader import CardReader
from vision.catalogue import Catalogue, enroll
from vision.synth.art import ArtStyle
from vision.synth.cards import CardScene, write_card_enrolment_set


def rendered_pile(rows: int, cols: int, seed: int) -> np.ndarray:
    """A grey patch with a few card-like bright rectangles over noise."""
    rng = np.random.default_rng(seed)
    gray = rng.integers(60, 90, (rows, cols)).astype(np.uint8)
    for _ in range(3):
        centre = (float(rng.uniform(20, cols - 20)), float(rng.uniform(20, rows - 20)))
        box = cv2.boxPoints((centre, (54.0, 84.0), float(rng.uniform(-90, 90))))
        cv2.fillPoly(gray, [np.round(box).astype(np.int32)], int(rng.integers(150, 250)))
    return cv2.GaussianBlur(gray, (3, 3), 0)


@pytest.mark.parametrize(("rows", "cols"), [(150, 181), (171, 160), (96, 97)])
def test_the_coarse_look_keeps_each_blocks_strongest_edge_as_a_dilation_does(rows: int, cols: int) -> None:
    gray = rendered_pile(rows, cols, rows + cols)
    look = Outlines(gray, 54.0, 84.0)
    for theta in (-90.0, -33.0, 0.0, 14.0, 62.0):
        v, h = _across(look.gx, look.gy, theta)
        pool = np.ones((2, 2), np.uint8)
        shrunk = cv2.dilate(v, pool)[::2, ::2], cv2.dilate(h, pool)[::2, ::2]
        want = _best_place(*shrunk, gray.shape, 54.0, 84.0, theta, 0.5)
        got = look.at(theta, 0.5)
        assert got[0] == want[0] and np.array_equal(got[1], want[1])


def test_the_sides_score_is_the_four_sides_stacked() -> None:
    rng = np.random.default_rng(5)
    n, hw, hh = 61, 13, 21
    vert = rng.uniform(0, 50, (n, n)).astype(np.float32)
    horz = rng.uniform(0, 50, (n, n)).astype(np.float32)
    horz[0, :5] = -1e-6  # a running box sum may leave a hair below zero
    sides = np.zeros((4, n, n), np.float32)
    sides[0, :, hw : n - hw] = vert[:, : n - 2 * hw]
    sides[1, :, hw : n - hw] = vert[:, 2 * hw :]
    sides[2, hh : n - hh, :] = horz[: n - 2 * hh, :]
    sides[3, hh : n - hh, :] = horz[2 * hh :, :]
    assert np.array_equal(_score(vert, horz, hw, hh), sides.sum(0) / 4 + sides.min(0))


def test_a_turn_looked_at_twice_is_scored_once() -> None:
    look = Outlines(rendered_pile(120, 140, 1), 54.0, 84.0)
    assert look.at(12.0) is look.at(np.float64(12.0))


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory: pytest.TempPathFactory) -> Catalogue:
    folder = tmp_path_factory.mktemp("ankh-photos")
    write_card_enrolment_set(folder, style=ArtStyle(7), seed=3)
    cat, problems = enroll("ankh", folder)
    assert problems == []
    return cat


def test_a_reader_made_again_for_the_catalogue_reads_the_same(catalogue: Catalogue) -> None:
    shot = CardScene(seats=4, seed=11, level="hard", style=ArtStyle(7)).render()
    first = CardReader(catalogue)
    again = CardReader(catalogue)
    assert again.mummies is first.mummies  # the faces are built once per catalogue
    assert again.read(shot.image).to_json() == first.read(shot.image).to_json()
