"""The path reader's parts that make hard frames readable, each against what it must equal
or find: the masked correlation for covered faces, the blur of a stack of shadow maps,
a tile's small turn, a pawn's centre, and the colour look on a pale frame."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.faces import (
    FINE,
    FINE_INNER,
    PATCH,
    WIDE,
    WIDE_INNER,
    FaceIndex,
    crop_grid,
    crop_patch,
    normalised,
)
from vision.path_reader import _blur_planes, _masked_scores, pawn_centre, tile_angle
from vision.synth.art import ArtStyle, tile_face


def _reference_scores(
    crops: np.ndarray, faces: np.ndarray, hidden: np.ndarray, gains: np.ndarray
) -> np.ndarray:
    """The masked correlation the slow way: each crop's own mask, faces normalised anew."""
    out = np.zeros((len(crops), len(faces)))
    for i, crop in enumerate(crops):
        keep = np.repeat(~hidden[i], 3)
        known = normalised(faces[:, keep]).T
        best = normalised(crop[keep][None]) @ known
        for gain in gains[:, i]:
            scores = normalised((crop * np.repeat(gain, 3))[keep][None]) @ known
            if scores.max() > best.max():
                best = scores
        out[i] = best[0]
    return out


def test_masked_scores_equal_the_correlation_over_each_crops_own_mask() -> None:
    rng = np.random.default_rng(5)
    pixels = 40
    crops = rng.uniform(0, 255, (6, 3 * pixels))
    faces = rng.uniform(0, 255, (9, 3 * pixels))
    hidden = rng.random((6, pixels)) < 0.3
    gains = 1 + rng.random((3, 6, pixels))
    got = _masked_scores(crops, faces, hidden, gains)
    assert got.shape == (6, 9)
    assert np.allclose(got, _reference_scores(crops, faces, hidden, gains), atol=1e-9)
    # with no shadow hypotheses it is the plain masked correlation
    plain = _masked_scores(crops, faces, hidden, np.zeros((0, 6, pixels)))
    assert np.allclose(plain, _reference_scores(crops, faces, hidden, np.zeros((0, 6, pixels))), atol=1e-9)


def test_a_stack_of_planes_is_blurred_as_opencv_blurs_each() -> None:
    planes = np.random.default_rng(2).random((4, PATCH, PATCH))
    blurred = _blur_planes(planes, 0.8)
    for plane, got in zip(planes, blurred, strict=True):
        assert np.allclose(got, cv2.GaussianBlur(plane, (0, 0), 0.8), atol=1e-12)


@pytest.mark.parametrize("turn", [-12.0, -4.0, 0.0, 6.5, 14.0])
def test_a_tiles_small_turn_is_read_from_its_edges(turn: float) -> None:
    # a plain tile (its art, mostly hidden from this look, would only add noise)
    side = 42
    view = np.full((120, 120, 3), 90, np.uint8)
    canvas = np.zeros_like(view)
    canvas[39 : 39 + side, 39 : 39 + side] = (200, 215, 225)
    inside = np.zeros(view.shape[:2], np.uint8)
    inside[39 : 39 + side, 39 : 39 + side] = 255
    spin = cv2.getRotationMatrix2D((59.5, 59.5), -turn, 1.0)  # OpenCV turns counter-clockwise
    canvas = cv2.warpAffine(canvas, spin, (120, 120), flags=cv2.INTER_LINEAR)
    inside = cv2.warpAffine(inside, spin, (120, 120), flags=cv2.INTER_LINEAR)
    alpha = inside.astype(np.float32)[:, :, None] / 255  # smooth edges, as a lens draws them
    view = (canvas * alpha + view * (1 - alpha)).astype(np.uint8)
    got = tile_angle(view, np.array([59.5, 59.5]), side)
    # the edges' dominant direction, Σ |g|²·e^{4iθ} taken the direct way…
    gray = cv2.cvtColor(view[32:86, 32:86], cv2.COLOR_BGR2GRAY).astype(np.float32)
    gx, gy = cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3), cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3)
    weight = gx * gx + gy * gy
    weight[14:40, 14:40] = 0
    direct = np.degrees(np.angle(np.sum(weight * np.exp(4j * np.arctan2(gy, gx)))) / 4)
    assert got == pytest.approx(direct, abs=1e-3)
    # …which turns with the tile, a little short of it (what the reader's search then corrects)
    assert abs(got - turn) <= 0.2 * abs(turn) + 0.05 and got * turn >= 0


def test_a_pawns_centre_is_found_at_full_resolution() -> None:
    # a pawn as seen from above: a darker rim of its colour and a light highlight off
    # its middle, on a face of other colours
    image = cv2.resize(tile_face("mask-green"), (90, 90), interpolation=cv2.INTER_AREA)
    colour = (235, 215, 40)
    big = cv2.resize(image, (900, 900), interpolation=cv2.INTER_NEAREST)
    c = (473, 416)  # drawn at ten times the size: big pixel i is small pixel (i + 0.5) / 10 − 0.5
    true_centre = (np.array(c) + 0.5) / 10 - 0.5
    cv2.circle(big, c, 96, tuple(int(v * 0.65) for v in colour), -1, cv2.LINE_AA)
    cv2.circle(big, c, 79, colour, -1, cv2.LINE_AA)
    cv2.circle(big, (c[0] - 32, c[1] - 32), 24, (255, 255, 255), -1, cv2.LINE_AA)
    image = cv2.resize(big, (90, 90), interpolation=cv2.INTER_AREA)
    lab = cv2.cvtColor(np.array([[colour]], np.uint8), cv2.COLOR_BGR2LAB)[0, 0].astype(np.float32)
    rough = true_centre + np.array([1.5, 1.5])  # where a half-size blob missing rim and highlight puts it
    found, extent = pawn_centre(image, rough, lab, 8.0)
    assert np.linalg.norm(found - true_centre) < 0.3 < 2.0 < np.linalg.norm(rough - true_centre)
    # its radius by the disc of its hue, rim included: a blob of its lit top alone is smaller
    assert extent == pytest.approx(9.6, abs=0.6)


def test_a_pawn_running_into_its_own_colour_keeps_its_rough_centre() -> None:
    image = np.full((60, 60, 3), (235, 215, 40), np.uint8)  # nothing but the pawn's colour
    lab = cv2.cvtColor(image[:1, :1], cv2.COLOR_BGR2LAB)[0, 0].astype(np.float32)
    rough = np.array([30.0, 28.0])
    centre, extent = pawn_centre(image, rough, lab, 9.6)
    assert np.array_equal(centre, rough) and extent == 9.6


def test_a_pale_frame_still_shows_which_colour_a_face_is() -> None:
    # blur, haze and a cheap lens show colours paler than the enrolment photos: each
    # face's chroma is fitted to the crop's before comparing, so a pale blue face is
    # still nearer blue than purple (compared as it is, it lies about halfway)
    style = ArtStyle(7)
    faces = [(label, tile_face(label, style)) for label in ("mask-blue", "mask-purple", "mask-green")]
    index = FaceIndex(faces)
    blue = tile_face("mask-blue", style)
    lab = cv2.cvtColor(blue, cv2.COLOR_BGR2LAB).astype(np.float32)
    lab[:, :, 1:] = 128 + (lab[:, :, 1:] - 128) * 0.55
    pale = cv2.cvtColor(np.clip(lab, 0, 255).astype(np.uint8), cv2.COLOR_LAB2BGR)
    side = float(pale.shape[0])
    centre = np.array([side / 2 - 0.5, side / 2 - 0.5])
    crop = crop_patch(pale, centre, side, 0.0)
    wide = crop_patch(pale, centre, side, 0.0, WIDE, WIDE_INNER)
    among = ("mask-blue", "mask-purple", "mask-green")
    look = index.colour_look([crop], [wide], among, 0.5, 0.05, 0.0075)
    assert look.label == "mask-blue"
    assert look.score - look.runner_up > 0.03


@pytest.mark.parametrize(("size", "inner"), [(PATCH, 0.8), (FINE, FINE_INNER)])
def test_a_grid_of_shifted_crops_is_cut_from_one_warp(size: int, inner: float) -> None:
    image = cv2.GaussianBlur(
        (np.random.default_rng(4).random((240, 260, 3)) * 255).astype(np.uint8), (0, 0), 2
    )
    centre, heading = np.array([131.3, 117.8]), np.array([0.1, -0.995])
    cells = [(a, b) for a in (-2, -1, 0, 1, 2) for b in (-1, 0, 1)]
    patches, shifts = crop_grid(
        image, centre, 42.0, 7.0, cells, 2.94, heading / np.linalg.norm(heading), size, inner
    )
    assert len(patches) == len(shifts) == len(cells)
    for patch, shift in zip(patches, shifts, strict=True):
        alone = crop_patch(image, centre + shift, 42.0, 7.0, size, inner).astype(int)
        # the same sampling: at most a rounding step apart (OpenCV interpolates in 1/32 px)
        assert np.abs(patch.astype(int) - alone).max() <= 1 and np.mean(patch != alone) < 0.01
    # the steps along go the way of the heading (here up the view), about 2.9 px each
    along = shifts[cells.index((1, 0))] - shifts[cells.index((0, 0))]
    assert along @ heading > 0.9 * np.linalg.norm(along) and 2.5 < np.linalg.norm(along) < 3.4
