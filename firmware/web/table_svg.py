"""The game as it lies on the table, drawn server-side as SVG for the phone page.

One function per game turns the replay document's public ``state`` into a picture that
reads at 390 px wide: Tutankhamen's path of tiles with the pawns, Ankh's rows and
papyrus, Bann's displays and adventure track, Gulo Gulo's board as a track. Drawings
are the project's own (colour, a glyph per kind, the value), nothing is fetched from
elsewhere, and every name from the players is escaped. Tutankhamen's tiles carry
``data-index`` so the page can offer a tile's take when it is tapped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from engines.tutankhamen.tiles import EDITIONS, SET_VALUE
from engines.tutankhamen.wording import tile_name

WIDTH = 360  # the viewBox's width; the page scales it to the screen
FONT = "font-family='DejaVu Sans, Liberation Sans, system-ui, sans-serif'"  # one font wherever it is there
TILE_FILL = {"green": "#2f8f4e", "blue": "#2f63b8", "purple": "#7d45b5", None: "#c9962c"}
CARD_FILL = {"green": "#2f8f4e", "yellow": "#d9b331", "blue": "#2f63b8", "red": "#c23b32"}
SEAT_FILL = ("#e05a4f", "#f2c744", "#6fd08c", "#5b9cf0", "#f4f1ea", "#c38ae6")
INK = "#e8e6df"
DIM = "#9aa0ad"
BG = "#151820"


# The drawings' few words, in the table's language (a count's noun in its plural form).
WORDS: dict[str, dict[str, str]] = {
    "start": {"en": "Start", "de": "Start", "nl": "Start"},
    "next": {"en": "Next to score:", "de": "Als Nächstes gewertet:", "nl": "Als volgende gewaardeerd:"},
    "no-next": {
        "en": "No set is one tile from scoring",
        "de": "Keine Sammlung ist ein Plättchen vor der Wertung",
        "nl": "Geen set is één tegel van een waardering",
    },
    "no-tiles": {"en": "holds no tiles", "de": "hat keine Plättchen", "nl": "heeft geen tegels"},
    "papyrus": {"en": "Papyrus", "de": "Papyrus", "nl": "Papyrus"},
    "threshold": {
        "en": "scores when a row holds {n} cards",
        "de": "Wertung, sobald eine Reihe {n} Karten hat",
        "nl": "waardering zodra een rij {n} kaarten heeft",
    },
    "no-cards": {"en": "no cards yet", "de": "noch keine Karten", "nl": "nog geen kaarten"},
    "adventures": {"en": "Adventures", "de": "Abenteuer", "nl": "Avonturen"},
    "chamber": {"en": "king's chamber ▸", "de": "Königskammer ▸", "nl": "koningskamer ▸"},
    "arrow": {"en": "Arrow: {kind}", "de": "Pfeil: {kind}", "nl": "Pijl: {kind}"},
    "needs": {"en": "needs {n}", "de": "braucht {n}", "nl": "nodig {n}"},
    "mummy": {"en": "mummy", "de": "Mumie", "nl": "mummie"},
    "empty": {"en": "empty display", "de": "leere Auslage", "nl": "lege uitstalling"},
    "scarabs-1": {"en": "{n} scarab", "de": "{n} Skarabäus", "nl": "{n} scarabee"},
    "scarabs": {"en": "{n} scarabs", "de": "{n} Skarabäen", "nl": "{n} scarabeeën"},
    "revealed": {"en": "Revealed:", "de": "Aufgedeckt:", "nl": "Omgedraaid:"},
    "none-revealed": {
        "en": "No marker revealed yet",
        "de": "Noch kein Plättchen aufgedeckt",
        "nl": "Nog geen fiche omgedraaid",
    },
    "area-start": {"en": "start", "de": "Start", "nl": "start"},
    "area-entrance": {"en": "gate", "de": "Tor", "nl": "poort"},
    "area-front": {"en": "front", "de": "vorn", "nl": "voor"},
    "area-chamber": {"en": "tomb", "de": "Grab", "nl": "graf"},
}


def word(key: str, lang: str, **values: object) -> str:
    words = WORDS[key]
    return words.get(lang, words["en"]).format(**values)


def _text(
    x: float, y: float, words: str, size: int = 12, fill: str = INK, anchor: str = "start", bold: bool = False
) -> str:
    weight = " font-weight='700'" if bold else ""
    return (
        f"<text x='{x:g}' y='{y:g}' font-size='{size}' fill='{fill}' text-anchor='{anchor}' {FONT}{weight}>"
        f"{escape(words)}</text>"
    )


def _rect(x: float, y: float, w: float, h: float, rx: float, fill: str, extra: str = "") -> str:
    return f"<rect x='{x:g}' y='{y:g}' width='{w:g}' height='{h:g}' rx='{rx:g}' fill='{fill}'{extra}/>"


def _svg(height: float, body: list[str], label: str) -> str:
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {WIDTH} {height:g}' width='{WIDTH}' "
        f"height='{height:g}' role='img' aria-label={quoteattr(label)}>"
        f"<rect width='{WIDTH}' height='{height:g}' rx='10' fill='{BG}'/>" + "".join(body) + "</svg>"
    )


def _seat(players: list[str], name: str) -> str:
    return SEAT_FILL[players.index(name) % len(SEAT_FILL)] if name in players else DIM


def _pawn(x: float, y: float, r: float, fill: str, name: str) -> str:
    initial = escape(name[:1].upper())
    return (
        f"<g class='pawn' data-player={quoteattr(name)}>"
        f"<circle cx='{x:g}' cy='{y:g}' r='{r:g}' fill='{fill}' stroke='#111' stroke-width='2'/>"
        f"<text x='{x:g}' y='{y + r * 0.42:g}' font-size='{r * 1.15:g}' fill='#111' text-anchor='middle' "
        f"{FONT} font-weight='700'>{initial}</text></g>"
    )


# ---------------------------------------------------------------- Tutankhamen's tiles

# Each glyph is drawn in a 40 × 40 box, white on the tile's colour.
GLYPHS: dict[str, str] = {
    "scarab": "<ellipse cx='20' cy='22' rx='8' ry='10'/><circle cx='20' cy='10' r='4'/>"
    "<path d='M12 16 L5 12 M12 22 L4 22 M12 28 L6 33 M28 16 L35 12 M28 22 L36 22 M28 28 L34 33' "
    "stroke='#fff' stroke-width='2' fill='none'/>",
    "cat": "<path d='M11 33 L11 13 L15 5 L19 12 L21 12 L25 5 L29 13 L29 33 Z'/>"
    "<circle cx='16' cy='18' r='1.8' fill='#222'/><circle cx='24' cy='18' r='1.8' fill='#222'/>",
    "horus": "<path d='M4 20 Q20 6 36 20 Q20 32 4 20 Z'/><circle cx='20' cy='20' r='5' fill='#222'/>"
    "<path d='M17 26 L15 36 M24 26 L31 33' stroke='#fff' stroke-width='2.5' fill='none'/>",
    "anubis": "<path d='M9 35 L11 21 L8 4 L14 13 L17 3 L21 15 L36 21 L36 26 L23 28 L21 35 Z'/>"
    "<circle cx='19' cy='19' r='1.8' fill='#222'/>",
    "mask": "<path d='M9 8 Q20 2 31 8 L30 24 Q20 38 10 24 Z'/>"
    "<path d='M9 12 L3 30 M31 12 L37 30' stroke='#fff' stroke-width='3' fill='none'/>"
    "<circle cx='16' cy='16' r='1.8' fill='#222'/><circle cx='24' cy='16' r='1.8' fill='#222'/>",
    "goldbag": "<path d='M13 14 Q6 34 20 35 Q34 34 27 14 Z'/><path d='M14 14 L26 14 L23 8 L17 8 Z'/>"
    "<text x='20' y='30' font-size='12' text-anchor='middle' fill='#7a5a10' font-weight='700'>$</text>",
    "pharaoh": "<path d='M8 34 L12 12 Q20 2 28 12 L32 34 Z'/>"
    "<rect x='15' y='16' width='10' height='10' fill='#7a5a10'/>",
    "kingtut": "<path d='M7 34 L11 10 Q20 0 29 10 L33 34 Z'/>"
    "<path d='M11 16 L29 16 M10 22 L30 22 M9 28 L31 28' stroke='#2f63b8' stroke-width='2.5'/>",
    "nugget": "<path d='M8 24 L12 12 L22 8 L32 14 L33 26 L22 33 L12 31 Z'/>",
    "canopic": "<path d='M13 14 L27 14 L29 34 L11 34 Z'/><ellipse cx='20' cy='10' rx='8' ry='5'/>",
    "goldmask": "<path d='M9 8 Q20 2 31 8 L30 24 Q20 38 10 24 Z'/>",
}


def tile(
    label: str | None, x: float, y: float, size: float, edition: str = "otb2004", lang: str = "en"
) -> str:
    """One tile: its colour, its kind's glyph and (for a set) its value in the corner."""
    if label is None:
        return ""
    kind, _, colour = label.partition("-")
    fill = TILE_FILL.get(colour or None, TILE_FILL[None])
    scale = size / 40
    value = SET_VALUE.get(label)
    glyph_fill = "#fff" if colour else "#fff3c4"
    parts = [
        _rect(x, y, size, size, size * 0.14, fill, " stroke='#0008' stroke-width='1.5'"),
        f"<g transform='translate({x:g} {y:g}) scale({scale:g})' fill='{glyph_fill}'>"
        f"{GLYPHS.get(kind, '')}</g>",
    ]
    if value is not None:
        r = max(5.0, size * 0.18)  # the value's badge, in the corner
        cx, cy = x + size - r - 0.5, y + size - r - 0.5
        parts.append(
            f"<circle cx='{cx:g}' cy='{cy:g}' r='{r:g}' fill='#fff' stroke='#0006'/>"
            + _text(cx, cy + r * 0.5, str(value), round(r * 1.35), "#111", "middle", True)
        )
    title = f"<title>{escape(tile_name(label, edition, lang))}</title>"
    return title + "".join(parts)


def tile_svg(label: str, edition: str, lang: str) -> str:
    """A single tile as its own picture (the path editor's picker and path)."""
    body = tile(label, 1, 1, 46, edition, lang)
    return f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 48 48' width='48' height='48'>{body}</svg>"


def tutankhamen(doc: dict[str, Any], lang: str = "en") -> str:
    state = doc["state"]
    players: list[str] = doc["players"]
    edition = doc.get("edition") or "otb2004"
    path: list[str | None] = state["path"]
    pawns: dict[str, int] = state["pawns"]
    per_row, size, gap, top = 7, 42, 8, 38
    step = size + gap
    left = (WIDTH - per_row * step + gap) / 2
    # sets with one tile left on the path: taking it scores the set
    left_on_path: dict[str, int] = {}
    for label in path:
        if label in SET_VALUE:
            left_on_path[label] = left_on_path.get(label, 0) + 1
    next_sets = sorted((s for s, n in left_on_path.items() if n == 1), key=lambda s: -SET_VALUE[s])
    rearmost = min(pawns.values(), default=-1)

    def place(i: int) -> tuple[float, float]:
        row, col = divmod(i, per_row)
        if row % 2:
            col = per_row - 1 - col  # the path winds like the table's
        return left + col * step, top + row * step

    rows = (len(path) + 1 + per_row - 1) // per_row  # one more place: the pyramid
    body: list[str] = [_text(12, 22, word("start", lang), 12, DIM)]
    start_pawns = [p for p in players if pawns.get(p, -1) < 0]
    for k, name in enumerate(start_pawns):
        body.append(_pawn(60 + k * 22, 17, 9, _seat(players, name), name))
    # the track under the tiles, so the order reads even where tiles are gone
    points = [place(i) for i in range(len(path) + 1)]
    line = " ".join(f"{x + size / 2:g},{y + size / 2:g}" for x, y in points)
    body.append(
        f"<polyline points='{line}' fill='none' stroke='#3a4150' stroke-width='6' stroke-linejoin='round'/>"
    )
    for i, label in enumerate(path):
        x, y = place(i)
        if label is None:
            cleared = i < rearmost  # removed behind the rearmost pawn, not taken by anyone
            cls = "gone cleared" if cleared else "gone taken"
            dash = " stroke-opacity='0.45'" if cleared else " stroke-dasharray='4 3'"
            body.append(
                f"<g class='{cls}' data-index='{i}'>"
                + _rect(x, y, size, size, 6, BG, f" stroke='#4a5263' stroke-width='1.5'{dash}")
                + _text(x + size / 2, y + size / 2 + 4, str(i), 11, "#5d6576", "middle")
                + "</g>"
            )
            continue
        marked = " next" if label in next_sets else ""
        ring = (
            f"<rect x='{x - 3:g}' y='{y - 3:g}' width='{size + 6}' height='{size + 6}' rx='8' fill='none' "
            "stroke='#e0b040' stroke-width='3'/>"
            if marked
            else ""
        )
        body.append(
            f"<g class='tile{marked}' data-index='{i}' data-label='{label}' style='cursor:pointer'>{ring}"
            f"{tile(label, x, y, size, edition, lang)}"
            + _text(x + 3, y + 11, str(i), 9, "#fffc", "start")
            + "</g>"
        )
    # the pyramid at the path's end
    px, py = place(len(path))
    body.append(
        f"<path class='pyramid' d='M{px + 2:g} {py + size - 2:g} L{px + size / 2:g} {py + 4:g} "
        f"L{px + size - 2:g} {py + size - 2:g} Z' fill='#c9962c' stroke='#7a5a10' stroke-width='2'/>"
    )
    if state.get("goldmask") == "ledge":  # Amigo: the gold mask waits on the pyramid's ledge
        mask = tile("goldmask", px + size / 2 + 4, py - 6, 20, edition, lang)
        body.append(f"<g class='goldmask'>{mask}</g>")
    # pawns stand on their tile's place (those beyond the end, on the pyramid)
    stacked: dict[int, int] = {}
    for name in players:
        at = pawns.get(name, -1)
        if at < 0:
            continue
        x, y = place(min(at, len(path)))
        k = stacked.get(at, 0)
        stacked[at] = k + 1
        body.append(_pawn(x + 11 + (k % 2) * 20, y + 12 + (k // 2) * 18, 9, _seat(players, name), name))
    y = top + rows * step + 6
    body.append(_text(12, y + 8, word("next" if next_sets else "no-next", lang), 12, DIM))
    for k, label in enumerate(next_sets[:8]):
        x = 110 + (k % 6) * 40
        body.append(tile(label, x, y - 8 + (k // 6) * 40, 32, edition, lang))
    y += 40 + (40 if len(next_sets) > 6 else 0)
    # the tiles each player has taken and still holds
    holdings: dict[str, dict[str, int]] = state.get("holdings", {})
    for name in players:
        held = holdings.get(name, {})
        body.append(f"<g class='holding' data-player={quoteattr(name)}>")
        body.append(f"<circle cx='20' cy='{y + 12}' r='7' fill='{_seat(players, name)}'/>")
        body.append(_text(33, y + 17, name, 13, INK, "start", True))
        for k, (label, count) in enumerate(sorted(held.items())):
            x = 110 + (k % 5) * 48
            ty = y + (k // 5) * 30
            body.append(tile(label, x, ty, 24, edition, lang))
            if count > 1:
                body.append(_text(x + 26, ty + 20, f"×{count}", 10, INK))
        if not held:
            body.append(_text(110, y + 17, word("no-tiles", lang), 12, DIM))
        body.append("</g>")
        y += 30 * max(1, (len(held) + 4) // 5)
    return _svg(y + 6, body, f"The path: {sum(t is not None for t in path)} tiles left")


# ---------------------------------------------------------------- Ankh

FACTORS = ("×2", "×1", "×0", "×−1")


def _card(x: float, y: float, label: str, w: float = 28, h: float = 40) -> str:
    colour, _, value = label.partition("-")
    fill = CARD_FILL.get(colour, "#555")
    ink = "#111" if colour == "yellow" else "#fff"
    return (
        f"<rect x='{x:g}' y='{y:g}' width='{w:g}' height='{h:g}' rx='4' fill='{fill}' stroke='#0008'/>"
        + _text(x + w / 2, y + h / 2 + 6, value, 17, ink, "middle", True)
    )


def ankh(doc: dict[str, Any], lang: str = "en") -> str:
    state = doc["state"]
    players: list[str] = doc["players"]
    papyrus = state["papyrus"]
    threshold = int(papyrus["threshold"])
    factor = dict(zip(papyrus["rank"], (2, 1, 0, -1), strict=False))
    body = [_text(12, 22, word("papyrus", lang), 13, DIM)]
    for k, colour in enumerate(papyrus["rank"]):
        x = 12 + k * 66
        body.append(
            f"<g class='factor' data-colour={quoteattr(colour)}>"
            + _rect(x, 30, 60, 34, 6, CARD_FILL.get(colour, "#555"))
            + _text(x + 30, 53, FACTORS[k], 17, "#111" if colour == "yellow" else "#fff", "middle", True)
            + "</g>"
        )
    body.append(
        f"<g class='threshold'><circle cx='{12 + 4 * 66 + 20}' cy='47' r='19' fill='#e0b040'/>"
        + _text(12 + 4 * 66 + 20, 54, str(threshold), 19, "#111", "middle", True)
        + "</g>"
    )
    body.append(_text(12, 82, word("threshold", lang, n=threshold), 11, DIM))
    y = 96
    for name in players:
        row: list[str] = state["rows"][name]
        body.append(f"<g class='seat' data-player={quoteattr(name)}>")
        body.append(f"<circle cx='20' cy='{y + 10}' r='7' fill='{_seat(players, name)}'/>")
        body.append(_text(33, y + 15, name, 14, INK, "start", True))
        worth = sum(int(c.partition("-")[2] or 0) * factor.get(c.partition("-")[0], 0) for c in row)
        body.append(_text(190, y + 15, f"{worth:+d}", 12, INK, "end"))  # what the row scores now
        # progress to the next scoring: the row's cards of the threshold
        share = min(1.0, len(row) / threshold) if threshold else 0
        body.append(f"<rect x='200' y='{y + 4}' width='110' height='10' rx='5' fill='#2a3040'/>")
        body.append(_rect(200, y + 4, round(110 * share, 1), 10, 5, "#e0b040", " class='progress'"))
        body.append(_text(350, y + 15, f"{len(row)}/{threshold}", 12, INK, "end"))
        cards_y = y + 24
        per_line = 11
        for k, card in enumerate(row):
            body.append(_card(12 + (k % per_line) * 31, cards_y + (k // per_line) * 44, card))
        if not row:
            body.append(_text(12, cards_y + 24, word("no-cards", lang), 12, DIM))
        lines = max(1, (len(row) + per_line - 1) // per_line)
        body.append("</g>")
        y = cards_y + lines * 44 + 10
    return _svg(y + 4, body, f"Ankh: papyrus {' '.join(papyrus['rank'])}, threshold {threshold}")


# ---------------------------------------------------------------- Im Bann der Pyramide

KIND_FILL = {"ladder": "#b07a3a", "pickaxe": "#8a8f99", "rope": "#c9a86a", "torch": "#e07b2f"}


def _kind(kind: str, lang: str) -> str:
    """A Bann card's kind or special in the table's language (engines/bann/wording.py)."""
    from engines.bann.wording import KIND_NAMES, OTHER_NAMES

    names = KIND_NAMES.get(kind) or OTHER_NAMES.get(kind) or {}
    return names.get(lang, names.get("en", kind))


def _bann_card(x: float, y: float, label: str, lang: str) -> str:
    kind, _, value = label.rpartition("-")
    if not kind:  # a special card: magic, protection, curse, scarab, mummy
        short = _kind(label, lang).split("-")[0].split(" ")[0]  # "scarab amulet": scarab
        return (
            f"<rect x='{x:g}' y='{y:g}' width='40' height='40' rx='5' fill='#3b3f57' stroke='#9aa0ad'/>"
            + _text(x + 20, y + 24, short, min(9, round(72 / max(1, len(short)))), INK, "middle", True)
        )
    return (
        f"<rect x='{x:g}' y='{y:g}' width='40' height='40' rx='5' fill='{KIND_FILL.get(kind, '#555')}'/>"
        + _text(x + 20, y + 15, _kind(kind, lang)[:10], 8, "#111", "middle")
        + _text(x + 20, y + 34, value, 16, "#111", "middle", True)
    )


def bann(doc: dict[str, Any], lang: str = "en") -> str:
    state = doc["state"]
    players: list[str] = doc["players"]
    route = [*state["adventures"], state["chamber"]]
    edge = " stroke='#e0b040' stroke-width='2'"
    body = [_text(12, 20, word("adventures", lang), 13, DIM)]
    step = (WIDTH - 24) / len(route)
    for i, value in enumerate(route):
        x = 12 + i * step
        chamber = i == len(route) - 1
        body.append(
            f"<g class='adventure' data-step='{i}'>"
            + _rect(x + 2, 28, step - 4, 40, 6, "#6b4f1d" if chamber else "#2a3040", edge if chamber else "")
            + _text(x + step / 2, 55, str(value), 18, INK, "middle", True)
            + "</g>"
        )
    body.append(_text(WIDTH - 12, 20, word("chamber", lang), 11, DIM, "end"))
    # who is where: the pawns under their adventure
    stacked: dict[int, int] = {}
    for name in players:
        at = int(state["positions"][name])
        k = stacked.get(at, 0)
        stacked[at] = k + 1
        x = 12 + min(at, len(route) - 1) * step + 12 + (k % 3) * 20
        body.append(_pawn(x, 82 + (k // 3) * 20, 9, _seat(players, name), name))
    kind = str(state["arrow"])
    y = 82 + 20 * ((max(stacked.values(), default=1) - 1) // 3) + 24
    body.append(
        f"<g class='arrow' data-kind={quoteattr(kind)}>"
        + _rect(12, y, WIDTH - 24, 30, 6, KIND_FILL.get(kind, "#555"))
        + _text(WIDTH / 2, y + 20, word("arrow", lang, kind=_kind(kind, lang)), 15, "#111", "middle", True)
        + "</g>"
    )
    y += 44
    mummy = state.get("mummy")
    for name in players:
        display: list[str] = state["displays"][name]
        body.append(f"<g class='display' data-player={quoteattr(name)}>")
        body.append(f"<circle cx='20' cy='{y + 8}' r='7' fill='{_seat(players, name)}'/>")
        need = state["needs"].get(name)
        needs = "" if need is None else " · " + word("needs", lang, n=need)
        body.append(_text(33, y + 13, f"{name}: {state['totals'][name]}{needs}", 14, INK, "start", True))
        if mummy == name:
            body.append(
                "<g class='mummy'>"
                + _rect(WIDTH - 82, y - 3, 70, 22, 11, "#d8d2c0")
                + _text(WIDTH - 47, y + 12, word("mummy", lang), 12, "#111", "middle", True)
                + "</g>"
            )
        cards_y = y + 22
        for k, card in enumerate(display):
            body.append(_bann_card(12 + (k % 8) * 43, cards_y + (k // 8) * 44, card, lang))
        if not display:
            body.append(_text(12, cards_y + 22, word("empty", lang), 12, DIM))
        lines = max(1, (len(display) + 7) // 8)
        body.append("</g>")
        y = cards_y + lines * 44 + 10
    return _svg(y + 4, body, f"Im Bann der Pyramide: the arrow shows {kind}")


# ---------------------------------------------------------------- Pharaoh's Gulo Gulo

DARK = "#1b1d24"  # a marker still face down
SPACE_FILL = {"red": "#c23b32", "yellow": "#d9b331", "green": "#2f8f4e", "blue": "#2f63b8"}


def _board(header: dict[str, Any] | None) -> Any:
    """The game's board as data: the header's own, else the default (printed scarabs,
    mummy symbols and areas are not in the public state)."""
    from engines.gulogulo import board as boards

    raw = (header or {}).get("board")
    return boards.parse(raw) if raw is not None else boards.default()


def gulogulo(doc: dict[str, Any], lang: str = "en", header: dict[str, Any] | None = None) -> str:
    state = doc["state"]
    players: list[str] = doc["players"]
    spaces: list[str | None] = state["spaces"]
    board = _board(header)
    per_row, size, gap, top = 6, 50, 8, 16
    step = size + gap
    left = (WIDTH - per_row * step + gap) / 2
    markers = {m["space"]: m for m in state["markers"]}

    def place(i: int) -> tuple[float, float]:
        row, col = divmod(i, per_row)
        if row % 2:
            col = per_row - 1 - col
        return left + col * step, top + row * step

    points = " ".join(f"{x + size / 2:g},{y + size / 2:g}" for x, y in map(place, range(len(spaces))))
    body = [
        f"<polyline points='{points}' fill='none' stroke='#3a4150' stroke-width='8' stroke-linejoin='round'/>"
    ]
    for i, colour in enumerate(spaces):
        x, y = place(i)
        fill = SPACE_FILL.get(colour or "", "#2a3040")
        body.append(
            f"<g class='space' data-space='{i}'>" + _rect(x, y, size, size, 8, fill, " stroke='#0008'")
        )
        marker = markers.get(i)
        if marker is not None:
            face = marker["colour"]
            body.append(
                f"<circle class='marker{' revealed' if face else ''}' cx='{x + size - 9:g}' cy='{y + 10:g}' "
                f"r='6' fill='{SPACE_FILL.get(face, DARK) if face else DARK}' "
                "stroke='#e8e6df' stroke-width='1.5'/>"
            )
        area = board.areas[i] if i < len(board.areas) else ""
        if f"area-{area}" in WORDS:
            body.append(_text(x + 4, y + 13, word(f"area-{area}", lang), 9, INK, "start", True))
        else:
            body.append(_text(x + 5, y + 14, str(i), 10, "#fffc"))
        if i < len(board.scarab) and board.scarab[i]:
            body.append(
                f"<ellipse class='printed-scarab' cx='{x + 11:g}' cy='{y + size - 11:g}' rx='5' ry='6.5' "
                "fill='#3fae9a' stroke='#111'/>"
            )
        if i < len(board.mummy) and board.mummy[i]:
            body.append(
                "<g class='printed-mummy'>"
                + _rect(
                    x + size - 17, y + size - 17, 14, 14, 3, "none", " stroke='#d8d2c0' stroke-width='1.5'"
                )
                + _text(x + size - 10, y + size - 6, str(board.mummy[i]), 10, "#fff", "middle", True)
                + "</g>"
            )
        body.append("</g>")
    mummy = state.get("mummy")
    if mummy is not None:
        x, y = place(int(mummy["space"]))
        towards = "▶" if mummy["facing"] == "chamber" else "◀"
        body.append(
            f"<g class='mummy' data-space='{mummy['space']}' data-facing='{mummy['facing']}'>"
            + _rect(x + size - 25, y + 17, 22, 22, 4, "#d8d2c0", " stroke='#111'")
            + _text(x + size - 14, y + 33, towards, 13, "#111", "middle", True)
            + "</g>"
        )
    stacked: dict[int, int] = {}
    for name in players:
        at = int(state["positions"][name])
        k = stacked.get(at, 0)
        stacked[at] = k + 1
        x, y = place(at)
        body.append(_pawn(x + 11 + (k % 2) * 13, y + 27 + (k // 2) * 9, 8, _seat(players, name), name))
    rows = (len(spaces) + per_row - 1) // per_row
    y = top + rows * step + 8
    for name in players:
        body.append(f"<circle cx='20' cy='{y + 8}' r='7' fill='{_seat(players, name)}'/>")
        scarabs = int(state["scarabs"][name])
        body.append(
            _text(
                33,
                y + 13,
                f"{name}: " + word("scarabs-1" if scarabs == 1 else "scarabs", lang, n=scarabs),
                13,
            )
        )
        for k in range(scarabs):
            body.append(
                f"<ellipse class='scarab' cx='{200 + k * 16}' cy='{y + 8}' rx='6' ry='7' fill='#3fae9a'/>"
            )
        y += 22
    revealed = state.get("revealed") or []
    body.append(_text(12, y + 12, word("revealed" if revealed else "none-revealed", lang), 12, DIM))
    for k, colour in enumerate(revealed):
        body.append(
            f"<circle cx='{86 + k * 20}' cy='{y + 8}' r='8' fill='{SPACE_FILL.get(colour, '#555')}'/>"
        )
    return _svg(y + 26, body, "Pharaoh's Gulo Gulo: the board")


DRAW: dict[str, Callable[[dict[str, Any], str], str]] = {
    "tutankhamen": tutankhamen,
    "ankh": ankh,
    "bann": bann,
}


def table_svg(doc: dict[str, Any], lang: str = "en", header: dict[str, Any] | None = None) -> str:
    """The table of a replay document (``/api/state``) as one SVG picture; ``header`` is
    the game's log header (Gulo Gulo's board is drawn from it)."""
    if doc["game"] == "gulogulo":
        return gulogulo(doc, lang, header)
    draw = DRAW.get(doc["game"])
    if draw is None:
        return _svg(40, [_text(12, 25, f"no drawing for {doc['game']}", 13, DIM)], doc["game"])
    return draw(doc, lang)


def known_tile(label: str) -> bool:
    """A tile label some edition's box holds (the tile pictures are served only for these)."""
    return any(label in ed.tile_names() for ed in EDITIONS.values())
