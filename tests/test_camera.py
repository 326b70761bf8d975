"""The camera twins: a folder of frames replayed in order; failures reported, not raised."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from fake_picamera2 import fake_picamera2

from hardware.camera import open_camera


def write_frames(folder: Path, n: int) -> None:
    for i in range(n):
        frame = np.full((72, 128, 3), i * 40, dtype=np.uint8)
        cv2.imwrite(str(folder / f"frame-{i:03d}.png"), frame)


def test_folder_frames_come_back_in_name_order_then_stop(tmp_path: Path) -> None:
    write_frames(tmp_path, 3)
    camera = open_camera("folder", folder=str(tmp_path))
    values = [int(camera.read()[0, 0, 0]) for _ in range(3)]  # type: ignore[index]
    assert values == [0, 40, 80]
    assert camera.read() is None and camera.frames == 3
    assert camera.error is None


def test_an_unreadable_file_is_skipped_and_reported(tmp_path: Path) -> None:
    write_frames(tmp_path, 2)
    (tmp_path / "frame-000b.png").write_bytes(b"not an image")
    camera = open_camera("folder", folder=str(tmp_path))
    frames = [camera.read(), camera.read(), camera.read()]
    assert sum(f is not None for f in frames) == 2
    assert camera.error is not None and "frame-000b.png" in camera.error


def test_an_empty_or_missing_folder_is_reported(tmp_path: Path) -> None:
    assert "holds no images" in (open_camera("folder", folder=str(tmp_path)).error or "")
    missing = open_camera("folder", folder=str(tmp_path / "nope"))
    assert missing.read() is None and missing.error


def test_a_camera_that_is_not_there_is_reported_not_raised() -> None:
    camera = open_camera("opencv", device=42)
    assert camera.read() is None and camera.error
    pi = open_camera("picamera2")  # no picamera2 off the Pi
    assert pi.read() is None and pi.error is not None and "picamera2" in pi.error


# ------------------------------------------------------------------ the Pi camera


def coloured_scene() -> np.ndarray:
    """True RGB: a red left third, a green middle, a blue right third."""
    scene = np.zeros((120, 180, 3), np.uint8)
    scene[:, :60] = (200, 30, 30)
    scene[:, 60:120] = (30, 200, 30)
    scene[:, 120:] = (30, 30, 200)
    return scene


def test_the_pi_camera_hands_on_bgr_frames_as_opencv_expects() -> None:
    with fake_picamera2(coloured_scene()) as fake:
        camera = open_camera("picamera2", width=180, height=120)
        assert camera.error is None
        frame = camera.read()
    assert fake.instances[0].format == "RGB888"  # libcamera's name for [B, G, R] in memory
    assert frame is not None and frame.shape == (120, 180, 3) and frame.flags["C_CONTIGUOUS"]
    b, g, r = (int(v) for v in frame[60, 30])
    assert r > 150 and g < 60 and b < 60, "the red third must be red in BGR"
    b, g, r = (int(v) for v in frame[60, 150])
    assert b > 150 and r < 60 and g < 60, "the blue third must be blue in BGR"
    hsv = cv2.cvtColor(frame, cv2.COLOR_BGR2HSV)
    assert int(hsv[60, 30, 0]) in (0, 1, 179) and abs(int(hsv[60, 90, 0]) - 60) <= 2


def test_exposure_and_white_balance_settle_then_lock() -> None:
    with fake_picamera2(coloured_scene()) as fake:
        camera = open_camera("picamera2", width=180, height=120)
        pi = fake.instances[0]
        lock = pi.history[-1]
        assert pi.history[0] == {"AeEnable": True, "AwbEnable": True}
        assert lock["AeEnable"] is False and lock["AwbEnable"] is False
        assert lock["ExposureTime"] == pytest.approx(20_000, rel=0.03)  # where AE settled
        assert lock["ColourGains"] == pytest.approx((1.8, 1.5), rel=0.03)
        assert "AnalogueGain" in lock
        first = camera.read()
        fake.light = 3.0  # a lamp switched on: the locked camera does not follow by itself
        brighter = camera.read()
        assert first is not None and brighter is not None
        assert int(brighter[60, 30, 1]) >= 2 * int(first[60, 30, 1])  # an unclipped channel
        assert len(pi.history) == 2, "no control changes while the light is locked"


def test_relight_settles_again_on_the_next_frame_only() -> None:
    with fake_picamera2(coloured_scene()) as fake:
        camera = open_camera("picamera2", width=180, height=120)
        pi = fake.instances[0]
        first = camera.read()
        fake.light = 4.0
        camera.relight()
        assert len(pi.history) == 2, "relight only marks; the reading thread settles"
        again = camera.read()
        assert len(pi.history) == 4 and pi.history[-1]["ExposureTime"] == pytest.approx(5_000, rel=0.03)
        assert first is not None and again is not None
        assert abs(float(again.mean()) - float(first.mean())) < 0.1 * float(first.mean())
        camera.close()
        assert pi.closed


def test_the_referee_asks_a_locked_camera_to_settle_again_when_the_light_changes(tmp_path: Path) -> None:
    from fake_table import Clock, FakeApp

    from engines import game_class
    from firmware.appliance.config import Config
    from firmware.appliance.store import Store
    from firmware.referees.camera_referee import CameraReferee
    from firmware.referees.referee import Referee
    from vision.tracking import Waiting

    header = game_class("tutankhamen").simulation_header(["Ann", "Ben"], 0, "otb2004")
    with fake_picamera2(coloured_scene()) as fake:
        camera = open_camera("picamera2", width=180, height=120)
        app = FakeApp(Referee.start(Store(tmp_path / "g.db"), header), camera)
        clock = Clock()
        follower = CameraReferee(app, Config(), clock=clock)
        pi = fake.instances[0]
        follower.wait(Waiting("moving", "the table is moving"))
        camera.read()
        assert len(pi.history) == 2, "a hand over the table is no reason to settle again"
        follower.wait(Waiting("too-dark", "the frame is almost black"))
        follower.wait(Waiting("too-dark", "the frame is almost black"))
        camera.read()
        assert len(pi.history) == 4, "settled once more, once"
        clock.now += 11
        follower.wait(Waiting("overexposed", "most of the frame is blown out"))
        camera.read()
        assert len(pi.history) == 6


def test_guided_enrolment_takes_its_photos_with_the_light_settled_on_the_table_and_locked() -> None:
    from firmware.referees.guided_enroll import GuidedEnrolment
    from vision.errors import VisionError

    with fake_picamera2(coloured_scene()) as fake:
        camera = open_camera("picamera2", width=180, height=120)
        guide = GuidedEnrolment(camera, "tutankhamen", ["scarab-green"], str, timeout=0.3, pause=0)
        with pytest.raises(VisionError):  # nothing is ever held up: no face to enrol
            guide.run(lambda ask: None)
        history = fake.instances[0].history
    assert len(history) == 4, "settled at opening and once more on the empty table"
    assert history[2] == {"AeEnable": True, "AwbEnable": True} and history[3]["AeEnable"] is False
