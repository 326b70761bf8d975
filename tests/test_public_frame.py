"""The OLED's mirror on the page (``/api/oled.png``) is open to anyone: when the OLED
shows the join screen (QR code and table PIN), the page's copy must not carry the PIN —
neither as text drawn on it nor inside the QR code — while the OLED itself still shows it."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import cv2
import numpy as np
from fastapi.testclient import TestClient
from numpy.lib.stride_tricks import sliding_window_view
from PIL import Image, ImageDraw
from rich.console import Console

from firmware.appliance import screens
from firmware.appliance.config import Config
from firmware.appliance.run import Appliance
from firmware.appliance.store import Store
from firmware.referees.referee import Referee
from firmware.web.app import create_app

HEADER = {"game": "tutankhamen", "edition": "otb2004", "players": ["Ann", "Ben", "Cleo"], "seed": 11}
URL = "http://scarab.local:8080/"


def lit(image: Image.Image) -> np.ndarray:
    return np.asarray(image.convert("L")) > 0


def shows_text(frame: Image.Image, text: str) -> bool:
    """Whether ``text``, drawn in the OLED's font, appears anywhere on ``frame``, pixel
    for pixel (glyphs and the blank between them), light on dark or dark on light."""
    glyphs = Image.new("1", (6 * len(text), screens.LINE), 0)
    ImageDraw.Draw(glyphs).text((0, 0), text, font=screens.FONT, fill=1)
    mask, pixels = lit(glyphs), lit(frame)
    windows = sliding_window_view(pixels, mask.shape)
    return bool(((windows == mask).all(axis=(2, 3)) | (windows == ~mask).all(axis=(2, 3))).any())


def qr_text(frame: Image.Image) -> str:
    """The QR code at the left of the join screen, decoded (quiet zone added, enlarged)."""
    left = np.asarray(frame.convert("L"))[:, : screens.HEIGHT]
    padded = np.pad(left, 8, constant_values=255)
    big = cv2.resize(padded, None, fx=8, fy=8, interpolation=cv2.INTER_NEAREST)
    text, _, _ = cv2.QRCodeDetector().detectAndDecode(big)
    return str(text)


def appliance_on_the_join_screen(tmp_path: Path) -> Appliance:
    """The appliance once its page is up, the menu button pressed until the join screen."""

    async def build() -> Appliance:
        config = Config()
        config.oled.driver = "dummy"
        store = Store(tmp_path / "s.db")
        app = Appliance(config, store, Referee.start(store, HEADER), "en", Console(file=io.StringIO()), False)
        app.presenter.join = (URL, app.pin)  # as serving the page sets it
        while app.presenter.view != "join":
            app.presenter.next_view()  # what the menu button does
        app.show()
        app.close()
        return app

    return asyncio.run(build())


def test_the_page_mirror_of_the_join_screen_carries_no_pin(tmp_path: Path) -> None:
    app = appliance_on_the_join_screen(tmp_path)
    with TestClient(create_app(app.hub)) as client:
        answer = client.get("/api/oled.png")
    assert answer.status_code == 200
    public = Image.open(io.BytesIO(answer.content))
    oled = app.oled.last_frame
    assert shows_text(oled, app.pin), "the table's own OLED shows the PIN"
    assert not shows_text(public, app.pin), "the page's mirror shows the PIN"
    assert qr_text(oled) == URL and qr_text(public) == URL, "both still lead phones to the page"
    assert app.pin not in qr_text(public)
    assert shows_text(public, "PIN: see")  # and says where the PIN is


def test_the_page_mirror_is_the_oled_frame_on_every_other_screen(tmp_path: Path) -> None:
    app = appliance_on_the_join_screen(tmp_path)
    app.presenter.next_view()  # the menu button again: back to the turn screen
    app.show()
    public = Image.open(io.BytesIO(app.frame_png()))
    assert np.array_equal(lit(public), lit(app.oled.last_frame))
    assert shows_text(public, "Tutankhamen")
