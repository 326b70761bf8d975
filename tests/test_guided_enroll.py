"""Guided enrolment: the camera photographs each face the table is asked to hold up, and
the catalogue it makes reads a rendered table as well as one enrolled from photos. A face
never shown is skipped and named; a camera that stops is reported.

The camera here films a person at the table: the empty view, then whatever face the last
request asked for, brought in with a few moving frames (a hand) before it is held still.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from firmware.appliance import screens
from firmware.referees.guided_enroll import Ask, CameraGone, GuidedEnrolment
from vision.catalogue import Catalogue
from vision.path_reader import PathReader
from vision.synth.art import PAWNS, ArtStyle, pawn_face, tile_face
from vision.synth.tiles import TableScene

FACES = ["scarab-green", "cat-blue", "horus-purple", "anubis-blue", "mask-blue", "mask-purple", "goldbag"]
LABELS = [*FACES, "pawn-red"]


class PersonAtTheCamera:
    """Frames of the view in front of the camera; ``hold(label)`` has a person bring that
    face in (None: take it away)."""

    name = "test"

    def __init__(self, style: ArtStyle, seed: int = 0) -> None:
        self.style = style
        self.rng = np.random.default_rng(seed)
        self.empty = np.full((360, 480, 3), (120, 135, 150), np.uint8)
        self.holding: str | None = None
        self.moving = 0
        self.error: str | None = None
        self.failing = False
        self.reads = 0

    def hold(self, label: str | None, moving: int = 3) -> None:
        self.holding, self.moving = label, moving

    def _face(self, label: str, turn: float) -> tuple[np.ndarray, np.ndarray]:
        """The face held up, a little turned, and where it covers the view."""
        art = pawn_face(label) if label in PAWNS else tile_face(label, self.style)
        art = cv2.resize(art, (200, 200), interpolation=cv2.INTER_AREA)
        m = cv2.getRotationMatrix2D((100, 100), turn, 1.0)
        m[:, 2] += (90, 40)
        size = (self.empty.shape[1], self.empty.shape[0])
        face = cv2.warpAffine(art, m, size)
        cover = cv2.warpAffine(np.full((200, 200), 255, np.uint8), m, size) > 127
        return face, cover

    def read(self) -> np.ndarray | None:
        self.reads += 1
        if self.failing:
            self.error = "the camera cable is loose"
            return None
        frame = self.empty.copy()
        if self.holding is not None:
            turn = float(self.rng.uniform(-25, 25)) if self.moving else 4.0  # a hand bringing it in
            self.moving = max(0, self.moving - 1)
            face, cover = self._face(self.holding, turn)
            frame[cover] = face[cover]
        noise = self.rng.normal(0, 2.0, frame.shape)
        return np.clip(frame + noise, 0, 255).astype(np.uint8)

    def close(self) -> None:
        pass


class Ticks:
    """A clock that moves 0.1 s per look, so a timeout is a number of frames."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.1
        return self.now


def guide(camera: PersonAtTheCamera, labels: list[str], refuse: set[str] = frozenset()) -> tuple:
    asks: list[Ask] = []

    def show(ask: Ask) -> None:
        asks.append(ask)
        camera.hold(None if ask.label in refuse else ask.label)

    enrolment = GuidedEnrolment(
        camera, "tutankhamen", labels, names=lambda label: label, timeout=3.0, clock=Ticks(), pause=0
    )
    return enrolment.run(show), asks


def test_every_face_held_up_is_enrolled_and_reads_a_table() -> None:
    style = ArtStyle(7)
    result, asks = guide(PersonAtTheCamera(style), LABELS)
    assert result.taken == LABELS and result.skipped == [] and result.problems == []
    assert asks[0].label is None and [a.label for a in asks[1:]] == LABELS  # the empty view first
    assert [a.number for a in asks[1:]] == list(range(1, len(LABELS) + 1))
    assert set(result.catalogue.labels) == set(FACES) and set(result.catalogue.pawns) == {"pawn-red"}
    path = [*FACES, *FACES[1:], "horus-purple"]  # never more of a face than the box holds
    shot = TableScene(path, seed=5, level="easy", style=style).render(pawns={"pawn-red": 3})
    reading = PathReader(result.catalogue).read(shot.image)
    assert reading.labels == path
    assert [(p["label"], p["index"]) for p in reading.pawns] == [("pawn-red", 3)]


def test_a_face_never_shown_is_skipped_and_named() -> None:
    result, _ = guide(PersonAtTheCamera(ArtStyle(0)), FACES[:4], refuse={"cat-blue"})
    assert result.skipped == ["cat-blue"]
    assert result.taken == ["scarab-green", "horus-purple", "anubis-blue"]
    assert "cat-blue" not in result.catalogue.labels


def test_the_same_face_held_on_is_not_taken_twice() -> None:
    """Asked for the next face while the last is still held up: nothing is taken."""
    camera = PersonAtTheCamera(ArtStyle(0))
    asks: list[Ask] = []

    def show(ask: Ask) -> None:
        asks.append(ask)
        if ask.label == "scarab-green" or ask.label is None:
            camera.hold(ask.label)  # then never lets go of the scarab

    enrolment = GuidedEnrolment(
        camera, "tutankhamen", ["scarab-green", "cat-blue"], names=str, timeout=3.0, clock=Ticks(), pause=0
    )
    result = enrolment.run(show)
    assert result.taken == ["scarab-green"] and result.skipped == ["cat-blue"]


def test_a_camera_that_stops_is_reported() -> None:
    camera = PersonAtTheCamera(ArtStyle(0))
    camera.failing = True
    with pytest.raises(CameraGone, match="cable is loose"):
        guide(camera, FACES[:2])


def test_the_oled_shows_the_request_and_the_progress(tmp_path: Path) -> None:
    image = screens.enrol("ENROL 2/8", "Hold the green scarab up to the camera, still", 1, 8)
    bar = np.array(image.convert("L"))[-5:-3]
    assert bar[:, 2:15].all() and not bar[:, 20:120].any()  # an eighth of the bar filled


def run_cli(*args: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "firmware.cli", "vision", "enroll", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "XDG_STATE_HOME": str(tmp_path / "state")},
    )


def test_the_command_enrols_from_the_configured_camera_and_keeps_the_rest(tmp_path: Path) -> None:
    """A recorded session (the folder camera): the empty view, the green scarab held up,
    then the blue cat; enrolled into an existing catalogue, whose other faces stay."""
    person = PersonAtTheCamera(ArtStyle(0))
    frames = tmp_path / "frames"
    frames.mkdir()
    script = [None] * 6 + ["scarab-green"] * 8 + [None] * 3 + ["cat-blue"] * 8
    for i, label in enumerate(script):
        person.hold(label, moving=0)
        cv2.imwrite(str(frames / f"{i:03}.png"), person.read())
    config = tmp_path / "scarab.toml"
    config.write_text(f'[camera]\ndriver = "folder"\nfolder = "{frames}"\n\n[oled]\ndriver = "dummy"\n')
    out = tmp_path / "box.json"
    old = Catalogue("tutankhamen", [("mask-blue", np.zeros((64, 64, 3), np.uint8))], ["mask-blue.png"])
    old.save(out)
    args = ["--game", "tutankhamen", "--guided", "--only", "scarab-green,cat-blue", "--out", str(out)]
    done = run_cli(*args, "--config", str(config), "--json", "--timeout", "5", tmp_path=tmp_path)
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["taken"] == ["scarab-green", "cat-blue"] and doc["skipped"] == []
    assert doc["labels"] == ["cat-blue", "mask-blue", "scarab-green"]  # the old face is kept
    # the contact sheet of what is stored lies beside the catalogue, for the page to show
    assert doc["sheet"] == str(tmp_path / "box-sheet.png") and doc["alike"] == []
    assert cv2.imread(doc["sheet"]) is not None
    assert "ENROL 1/2: Hold the green scarab up to the camera, still" in done.stderr
    assert "ENROL 2/2: Hold the blue mummified cat up to the camera, still" in done.stderr


def test_the_command_without_a_camera_is_refused(tmp_path: Path) -> None:
    config = tmp_path / "scarab.toml"
    config.write_text('[camera]\ndriver = "none"\n')
    done = run_cli("--game", "ankh", "--guided", "--config", str(config), "--json", tmp_path=tmp_path)
    assert done.returncode == 3
    error = json.loads(done.stdout)["error"]
    assert error["code"] == "no-camera" and "camera.driver" in error["message"]
    done = run_cli(
        "--game", "ankh", "--guided", "--only", "green-9", "--config", str(config), tmp_path=tmp_path
    )
    assert done.returncode == 3 and "no face of ankh: green-9" in done.stderr
