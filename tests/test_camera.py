"""The camera twins: a folder of frames replayed in order; failures reported, not raised."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

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
