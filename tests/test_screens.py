"""Every OLED screen, rendered through luma.core's dummy device, against golden PNGs.

Run with SCARAB_UPDATE_GOLDENS=1 to rewrite the goldens after a deliberate change (then
look at them: tests/data/screens/*.png).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from luma.core.device import dummy
from PIL import Image, ImageChops

from engines.wording import LANGUAGES
from firmware.appliance import screens
from firmware.appliance.presenter import TITLES, WORDS, titles, word
from hardware.oled import Oled, open_oled

GOLDEN = Path(__file__).resolve().parent / "data" / "screens"
UPDATE = os.environ.get("SCARAB_UPDATE_GOLDENS") == "1"

SCREENS: dict[str, Callable[[], Image.Image]] = {
    "turn-en": lambda: screens.turn("Tutankhamen", "Ann: move forward and take a tile", "20 coins"),
    "turn-de-long": lambda: screens.turn(
        "Tutanchamun", "Cleo: Joker (Goldmaske) zur Wertung grün Horus-Statue legen oder passen", "Amigo"
    ),
    "scoring-two": lambda: screens.scoring("SCORING", "blue Anubis statue", [("Ann", 6), ("Ben", 3)]),
    "scoring-five": lambda: screens.scoring(
        "WERTUNG", "grün Totenmaske", [("Ann", 4), ("Ben", 4), ("Cleo", 4), ("Dirk", 4), ("Eva", 4)]
    ),
    "scoring-nobody": lambda: screens.scoring("WAARDERING", "paars scarabee", [], "niemand scoort"),
    "scoreboard-three": lambda: screens.scoreboard(
        "coins left", [("Ann", "12"), ("Ben", "20"), ("Cleo", "3")], ["Ben"]
    ),
    "scoreboard-six": lambda: screens.scoreboard(
        "coins left",
        [("Ann", "12"), ("Ben", "20"), ("Cleo", "3"), ("Dirk", "18"), ("Eva", "7"), ("Finn", "14")],
        ["Cleo"],
    ),
    "error": lambda: screens.error(
        "Illegal move", "Ben: the tile at index 3 was passed earlier; a tile once passed may not be taken"
    ),
    "join": lambda: screens.join("http://192.168.1.23:8080/", "493817"),
    "join-public": lambda: screens.join("http://192.168.1.23:8080/", None, word("pin_hidden", "en")),
    "turn-bann": lambda: screens.turn(titles("bann"), "Ann: play a card or pass", "0"),
    "breakdown-five": lambda: screens.breakdown(
        "SCORING", "Tanya", 2, [("gr1", 2, 2), ("ye3", 1, 3), ("bl5", 0, 0), ("re3", -1, -3), ("gr0", 2, 0)]
    ),
    "enrol": lambda: screens.enrol(
        "ENROL 3/18", "Hold the blue Anubis statue up to the camera, still", 2, 18
    ),
    "breakdown-nine": lambda: screens.breakdown(
        "WERTUNG", "Julia", 12, [(f"ge{v}", 1, v) for v in range(1, 10)]
    ),
}


def lit(image: Image.Image) -> Image.Image:
    """Pixels as plain black/white (luma keeps 1-bit pixels as 0/1, PNGs as 0/255)."""
    return image.convert("L").point(lambda v: 255 if v else 0)


def through_dummy(image: Image.Image) -> Image.Image:
    """What the display would show: the frame as luma's dummy device holds it."""
    device = dummy(width=128, height=64, mode="1")
    device.display(image)
    return lit(device.image)


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_screen_matches_its_golden_png(name: str) -> None:
    frame = through_dummy(SCREENS[name]())
    assert frame.size == (128, 64)
    golden = GOLDEN / f"{name}.png"
    if UPDATE:
        frame.convert("1").save(golden)
    assert golden.exists(), f"no golden for {name}: run with SCARAB_UPDATE_GOLDENS=1 and check the PNG"
    expected = lit(Image.open(golden))
    diff = ImageChops.difference(frame, expected).getbbox()
    assert diff is None, f"{name} differs from its golden PNG in the box {diff}"


def test_text_is_folded_to_what_the_font_can_draw() -> None:
    assert screens.latin1("Ann — 6 ★ “ok” … Łódź") == 'Ann - 6 * "ok" ... Lódz'
    assert screens.latin1("grün Straße") == "grün Straße"


def test_a_long_prompt_is_cut_with_an_ellipsis_not_overflowing() -> None:
    frame = screens.turn("Ankh", "word " * 60)
    bottom = frame.crop((0, 62, 128, 64))
    assert bottom.getbbox() is None, "text runs off the bottom of the screen"


def test_the_dummy_oled_keeps_every_frame_as_a_png(tmp_path: Path) -> None:
    oled = open_oled("dummy", frames_dir=str(tmp_path))
    oled.show(SCREENS["turn-en"]())
    oled.show(SCREENS["error"]())
    saved = sorted(tmp_path.glob("*.png"))
    assert [p.name for p in saved] == ["frame-00001.png", "frame-00002.png"]
    assert ImageChops.difference(lit(Image.open(saved[1])), lit(oled.last_frame)).getbbox() is None


def test_an_oled_that_fails_is_reported_and_the_game_goes_on() -> None:
    class BrokenBus:
        mode = "1"

        def display(self, image: Image.Image) -> None:
            raise OSError(121, "Remote I/O error")

    oled = Oled(BrokenBus(), "ssd1306")
    oled.show(SCREENS["turn-en"]())  # does not raise
    assert oled.error is not None and "Remote I/O error" in oled.error
    assert oled.last_frame.getbbox() is not None, "the page can still mirror the frame"


def test_a_real_oled_off_the_pi_is_reported_not_raised() -> None:
    oled = open_oled("ssd1306", port=97)  # no /dev/i2c-97 here
    assert oled.device is None and oled.error is not None and "not available" in oled.error
    oled.show(SCREENS["turn-en"]())


def dark_columns(frame: Image.Image) -> list[int]:
    """The columns of the title bar (lit) where text is drawn (dark pixels)."""
    bar = frame.crop((0, 0, screens.WIDTH, screens.LINE))
    return [x for x in range(screens.WIDTH) if any(not bar.getpixel((x, y)) for y in range(screens.LINE))]


STATUSES = ["", "0", "12", "123", "+12", "20 coins", "12345678"]


@pytest.mark.parametrize("game", sorted(TITLES))
@pytest.mark.parametrize("status", STATUSES)
def test_a_title_never_runs_into_the_status_at_its_right(game: str, status: str) -> None:
    """The title bar shows a whole name of the game, or one cut short with an ellipsis,
    and at least ten blank columns before the status."""
    names = [screens.latin1(name) for name in titles(game)]
    shown, cut = screens.fit_title(titles(game), status)
    assert shown in names or (cut and names[-1].startswith(shown))
    frame = screens.turn(titles(game), "Ann: play", status)
    left = [x for x in dark_columns(frame) if x < screens.WIDTH - 6 * len(status) - 1]
    right = screens.WIDTH - 6 * len(status) - 1
    if status:
        assert max(left) < right - 10, f"{shown!r} runs into {status!r}"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("key", sorted(WORDS))
def test_every_heading_in_every_language_keeps_clear_of_a_status(lang: str, key: str) -> None:
    heading = WORDS[key].get(lang, WORDS[key]["en"])
    frame = screens.breakdown(heading, "Ann", 123, [("gr1", 2, 2)])
    right = screens.WIDTH - 6 * len("+123") - 1
    assert max(x for x in dark_columns(frame) if x < right) < right - 10


def test_bann_is_titled_by_its_short_name_beside_a_status() -> None:
    assert screens.fit_title(titles("bann"), "0") == ("Bann der Pyramide", False)
    assert screens.fit_title(titles("bann"), "") == ("Im Bann der Pyramide", False)
    assert screens.fit_title(titles("bann"), "12345678") == ("Bann der P", True)
