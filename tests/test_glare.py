"""A lamp's glare (a glossy table and tiles mirroring it, burnt out white at its middle)
invents no tile and leads no walk astray. The 2D sweep of issue 17 found glare making the
reader invent gold bags; a glare by marker 10 was where rays from the marker met the table
first, so the walk began there, read nothing, and lost the whole path. The first tile is
now the nearest place that stands out as a square nearly as clearly as the places beyond
it, or shows a face (``PathReader.first_tile``); every later step must show a tile's
four sides (vision/outline.py)."""

from __future__ import annotations

import numpy as np
import pytest

from bench.vision import path_labels as path
from vision.catalogue import Catalogue
from vision.path_reader import PathReader
from vision.synth.art import ArtStyle
from vision.synth.tiles import TableScene


@pytest.fixture(scope="module")
def catalogue(unseen_tile_catalogue: Catalogue) -> Catalogue:
    return unseen_tile_catalogue


def assert_every_tile_in_place(truth: dict, doc: dict) -> None:
    """Every tile found, in order and in place; none wrong (unreadable at worst)."""
    assert len(doc["tiles"]) == len(truth["tiles"])
    centres = np.array([t["center"] for t in truth["tiles"]])
    pitch = float(np.median(np.linalg.norm(np.diff(centres, axis=0), axis=1)))
    seen = np.array([t["center"] for t in doc["tiles"]])
    assert np.linalg.norm(seen - centres, axis=1).max() < 0.3 * pitch
    for got, want in zip(doc["tiles"], truth["tiles"], strict=True):
        assert got["label"] in (None, want["label"])


@pytest.mark.parametrize("seed", [4, 5, 6])
def test_a_glare_beside_marker_10_does_not_start_the_walk(catalogue: Catalogue, seed: int) -> None:
    scene = TableScene(path(seed), seed=seed, level="medium", style=ArtStyle(7))
    lay = scene.layout
    marker = np.array(lay.start)
    along = np.array([lay.slots[0].x, lay.slots[0].y]) - marker
    aside = np.array([-along[1], along[0]]) / np.linalg.norm(along)
    middle = np.mean([[sl.x, sl.y] for sl in lay.slots], axis=0)
    if aside @ (middle - marker) > 0:  # to the side of the marker away from the path's rows
        aside = -aside
    x, y = marker + 43.0 * aside  # its rim a little nearer the marker than the first tile's
    shot = scene.render(pawns={}, glare=(float(x), float(y), 25.0))
    doc = PathReader(catalogue).read(shot.image).to_json()
    assert_every_tile_in_place(shot.truth, doc)
    assert doc["complete"] is True


@pytest.mark.parametrize("seed", [7, 8])
def test_a_glare_over_a_tile_makes_it_unreadable_not_another_tile(catalogue: Catalogue, seed: int) -> None:
    scene = TableScene(path(seed), seed=seed, level="medium", style=ArtStyle(7))
    under = scene.layout.slots[30]
    shot = scene.render(pawns={}, glare=(under.x, under.y, 22.0))
    doc = PathReader(catalogue).read(shot.image).to_json()
    assert_every_tile_in_place(shot.truth, doc)


@pytest.mark.parametrize("seed", [9, 10])
def test_a_glare_straight_on_past_a_turn_is_not_walked_into(catalogue: Catalogue, seed: int) -> None:
    """At the end of a row the walk chooses between the next row's tile and the table
    straight on; a glare there matched a face faintly (0.62 against the tile's 0.95) and,
    straight on, was walked into and lost the rest of the path."""
    scene = TableScene(path(seed), seed=seed, level="medium", style=ArtStyle(7))
    spots = np.array([[sl.x, sl.y] for sl in scene.layout.slots])
    steps = np.diff(spots, axis=0)
    turn = next(
        i
        for i in range(10, len(steps))
        if np.dot(steps[i - 1], steps[i]) < 0.5 * np.dot(steps[i - 1], steps[i - 1])
    )
    x, y = spots[turn] + steps[turn - 1]  # where the row would go on
    shot = scene.render(pawns={}, glare=(float(x), float(y), 25.0))
    doc = PathReader(catalogue).read(shot.image).to_json()
    assert_every_tile_in_place(shot.truth, doc)
    assert doc["complete"] is True


def test_a_face_burnt_out_well_above_the_frames_usual_is_glared() -> None:
    from vision.glare import burnt_map, burnt_share, glared

    frame = np.full((120, 200, 3), 180, np.uint8)
    frame[40:80, 120:160] = 255  # a clipped square, where a face lies in the view
    frame[40:80, 20:60, 1] = 255  # one channel clipped (a vivid green): not burnt out
    shift = np.array([[1.0, 0, 5], [0, 1.0, 3], [0, 0, 1]])  # image → view: moved 5, 3 px
    burnt = burnt_map(frame, shift, (210, 130))
    assert burnt_share(burnt, np.array([145.0, 63.0]), 40) > 0.95
    assert burnt_share(burnt, np.array([45.0, 63.0]), 40) == 0.0
    assert glared([0.0] * 20 + [0.5]) == {20}
    assert glared([0.4] * 20 + [0.5]) == set()  # white line-art grounds clip everywhere: the art
    assert glared([0.0] * 20 + [0.45]) == set()  # mostly still showing
