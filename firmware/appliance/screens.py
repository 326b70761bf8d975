"""The OLED's screens: plain values in, a 128×64 1-bit image out.

Pure drawing, no device and no game logic, so every screen can be tested against a
golden PNG and the web page can show the very same frame. The font is Pillow's
built-in bitmap font (6×11 px: 21 columns, 5 rows), which draws identically
everywhere; text is folded to Latin-1, the font's alphabet.
"""

from __future__ import annotations

import textwrap
import unicodedata
from collections.abc import Sequence

import qrcode
from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 128, 64
LINE = 11  # px per text row
COLUMNS = WIDTH // 6
FONT = ImageFont.load_default_imagefont()
_FOLD = {
    "—": "-",
    "–": "-",
    "−": "-",
    "’": "'",
    "‘": "'",
    "“": '"',
    "”": '"',
    "…": "...",
    "★": "*",
    "×": "x",
    "»": ">",
    "Ł": "L",
    "ł": "l",
    "Œ": "OE",
    "œ": "oe",
}


def latin1(text: str) -> str:
    """Text the bitmap font can draw: typographic marks folded, other letters
    stripped of accents where Latin-1 lacks them, the rest replaced by '?'."""
    out = []
    for ch in text:
        ch = _FOLD.get(ch, ch)
        if len(ch) == 1 and ord(ch) > 255:
            base = unicodedata.normalize("NFKD", ch).encode("latin-1", "ignore").decode("latin-1")
            ch = base or "?"
        out.append(ch)
    return "".join(out)


def _canvas() -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("1", (WIDTH, HEIGHT), 0)
    return image, ImageDraw.Draw(image)


def _title(draw: ImageDraw.ImageDraw, text: str | Sequence[str], right: str = "") -> None:
    """An inverted bar across the top: the screen's subject, and a note at the right.
    ``text`` may be a list of names, longest first: the first that fits is drawn."""
    draw.rectangle((0, 0, WIDTH - 1, LINE), fill=1)
    right = latin1(right)[:8]
    left, cut = fit_title(text, right)
    draw.text((1, 0), left, font=FONT, fill=0)
    if cut:
        _ellipsis(draw, 1 + 6 * len(left), 0, fill=0)
    if right:
        draw.text((WIDTH - 6 * len(right) - 1, 0), right, font=FONT, fill=0)


def fit_title(text: str | Sequence[str], right: str = "") -> tuple[str, bool]:
    """The title as drawn beside ``right`` (two blank columns apart, so the two never
    read as one): the first name that fits whole, else the last one cut short (True:
    a one-column ellipsis follows it)."""
    names = [latin1(text)] if isinstance(text, str) else [latin1(t) for t in text] or [""]
    room = COLUMNS - (len(latin1(right)[:8]) + 2 if right else 0)
    for name in names:
        if len(name) <= room:
            return name, False
    return names[-1][: room - 1].rstrip(), True


def _ellipsis(draw: ImageDraw.ImageDraw, x: int, y: int, fill: int) -> None:
    """'…' in one 6-pixel column, on the font's baseline (Latin-1 has no such glyph)."""
    for dx in (0, 2, 4):
        draw.point((x + dx, y + 8), fill=fill)


def _wrapped(draw: ImageDraw.ImageDraw, text: str, top: int, rows: int) -> None:
    lines = textwrap.wrap(latin1(text), COLUMNS, break_long_words=True) or [""]
    if len(lines) > rows:
        lines = lines[:rows]
        lines[-1] = lines[-1][: COLUMNS - 3].rstrip() + "..."
    for i, line in enumerate(lines):
        draw.text((0, top + i * LINE), line, font=FONT, fill=1)


def turn(game: str | Sequence[str], prompt: str, status: str = "") -> Image.Image:
    """Whose turn and what they are asked: the screen shown most of the time. ``game``:
    the game's name, or its names longest first (the title bar shows the first that fits)."""
    image, draw = _canvas()
    _title(draw, game, status)
    _wrapped(draw, prompt, LINE + 2, 4)
    return image


def scoring(
    heading: str, subject: str, awards: Sequence[tuple[str, int]], nobody: str = "nobody scores"
) -> Image.Image:
    """One scoring: what was scored (``subject``) and who got what; two columns when
    more than three players score."""
    image, draw = _canvas()
    _title(draw, heading)
    _wrapped(draw, subject, LINE + 2, 1)
    if not awards:
        _wrapped(draw, nobody, 2 * LINE + 4, 1)
        return image
    two_columns = len(awards) > 3
    width = COLUMNS // 2 if two_columns else COLUMNS
    for i, (name, points) in enumerate(awards[:6]):
        column, row = (i // 3, i % 3) if two_columns else (0, i)
        x, y = column * (WIDTH // 2), 2 * LINE + 4 + row * (LINE - 1)
        value = f"{points:+d}"
        draw.text((x, y), latin1(name)[: width - len(value) - 1], font=FONT, fill=1)
        draw.text((x + 6 * (width - len(value)) - (2 if two_columns else 0), y), value, font=FONT, fill=1)
    return image


def breakdown(heading: str, player: str, total: int, cards: Sequence[tuple[str, int, int]]) -> Image.Image:
    """One row's points at a scoring, card by card: ``cards`` are (short name, factor,
    points), e.g. ("G3", 2, 6); two columns of up to 4, the rest summed up as "+n more"."""
    image, draw = _canvas()
    _title(draw, heading, f"{total:+d}")
    draw.text((0, LINE + 1), latin1(player)[:COLUMNS], font=FONT, fill=1)
    width = COLUMNS // 2
    shown = cards if len(cards) <= 8 else cards[:7]
    for i, (name, factor, points) in enumerate(shown):
        column, row = i // 4, i % 4
        text = f"{latin1(name)}x{factor}".ljust(width - 4) + f"{points:+d}".rjust(3)
        draw.text((column * (WIDTH // 2), 2 * LINE + 1 + row * (LINE - 1)), text, font=FONT, fill=1)
    if len(cards) > 8:
        rest = sum(points for _, _, points in cards[7:])
        draw.text(
            (WIDTH // 2, 2 * LINE + 1 + 3 * (LINE - 1)), f"+{len(cards) - 7} {rest:+d}", font=FONT, fill=1
        )
    return image


def scoreboard(title: str, rows: Sequence[tuple[str, str]], marked: Sequence[str] = ()) -> Image.Image:
    """Everyone's standing; up to 4 rows in one column, up to 8 in two. ``marked``
    names (the player to act, or the winners) get a '>' in front."""
    image, draw = _canvas()
    _title(draw, title)
    two_columns = len(rows) > 4
    width = COLUMNS // 2 if two_columns else COLUMNS
    for i, (name, value) in enumerate(rows[:8]):
        column, row = (i // 4, i % 4) if two_columns else (0, i)
        x, y = column * (WIDTH // 2), LINE + 2 + row * LINE
        mark = ">" if name in marked else " "
        room = width - len(value) - 2
        draw.text((x, y), mark + latin1(name)[:room], font=FONT, fill=1)
        draw.text((x + 6 * (width - len(value)) - (2 if two_columns else 0), y), value, font=FONT, fill=1)
    return image


def error(title: str, message: str) -> Image.Image:
    """Something the table must know about: a refused action, a device that failed."""
    image, draw = _canvas()
    draw.rectangle((0, 0, WIDTH - 1, HEIGHT - 1), outline=1)
    draw.rectangle((0, 0, WIDTH - 1, LINE), fill=1)
    draw.text((1, 0), "! " + latin1(title)[: COLUMNS - 2], font=FONT, fill=0)
    lines = textwrap.wrap(latin1(message), COLUMNS - 1) or [""]
    if len(lines) > 4:
        lines = lines[:4]
        lines[-1] = lines[-1][: COLUMNS - 4].rstrip() + "..."
    for i, line in enumerate(lines):
        draw.text((3, LINE + 2 + i * LINE), line, font=FONT, fill=1)
    return image


def landslide(title: str, follows: str, hint: str) -> Image.Image:
    """A landslide just called: the title centred in a tall inverted bar, what follows, and
    how to dispute it in an inverted bottom row."""
    image, draw = _canvas()
    draw.rectangle((0, 0, WIDTH - 1, LINE + 2), fill=1)
    text = latin1(title)[:COLUMNS]
    draw.text((max(0, (WIDTH - 6 * len(text)) // 2), 1), text, font=FONT, fill=0)
    _wrapped(draw, follows, LINE + 5, 3)
    draw.rectangle((0, HEIGHT - LINE - 1, WIDTH - 1, HEIGHT - 1), fill=1)
    draw.text((1, HEIGHT - LINE - 1), latin1(hint)[:COLUMNS], font=FONT, fill=0)
    return image


def camera(title: str, text: str) -> Image.Image:
    """The camera asks the table to put something right (PUT IT BACK) or says why it
    cannot read: a framed box with the title centred in an inverted bar, and the text."""
    image, draw = _canvas()
    draw.rectangle((0, 0, WIDTH - 1, HEIGHT - 1), outline=1)
    draw.rectangle((0, 0, WIDTH - 1, LINE + 1), fill=1)
    head = latin1(title)[:COLUMNS]
    draw.text((max(1, (WIDTH - 6 * len(head)) // 2), 1), head, font=FONT, fill=0)
    lines = textwrap.wrap(latin1(text), COLUMNS - 1, break_long_words=True) or [""]
    if len(lines) > 4:
        lines = lines[:4]
        lines[-1] = lines[-1][: COLUMNS - 4].rstrip() + "..."
    for i, line in enumerate(lines):
        draw.text((3, LINE + 3 + i * (LINE - 1)), line, font=FONT, fill=1)
    return image


def enrol(title: str, text: str, done: int, total: int) -> Image.Image:
    """Guided enrolment: which face to hold up, and a bar of how many are done."""
    image, draw = _canvas()
    _title(draw, title)
    _wrapped(draw, text, LINE + 2, 3)
    draw.rectangle((0, HEIGHT - 8, WIDTH - 1, HEIGHT - 1), outline=1)
    if total > 0 and done > 0:
        draw.rectangle((2, HEIGHT - 6, 2 + round((WIDTH - 5) * min(done, total) / total), HEIGHT - 3), fill=1)
    return image


def qr_matrix(data: str, border: int = 1) -> list[list[bool]]:
    """The QR code of ``data`` as rows of dark (True) modules, ``border`` light modules
    round it; the OLED's join screen and the page's BG Stats code are drawn from it."""
    code = qrcode.QRCode(border=border, error_correction=qrcode.constants.ERROR_CORRECT_L, box_size=1)
    code.add_data(data)
    code.make(fit=True)
    return [list(row) for row in code.get_matrix()]


def join(url: str, pin: str | None, hidden: str = "PIN: see the table") -> Image.Image:
    """A QR code of the page's address beside the table PIN: how phones join. Without a
    PIN (``None``) it is the public copy the page mirrors: ``hidden`` says where to look."""
    image, draw = _canvas()
    matrix = qr_matrix(url)
    scale = max(1, HEIGHT // len(matrix))
    offset = (HEIGHT - scale * len(matrix)) // 2
    side = 2 * offset + scale * len(matrix)
    draw.rectangle((0, 0, side - 1, HEIGHT - 1), fill=1)  # a light field: phones read dark-on-light
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                left, top = offset + x * scale, offset + y * scale
                draw.rectangle((left, top, left + scale - 1, top + scale - 1), fill=0)
    x = side + 4
    if pin is None:  # two rows where the PIN was, so the whole address still fits under them
        for i, line in enumerate(textwrap.wrap(latin1(hidden), (WIDTH - x) // 6, break_long_words=True)[:2]):
            draw.text((x, 2 + i * LINE), line, font=FONT, fill=1)
        _small_url(draw, url, x, 28)
        return image
    draw.text((x, 2), "PIN", font=FONT, fill=1)
    draw.text((x, 14), latin1(pin), font=FONT, fill=1)
    _small_url(draw, url, x, 30)
    return image


def _small_url(draw: ImageDraw.ImageDraw, url: str, x: int, y: int) -> None:
    text = latin1(url.removeprefix("http://").removeprefix("https://"))
    room = (WIDTH - x) // 6
    for i in range(0, min(len(text), room * 3), room):
        draw.text((x, y + (i // room) * LINE), text[i : i + room], font=FONT, fill=1)
