"""The terminal's mirror (`./dev run`): laid out for any terminal — the OLED at full size,
half size or not at all, the scores always, log lines cropped and never wrapped into the
OLED, and never taller than the terminal."""

from __future__ import annotations

import io

import pytest
from rich.cells import cell_len
from rich.console import Console

from firmware.appliance import screens
from firmware.appliance.mirror import Mirror, View, halfblocks, halved, layout
from firmware.appliance.presenter import titles

LONG = "Ann plays " + "the Ankh card of Osiris, " * 12 + "and the row scores"
RECENT = ["Ben takes blue Anubis statue (index 12)", LONG, "SCORING blue Anubis statue: Ann +6"]
ROWS = [["» Ann", "12", "4"], ["  Ben", "3", "18"], ["  Cleo", "0", "20"], ["  Dirk", "7", "9"]]
NOTICE = "Game over — Ann won. The page stays up at http://scarab.local:8080/; next demo game in 20 s"


def view(notice: str = "") -> View:
    frame = screens.turn(titles("bann"), "Ann: play a card or pass", "12")
    caption = "Im Bann der Pyramide (12) · Ann: play a card or pass"
    footer = "table PIN 123456 · the page: http://scarab.local:8080/"
    return View.of(frame, caption, ["points", "coins left"], ROWS, RECENT, footer, notice)


def render(width: int, height: int, notice: str = "") -> list[str]:
    console = Console(width=width, height=height, record=True, file=io.StringIO())
    console.print(Mirror(view(notice)))
    return console.export_text().rstrip("\n").split("\n")


SIZES = [(80, 24), (100, 30), (120, 40), (200, 50), (60, 20), (30, 8)]


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("notice", ["", NOTICE])
def test_the_mirror_fits_the_terminal(width: int, height: int, notice: str) -> None:
    lines = render(width, height, notice)
    assert len(lines) <= height
    too_wide = [line for line in lines if cell_len(line) > width]
    assert not too_wide
    assert "Scores" in "\n".join(lines)


@pytest.mark.parametrize(
    ("width", "height", "oled"), [(80, 24, 64), (100, 30, 64), (200, 50, 128), (60, 20, 0)]
)
def test_the_oled_is_mirrored_as_large_as_fits_with_the_scores(width: int, height: int, oled: int) -> None:
    lines = render(width, height)
    text = "\n".join(lines)
    framed = [line for line in lines if line.startswith("│")]
    if oled:
        assert lines[0].startswith("╭") and " OLED " in lines[0]
        assert len(framed) == oled // 4 and all(line[oled + 1] == "│" for line in framed), (
            "the frame is broken"
        )
        expected = halfblocks if oled == 128 else halved
        frame = screens.turn(titles("bann"), "Ann: play a card or pass", "12")
        assert [line[1 : oled + 1] for line in framed] == expected(frame)
    else:
        assert not framed and "OLED" not in text
    if oled != 128:  # too small to read: what the OLED says, in words
        assert "Im Bann der Pyramide (12) · Ann: play a card or pass" in text
    assert "Scores" in text and all(row[0].strip("» ") in text for row in ROWS)
    assert "table PIN 123456" in text


@pytest.mark.parametrize(("width", "height"), [(80, 24), (100, 30), (200, 50), (60, 20)])
def test_a_long_log_line_is_cropped_never_wrapped(width: int, height: int) -> None:
    lines = render(width, height)
    long = [line for line in lines if "Ann plays the Ankh card" in line]
    assert len(long) == 1 and long[0].rstrip().endswith("…")
    assert not any(line.lstrip().startswith("Osiris") or "and the row scores" in line for line in lines)


def test_the_notice_stays_whole_under_the_mirror_at_80_columns() -> None:
    text = " ".join(line.strip() for line in render(80, 24, NOTICE))
    assert NOTICE in text


def test_the_layout_follows_the_terminal_when_it_is_resized() -> None:
    """One renderable, laid out at each render for the size then (rich Live's refresh)."""
    mirror = Mirror(view())
    sizes = {}
    for width, height in ((200, 50), (80, 24), (60, 20)):
        console = Console(width=width, height=height, record=True, file=io.StringIO())
        console.print(mirror)
        lines = console.export_text().splitlines()
        sizes[width] = sum(line.startswith("│") for line in lines), max(len(line) for line in lines)
    assert sizes == {200: (32, 200), 80: (16, 80), 60: (0, 60)}


def test_layout_is_a_pure_function_of_the_view_and_the_size() -> None:
    assert layout(view(), 80, 24).plain == layout(view(), 80, 24).plain
    assert len(layout(view(), 80, 24).plain.split("\n")) <= 24
