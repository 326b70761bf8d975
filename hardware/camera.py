"""The camera above the table: frames in, nothing else.

Drivers: ``picamera2`` (the Pi camera; from Raspberry Pi OS's python3-picamera2 in a venv
with system site packages, imported only here), ``opencv`` (any V4L2/USB camera through
``cv2.VideoCapture``), ``folder`` (image files replayed in name order — the twin used by
tests, the demo and benchmarks) and ``none``. Every frame is an 8-bit BGR NumPy array,
as OpenCV expects (picamera2 is asked for ``RGB888``, which is BGR in memory), taken with
the Pi camera's exposure and white balance locked once settled. A camera that fails
reports it in ``error`` and returns no frame; the referee then asks people instead of
guessing.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import numpy as np

log = logging.getLogger("scarab.camera")
IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".bmp"}


class Camera:
    """``read()`` returns the next frame, or None (no frame now; see ``error``)."""

    name = "none"

    def __init__(self) -> None:
        self.error: str | None = None
        self.frames = 0

    def read(self) -> np.ndarray | None:
        return None

    def relight(self) -> None:
        """The light on the table changed; a camera that holds its exposure settles again."""
        return None

    def close(self) -> None:
        return None


class FolderCamera(Camera):
    """Frames replayed from a folder in name order; ``loop`` starts over at the end."""

    name = "folder"

    def __init__(self, folder: str | Path, loop: bool = False) -> None:
        super().__init__()
        self.loop = loop
        path = Path(folder)
        self.files = (
            sorted(p for p in path.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES) if path.is_dir() else []
        )
        if not self.files:
            self.error = f"camera folder {folder} holds no images"
        self.index = 0

    def read(self) -> np.ndarray | None:
        import cv2

        while self.index < len(self.files) or (self.loop and self.files):
            if self.index >= len(self.files):
                self.index = 0
            file = self.files[self.index]
            self.index += 1
            frame = cv2.imread(str(file), cv2.IMREAD_COLOR)
            if frame is None:
                self.error = f"camera folder: {file.name} is not a readable image; skipped"
                continue
            self.frames += 1
            return frame
        return None


class OpenCvCamera(Camera):
    name = "opencv"

    def __init__(self, device: int, width: int, height: int) -> None:
        super().__init__()
        import cv2

        self.capture: Any = cv2.VideoCapture(device)
        if not self.capture.isOpened():
            self.error = f"camera {device} could not be opened"
            return
        self.capture.set(cv2.CAP_PROP_FRAME_WIDTH, width)
        self.capture.set(cv2.CAP_PROP_FRAME_HEIGHT, height)

    def read(self) -> np.ndarray | None:
        ok, frame = self.capture.read()
        if not ok:
            self.error = "the camera sent no frame"
            return None
        self.error = None
        self.frames += 1
        return frame

    def close(self) -> None:
        self.capture.release()


class PiCamera(Camera):
    """The Pi camera through picamera2, with exposure and white balance held still.

    picamera2 takes libcamera's (DRM's) format names, which describe a little-endian pixel
    word: ``RGB888`` arrives as arrays ordered [B, G, R] — what OpenCV and the readers
    expect — and ``BGR888`` as [R, G, B]. Automatic exposure and white balance would drift
    with every hand and sleeve over the table and tint the same tile differently from one
    frame to the next, so they run only until they settle and are then locked at what they
    found; ``relight()`` (the reader saw the light change) lets them settle once more.
    """

    name = "picamera2"
    FORMAT = "RGB888"  # [B, G, R] in memory: OpenCV's order
    AE_CONVERGED = 2  # libcamera's AeState: Idle 0, Searching 1, Converged 2
    SETTLE_FRAMES = 60  # at most ~2 s at 30 fps before locking whatever AE/AWB reached
    STEADY_FRAMES = 3  # settled: this many frames in a row with the same exposure and gains
    STEADY_SHARE = 0.03  # "the same": within 3 %

    def __init__(self, width: int, height: int) -> None:
        super().__init__()
        from picamera2 import Picamera2  # only on a Pi

        self.camera: Any = Picamera2()
        config = self.camera.create_still_configuration(main={"size": (width, height), "format": self.FORMAT})
        self.camera.configure(config)
        self.camera.start()
        self.locked: dict[str, Any] = {}  # the controls the camera is held at
        self.settles = 0  # how often AE/AWB were let settle (1 at start)
        self._relight = False
        self.settle()

    def settle(self) -> dict[str, Any]:
        """Let automatic exposure and white balance settle on the table as it is, then lock
        them there: the controls set (``ExposureTime``, ``AnalogueGain``, ``ColourGains``)."""
        self.camera.set_controls({"AeEnable": True, "AwbEnable": True})
        steady, previous, metadata = 0, None, {}
        for _ in range(self.SETTLE_FRAMES):
            metadata = self.camera.capture_metadata()
            now = _exposure(metadata)
            converged = metadata.get(
                "AeLocked", metadata.get("AeState", self.AE_CONVERGED) == self.AE_CONVERGED
            )
            if converged and previous is not None and _close(now, previous, self.STEADY_SHARE):
                steady += 1
                if steady >= self.STEADY_FRAMES:
                    break
            else:
                steady = 0
            previous = now
        lock: dict[str, Any] = {"AeEnable": False, "AwbEnable": False}
        for key in ("ExposureTime", "AnalogueGain", "ColourGains"):
            if key in metadata:
                lock[key] = metadata[key]
        self.camera.set_controls(lock)
        self.locked = lock
        self.settles += 1
        log.info("exposure and white balance settled and locked: %s", lock)
        return lock

    def relight(self) -> None:
        """The light on the table changed (the reader says frames are too dark or blown out):
        settle again before the next frame. Only marked here; ``read`` does it, in the thread
        that reads frames, so the caller never waits for the camera."""
        self._relight = True

    def read(self) -> np.ndarray | None:
        try:
            if self._relight:
                self._relight = False
                self.settle()
            frame = self.camera.capture_array("main")
        except Exception as exc:  # the camera stack raises many kinds; report and carry on
            self.error = f"the Pi camera sent no frame: {exc}"
            log.warning("%s", self.error)
            return None
        self.error = None
        self.frames += 1
        return np.ascontiguousarray(frame[:, :, :3])

    def close(self) -> None:
        self.camera.close()


def _exposure(metadata: dict[str, Any]) -> tuple[float, ...]:
    """Exposure time, analogue gain and the two colour gains, as one comparable tuple."""
    gains = metadata.get("ColourGains") or (0.0, 0.0)
    return (
        float(metadata.get("ExposureTime", 0)),
        float(metadata.get("AnalogueGain", 0.0)),
        float(gains[0]),
        float(gains[1]),
    )


def _close(a: tuple[float, ...], b: tuple[float, ...], share: float) -> bool:
    return all(abs(x - y) <= share * max(abs(x), abs(y), 1e-9) for x, y in zip(a, b, strict=True))


def limit_opencv_threads(threads: int) -> None:
    """Let OpenCV use at most ``threads`` threads for the whole process. By default it uses
    every core, which reads a frame hardly faster (bench/appliance.py) while taking the
    cores the page, the store and the buttons' loop need."""
    import cv2

    cv2.setNumThreads(max(1, threads))


def open_camera(
    driver: str, device: int = 0, folder: str = "", width: int = 1280, height: int = 720
) -> Camera:
    """The camera ``driver`` names (already resolved from ``auto``); a camera that cannot
    be opened comes back as a Camera with ``error`` set."""
    try:
        if driver == "folder":
            return FolderCamera(folder)
        if driver == "opencv":
            return OpenCvCamera(device, width, height)
        if driver == "picamera2":
            return PiCamera(width, height)
    except Exception as exc:  # missing library, busy device: report, run without a camera
        camera = Camera()
        camera.error = f"camera ({driver}) not available: {exc}"
        log.error("%s", camera.error)
        return camera
    return Camera()
