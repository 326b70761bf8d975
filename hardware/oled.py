"""The 128×64 OLED: luma.oled's ssd1306/sh1106 over I2C on the Pi, luma.core's dummy
device elsewhere. A display that fails is reported through ``error`` and the rest of
Scarab carries on; the last frame is kept so the web page can mirror it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PIL import Image

WIDTH, HEIGHT = 128, 64


class Oled:
    """One display behind one method: ``show(image)``."""

    def __init__(self, device: Any | None, name: str, frames_dir: str = "", error: str | None = None) -> None:
        self.device = device
        self.name = name
        self.error = error
        self.last_frame: Image.Image = Image.new("1", (WIDTH, HEIGHT))
        self.frames = 0
        self.frames_dir = Path(frames_dir) if frames_dir else None
        if self.frames_dir:
            self.frames_dir.mkdir(parents=True, exist_ok=True)

    def show(self, image: Image.Image) -> None:
        frame = image.convert("1")
        self.last_frame = frame
        self.frames += 1
        if self.device is None:
            return
        try:
            self.device.display(frame.convert(self.device.mode))
        except OSError as exc:  # I2C trouble: report it, keep the game going
            self.error = f"OLED {self.name}: {exc}"
            return
        self.error = None
        if self.frames_dir:
            frame.save(self.frames_dir / f"frame-{self.frames:05d}.png")


def open_oled(driver: str, port: int = 1, address: int = 0x3C, rotate: int = 0, frames_dir: str = "") -> Oled:
    """The display ``driver`` names (already resolved from ``auto``)."""
    if driver == "none":
        return Oled(None, "none")
    if driver == "dummy":
        from luma.core.device import dummy

        return Oled(dummy(width=WIDTH, height=HEIGHT, rotate=rotate, mode="1"), "dummy", frames_dir)
    try:
        from luma.core.interface.serial import i2c
        from luma.oled import device as oled_devices

        model = {"ssd1306": oled_devices.ssd1306, "sh1106": oled_devices.sh1106}[driver]
        return Oled(model(i2c(port=port, address=address), width=WIDTH, height=HEIGHT, rotate=rotate), driver)
    except Exception as exc:  # any failure to open means "no display", reported
        return Oled(None, driver, error=f"OLED {driver} at I2C {port}/0x{address:02X} not available: {exc}")
