"""A stand-in ``picamera2`` module for tests off the Pi, injected through ``sys.modules``.

It honours what the real one does where Scarab depends on it: libcamera's format names
describe a little-endian pixel word, so ``RGB888`` arrays come out ordered [B, G, R] and
``BGR888`` ones [R, G, B] (the X formats add a fourth byte); automatic exposure and white
balance converge over a few frames, reported in the metadata (``AeState`` 1 searching, 2
converged); ``AeEnable``/``AwbEnable`` off holds ``ExposureTime``, ``AnalogueGain`` and
``ColourGains`` at what ``set_controls`` gave. The scene is a true-RGB image; its brightness
follows exposure × gain × the scene's ``light``.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, ClassVar

import numpy as np

ORDER = {"RGB888": (2, 1, 0), "BGR888": (0, 1, 2), "XRGB8888": (2, 1, 0, 3), "XBGR8888": (0, 1, 2, 3)}
TARGET_EXPOSURE = 20_000.0  # µs × gain that makes the scene's own levels, with light 1
TARGET_GAINS = (1.8, 1.5)  # the colour gains auto white balance finds


class FakePicamera2:
    instances: ClassVar[list[FakePicamera2]] = []
    scene_rgb: np.ndarray = np.zeros((8, 8, 3), np.uint8)
    light = 1.0  # the table's light: 2.0 twice as bright

    def __init__(self, camera_num: int = 0) -> None:
        self.format = ""
        self.size = (0, 0)
        self.started = self.closed = False
        self.controls: dict[str, Any] = {"AeEnable": True, "AwbEnable": True}
        self.exposure = 5_000.0
        self.gain = 1.0
        self.gains = (1.0, 1.0)
        self.history: list[dict[str, Any]] = []  # every set_controls call
        self.frames = 0
        FakePicamera2.instances.append(self)

    def create_still_configuration(self, main: dict[str, Any] | None = None, **_: Any) -> dict[str, Any]:
        return {"main": {"format": "BGR888", "size": (640, 480), **(main or {})}}

    def configure(self, config: dict[str, Any]) -> None:
        self.format = config["main"]["format"]
        self.size = tuple(config["main"]["size"])
        if self.format not in ORDER:
            raise RuntimeError(f"unknown format {self.format}")

    def start(self) -> None:
        self.started = True

    def set_controls(self, controls: dict[str, Any]) -> None:
        self.history.append(dict(controls))
        self.controls.update(controls)
        if not self.controls.get("AeEnable", True):
            self.exposure = float(self.controls.get("ExposureTime", self.exposure))
            self.gain = float(self.controls.get("AnalogueGain", self.gain))
        if not self.controls.get("AwbEnable", True):
            self.gains = tuple(self.controls.get("ColourGains", self.gains))  # type: ignore[assignment]

    def _step(self) -> None:
        """One frame: the running algorithms move halfway to where the light wants them."""
        self.frames += 1
        if self.controls.get("AeEnable", True):
            want = TARGET_EXPOSURE / self.light
            self.exposure += (want - self.exposure) * 0.5
            self.gain = 1.0
        if self.controls.get("AwbEnable", True):
            self.gains = tuple(g + (t - g) * 0.5 for g, t in zip(self.gains, TARGET_GAINS, strict=True))  # type: ignore[assignment]

    def capture_metadata(self) -> dict[str, Any]:
        self._step()
        want = TARGET_EXPOSURE / self.light
        converged = abs(self.exposure - want) <= 0.01 * want
        metadata = {"ExposureTime": int(self.exposure), "AnalogueGain": self.gain, "ColourGains": self.gains}
        if self.controls.get("AeEnable", True):
            metadata["AeState"] = 2 if converged else 1
        return metadata

    def capture_array(self, name: str = "main") -> np.ndarray:
        self._step()
        level = self.exposure * self.gain * self.light / TARGET_EXPOSURE
        rgb = np.clip(self.scene_rgb.astype(np.float32) * level, 0, 255).astype(np.uint8)
        if ORDER[self.format][-1] == 3:
            rgb = np.dstack([rgb, np.full(rgb.shape[:2], 255, np.uint8)])
        return np.ascontiguousarray(rgb[:, :, list(ORDER[self.format])])

    def close(self) -> None:
        self.closed = True


@contextmanager
def fake_picamera2(scene_rgb: np.ndarray, light: float = 1.0) -> Iterator[type[FakePicamera2]]:
    """``import picamera2`` gives the fake while inside; the camera shows ``scene_rgb``."""
    module = types.ModuleType("picamera2")
    module.Picamera2 = FakePicamera2  # type: ignore[attr-defined]
    FakePicamera2.instances = []
    FakePicamera2.scene_rgb = scene_rgb
    FakePicamera2.light = light
    saved = sys.modules.get("picamera2")
    sys.modules["picamera2"] = module
    try:
        yield FakePicamera2
    finally:
        if saved is None:
            sys.modules.pop("picamera2", None)
        else:
            sys.modules["picamera2"] = saved
