"""The terminal's mirror of the table: the OLED in block characters beside the scores,
the recent log lines and the table's PIN, laid out for the terminal's size right now.

The layout is a pure function of a snapshot (``View``) and a width × height, so it can be
tested at any size; ``Mirror`` lays the snapshot out again at every refresh, so the
mirror follows the terminal when it is resized. Every line is cropped to the width and
the whole is never taller than the height: a long log line never wraps into the OLED.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from PIL import Image
from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

OLED_STYLE = "bright_cyan"
SIDE_MIN = 12  # columns the scores need beside the OLED
LOGS_BESIDE = 40  # a side column at least this wide holds the log lines too
LOGS_MAX = 8
NOTICE_ROWS = 3


def halfblocks(image: Image.Image) -> list[str]:
    """A 1-bit frame as text, two pixel rows per character row."""
    return _blocks(np.asarray(image.convert("1"), dtype=bool))


def halved(image: Image.Image) -> list[str]:
    """The frame at half size (64 columns × 16 rows for the OLED): each 2×2 block of
    pixels is lit when at least two of its four are, so thin strokes and dark text on
    a lit bar keep their weight; drawn with the same half blocks as the full mirror."""
    lit = np.asarray(image.convert("1"), dtype=np.uint8)
    height, width = lit.shape
    blocks = lit[: height // 2 * 2, : width // 2 * 2].reshape(height // 2, 2, width // 2, 2)
    return _blocks(blocks.sum(axis=(1, 3)) >= 2)


def _blocks(lit: np.ndarray) -> list[str]:
    if lit.shape[0] % 2:
        lit = np.vstack([lit, np.zeros((1, lit.shape[1]), dtype=bool)])
    chars = np.array([" ", "▄", "▀", "█"])
    codes = lit[0::2].astype(np.uint8) * 2 + lit[1::2].astype(np.uint8)
    return ["".join(row) for row in chars[codes]]


@dataclass(frozen=True)
class View:
    """What the mirror shows, taken on the referee's thread; the refresh thread only
    reads it."""

    full: tuple[str, ...]  # the OLED, full size (``halfblocks``)
    half: tuple[str, ...]  # the OLED, half size (``halved``)
    caption: str  # what the OLED says, in one line, when it is too small to read
    columns: tuple[str, ...]  # the scoreboard's value columns, e.g. ("points", "coins left")
    rows: tuple[tuple[str, ...], ...]  # (name, value per column); names marked "» " to act
    recent: tuple[str, ...]  # the latest log lines, oldest first
    footer: str  # the table PIN and the page's address
    notice: str = ""  # e.g. game over and when the next demo game starts
    heading: str = "Scores"  # the scoreboard's title in the table's language ("Spielstand")

    @classmethod
    def of(
        cls,
        frame: Image.Image,
        caption: str,
        columns: Sequence[str],
        rows: Sequence[Sequence[str]],
        recent: Sequence[str],
        footer: str,
        notice: str = "",
        heading: str = "Scores",
    ) -> View:
        return cls(
            tuple(halfblocks(frame)),
            tuple(halved(frame)),
            caption,
            tuple(columns),
            tuple(tuple(row) for row in rows),
            tuple(recent[-LOGS_MAX:]),
            footer,
            notice,
            heading,
        )


class Mirror:
    """A rich renderable that lays its view out for the console's size at each render."""

    def __init__(self, view: View) -> None:
        self.view = view

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield layout(self.view, options.max_width, options.max_height)


def layout(view: View, width: int, height: int) -> Text:
    """The mirror for a terminal of ``width`` × ``height``: the OLED at full size when it
    fits with the scores, else at half size with a caption of what it says, else only the
    caption; the scores beside it or below, then as many log lines as there is room for,
    the notice and the PIN. Every line is at most ``width`` cells; at most ``height`` lines."""
    width, height = max(1, width), max(1, height)
    bottom = [*_wrap(view.notice, width)[:NOTICE_ROWS], Text(view.footer, style="bold")]
    caption = Text(view.caption, style=OLED_STYLE)
    for oled, captioned in ((view.full, False), (view.half, True)):
        panel = _panel(oled)
        under = [caption] if captioned else []
        side = width - panel[0].cell_len - 1
        board = scoreboard(view, side)
        if side >= SIDE_MIN and len(panel) + len(under) + len(bottom) <= height and len(board) <= len(panel):
            return _beside(panel, board, view.recent, side, under, bottom, width, height)
        board = scoreboard(view, width)
        if panel[0].cell_len <= width and len(panel) + len(under) + len(board) + len(bottom) <= height:
            return _stack([*panel, *under, *board], view.recent, bottom, width, height)
    return _stack([caption, *scoreboard(view, width)], view.recent, bottom, width, height)


def scoreboard(view: View, width: int) -> list[Text]:
    """The scores as lines: a title, the column heads, one row per player; where the
    heads do not fit over the values, the values close together under the heads as a
    legend."""
    names = max([len(row[0]) for row in view.rows] + [1])
    values = [
        max([len(row[i + 1]) for row in view.rows if len(row) > i + 1] + [1])
        for i in range(len(view.columns))
    ]
    widths = [max(len(head), w) for head, w in zip(view.columns, values, strict=True)]
    spread = names + sum(w + 2 for w in widths) <= width
    if spread:
        heads = [" " * names + "".join(f"  {h:>{w}}" for h, w in zip(view.columns, widths, strict=True))]
    else:
        widths, heads = values, textwrap.wrap(" / ".join(view.columns), max(1, width))[:2]
    gap = 2 if spread else 1
    lines = [Text(view.heading, style="bold"), *(Text(head, style="dim") for head in heads)]
    for row in view.rows:
        cells = "".join(" " * gap + f"{v:>{w}}" for v, w in zip(row[1:], widths, strict=False))
        lines.append(Text(f"{row[0]:<{names}}{cells}"))
    return lines


def _panel(rows: Sequence[str]) -> list[Text]:
    """The OLED framed, its name in the top border: two columns wider than the OLED."""
    inner = len(rows[0]) if rows else 0
    label = " OLED "
    left = (inner - len(label)) // 2
    top = "╭" + "─" * left + label + "─" * (inner - left - len(label)) + "╮"
    lines = [Text(top)]
    lines += [Text.assemble("│", (row, OLED_STYLE), "│") for row in rows]
    lines.append(Text("╰" + "─" * inner + "╯"))
    return lines


def _beside(
    panel: list[Text],
    board: list[Text],
    recent: Sequence[str],
    side: int,
    under: list[Text],
    bottom: list[Text],
    width: int,
    height: int,
) -> Text:
    """The OLED with the scores at its right; the log lines under the scores when that
    column is wide enough, else under the OLED (and its caption)."""
    column = list(board)
    logs_beside = side >= LOGS_BESIDE
    if logs_beside:
        room = len(panel) - len(board) - 1
        column += [Text(""), *_logs(recent, room)] if room > 0 else []
    gap = Text(" ")
    lines = []
    for i, left in enumerate(panel):
        right = _crop(column[i], side) if i < len(column) else Text("")
        lines.append(Text.assemble(left, gap, right))
    lines += under
    if not logs_beside:
        lines += _logs(recent, height - len(lines) - len(bottom))
    return _finish(lines + bottom, width, height)


def _stack(top: list[Text], recent: Sequence[str], below: list[Text], width: int, height: int) -> Text:
    logs = _logs(recent, height - len(top) - len(below))
    return _finish(top + logs + below, width, height)


def _logs(recent: Sequence[str], room: int) -> list[Text]:
    """The latest log lines that fit in ``room`` rows, dim."""
    if room <= 0:
        return []
    return [Text(line.replace("\n", " "), style="dim") for line in list(recent)[-room:]]


def _wrap(text: str, width: int) -> list[Text]:
    return [Text(line, style="bold yellow") for line in textwrap.wrap(text, width)] if text else []


def _crop(line: Text, width: int) -> Text:
    line = line.copy()
    line.truncate(width, overflow="ellipsis")
    return line


def _finish(lines: list[Text], width: int, height: int) -> Text:
    """The lines, each cropped to ``width`` with an ellipsis, at most ``height`` of them."""
    out = Text(no_wrap=True, overflow="ellipsis", end="")
    for i, line in enumerate(lines[:height]):
        if i:
            out.append("\n")
        out.append_text(_crop(line, width))
    return out
