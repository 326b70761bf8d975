"""A tile's outline (vision/outline.py): a square of a tile's side stands out on its four
sides even where the walk guessed its place a quarter tile off, and what a foreground mask
takes for a tile does not: pale wood grain, a lamp's soft spot, the place beside a tile
that shares one side with it and another with a marker's paper. On a photoreal frame
(tutankhamen-0018, photo art on wood) the walk once left the path at its last turn for
grain that matched a face at 0.65 and whose sides measured a twentieth of a tile's."""

from __future__ import annotations

import cv2
import numpy as np

from vision.outline import Outlines, WalkedSides

SIDE = 42  # px: a 35 mm tile in the reader's top view


def wood(rng: np.random.Generator, size: tuple[int, int] = (240, 320)) -> np.ndarray:
    """A table of soft, mostly level grain (the photoreal set's pale wood, blurred)."""
    h, w = size
    rows = rng.normal(0, 1, (h, 1)) * np.ones((1, w))
    rows += 0.3 * rng.normal(0, 1, (h, w))
    grain = cv2.GaussianBlur(rows.astype(np.float32), (0, 0), sigmaX=12, sigmaY=2.5)
    grain = 150 + 25 * grain / (grain.std() + 1e-6)
    return cv2.cvtColor(np.clip(grain, 0, 255).astype(np.uint8), cv2.COLOR_GRAY2BGR)


def tile(image: np.ndarray, centre: tuple[int, int], colour: tuple[int, int, int], turn: float = 0.0) -> None:
    """A tile's square, a little darker inside its printed rim, drawn with sharp sides."""
    box = cv2.boxPoints(((centre[0], centre[1]), (SIDE, SIDE), turn))
    cv2.fillPoly(image, [np.round(box).astype(np.int32)], colour, cv2.LINE_AA)
    inner = cv2.boxPoints(((centre[0], centre[1]), (SIDE - 8, SIDE - 8), turn))
    cv2.fillPoly(image, [np.round(inner).astype(np.int32)], tuple(int(0.8 * c) for c in colour), cv2.LINE_AA)


def test_a_tile_stands_out_on_all_four_sides_even_guessed_a_quarter_off() -> None:
    image = wood(np.random.default_rng(1))
    tile(image, (160, 120), (200, 120, 60), turn=4.0)
    seen = Outlines(image)
    exact = seen.sides(np.array([160.0, 120.0]), 4.0, SIDE)
    off = seen.sides(np.array([160.0 + 0.25 * SIDE, 120.0 - 0.2 * SIDE]), 4.0, SIDE)
    assert exact.min() > 40
    assert off.min() > 0.8 * exact.min()


def test_grain_a_soft_spot_and_a_place_beside_a_tile_do_not() -> None:
    rng = np.random.default_rng(2)
    image = wood(rng)
    tile(image, (100, 120), (90, 160, 60))
    paper = (160 + SIDE // 2 + 3, 120 + SIDE // 2 - 10)  # a marker's white paper, down and right
    cv2.rectangle(image, paper, (paper[0] + 60, paper[1] + 60), (245, 245, 245), -1)
    disc = np.zeros(image.shape[:2], np.float32)
    cv2.circle(disc, (250, 60), SIDE // 2, 1.0, -1)
    spot = cv2.GaussianBlur(disc, (0, 0), 9)[..., None]
    image = np.clip(image + 70 * spot, 0, 255).astype(np.uint8)  # a lamp's pale spot
    squares = WalkedSides(Outlines(image), 0.3)
    squares.walked(np.array([100.0, 120.0]), 0.0, SIDE)
    assert squares.square_at(np.array([100.0, 120.0]), 0.0, SIDE)
    beside = np.array([100.0 + SIDE + 2, 120.0])  # shares the tile's side and the paper's
    for place in (np.array([200.0, 190.0]), np.array([250.0, 60.0]), beside):
        assert not squares.square_at(place, 0.0, SIDE), place


def test_a_dim_tile_is_weighed_by_the_tiles_walked_not_a_constant() -> None:
    """In a dim, low-contrast frame every side is weak: a tile still counts as one."""
    image = wood(np.random.default_rng(3))
    for x in (60, 104, 148):
        tile(image, (x, 120), (170, 160, 140))
    dim = (0.25 * image.astype(np.float32) + 20).astype(np.uint8)
    squares = WalkedSides(Outlines(dim), 0.3)
    squares.walked(np.array([60.0, 120.0]), 0.0, SIDE)
    squares.walked(np.array([104.0, 120.0]), 0.0, SIDE)
    assert squares.square_at(np.array([148.0, 120.0]), 0.0, SIDE)
    assert not squares.square_at(np.array([148.0, 200.0]), 0.0, SIDE)
