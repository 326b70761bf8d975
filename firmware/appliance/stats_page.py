"""The players' history as a page: tables and plots drawn as SVG on the server.

No chart library and no CDN: a table's network is often offline, and a Pi should not
ship a JavaScript plotting stack for three charts. Every text placed in the SVG or the
HTML is escaped, since player names come from whoever set up a game.
"""

from __future__ import annotations

from html import escape
from typing import Any

GAME_TITLES = {
    "tutankhamen": "Tutankhamen",
    "ankh": "Ankh",
    "bann": "Im Bann der Pyramide",
    "gulogulo": "Pharaoh's Gulo Gulo",
}
COLOURS = {"tutankhamen": "#c9962c", "ankh": "#3a7ca5", "bann": "#8e5a9b", "gulogulo": "#5a9b6a"}
WIN, LOSS = "#2f6f4f", "#cfd8d3"
ROW, LABEL_W, PLOT_W = 22, 120, 320


def _text(x: float, y: float, text: str, anchor: str = "start", size: int = 12, fill: str = "#222") -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" fill="{fill}">'
        f"{escape(text)}</text>"
    )


def _svg(width: int, height: int, title: str, body: list[str]) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}"'
        f' height="{height}" role="img" aria-label="{escape(title)}" font-family="sans-serif">'
        f"<title>{escape(title)}</title>{''.join(body)}</svg>"
    )


def games_and_wins(players: list[dict[str, Any]]) -> str:
    """Each player's games as a bar, the wins part of it dark."""
    rows = players[:20]
    most = max((p["games"] for p in rows), default=1) or 1
    height = 30 + ROW * len(rows)
    body = [_text(4, 16, "Games played (dark: won)", size=13)]
    for i, p in enumerate(rows):
        y = 26 + i * ROW
        games_w = PLOT_W * p["games"] / most
        wins_w = PLOT_W * p["wins"] / most
        body.append(_text(LABEL_W - 6, y + 13, p["name"][:18], anchor="end"))
        body.append(f'<rect x="{LABEL_W}" y="{y}" width="{games_w:.1f}" height="{ROW - 6}" fill="{LOSS}"/>')
        body.append(f'<rect x="{LABEL_W}" y="{y}" width="{wins_w:.1f}" height="{ROW - 6}" fill="{WIN}"/>')
        body.append(_text(LABEL_W + games_w + 4, y + 13, f"{p['wins']}/{p['games']}", size=11))
    return _svg(LABEL_W + PLOT_W + 60, height, "Games played and won per player", body)


def win_rates(players: list[dict[str, Any]]) -> str:
    """Each player's win rate per game, one coloured bar per game they played."""
    rows = players[:12]
    games = sorted({g for p in rows for g in p["by_game"]})
    per = max(1, len(games))
    block = 6 + 10 * per
    height = 46 + block * len(rows)
    body = [_text(4, 16, "Win rate per game", size=13)]
    for j, game in enumerate(games):
        x = LABEL_W + j * 150
        body.append(f'<rect x="{x}" y="24" width="10" height="10" fill="{COLOURS.get(game, "#888")}"/>')
        body.append(_text(x + 14, 33, GAME_TITLES.get(game, game)[:22], size=10))
    for i, p in enumerate(rows):
        y = 42 + i * block
        body.append(_text(LABEL_W - 6, y + 4 + 5 * per, p["name"][:18], anchor="end"))
        for j, game in enumerate(games):
            g = p["by_game"].get(game)
            if g is None:
                continue
            w = PLOT_W * g["win_rate"]
            body.append(
                f'<rect x="{LABEL_W}" y="{y + j * 10}" width="{max(w, 1):.1f}" height="8"'
                f' fill="{COLOURS.get(game, "#888")}"><title>{escape(p["name"])}, '
                f"{escape(GAME_TITLES.get(game, game))}: {g['wins']} of {g['games']}</title></rect>"
            )
            body.append(_text(LABEL_W + w + 4, y + j * 10 + 8, f"{round(100 * g['win_rate'])}%", size=9))
    return _svg(LABEL_W + max(PLOT_W + 50, 150 * per), height, "Win rate per player and game", body)


def head_to_head(players: list[dict[str, Any]], records: list[dict[str, Any]]) -> str:
    """A grid: the row player's wins and losses against the column player, coloured from red
    (lost them all) through yellow to green (won them all)."""
    names = [p["name"] for p in players[:10]]
    cell, left, top = 34, 110, 44
    lookup: dict[tuple[str, str], tuple[int, int]] = {}
    for r in records:
        lookup[(r["player"], r["opponent"])] = (r["wins"], r["losses"])
        lookup[(r["opponent"], r["player"])] = (r["losses"], r["wins"])
    body = [_text(4, 16, "Head to head: the row's wins – losses against the column", size=13)]
    for j, name in enumerate(names):
        body.append(_text(left + j * cell + cell / 2, top - 6, name[:5], anchor="middle", size=10))
    for i, row in enumerate(names):
        y = top + i * cell
        body.append(_text(left - 6, y + cell / 2 + 4, row[:16], anchor="end", size=11))
        for j, col in enumerate(names):
            x = left + j * cell
            if row == col or (row, col) not in lookup:
                body.append(f'<rect x="{x}" y="{y}" width="{cell - 2}" height="{cell - 2}" fill="#f2f2f2"/>')
                continue
            wins, losses = lookup[(row, col)]
            share = wins / (wins + losses) if wins + losses else 0.5
            shade = f"hsl({round(share * 120)}, 45%, {round(82 - 20 * abs(share - 0.5))}%)"
            body.append(
                f'<rect x="{x}" y="{y}" width="{cell - 2}" height="{cell - 2}" fill="{shade}">'
                f"<title>{escape(row)} against {escape(col)}: {wins} won, {losses} lost</title></rect>"
            )
            body.append(
                _text(x + cell / 2 - 1, y + cell / 2 + 3, f"{wins}–{losses}", anchor="middle", size=9)
            )
    width = max(left + cell * len(names) + 10, 400)
    return _svg(width, top + cell * len(names) + 10, "Head-to-head records", body)


def _table(head: list[str], rows: list[list[Any]]) -> str:
    cells = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{escape(str(v))}</td>" for v in r) + "</tr>" for r in rows)
    return f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"


def render(doc: dict[str, Any]) -> str:
    """The whole stats page for ``doc`` (``firmware.appliance.stats.history``'s document)."""
    players = doc["players"]
    parts = [f"<h1>Players' history</h1><p>{doc['games']} finished games"]
    if doc.get("in_progress"):
        parts.append(f", {doc['in_progress']} in progress")
    parts.append(".</p>")
    if doc.get("unreadable"):
        ids = ", ".join(str(b["game_id"]) for b in doc["unreadable"])
        parts.append(f'<p class="warn">Games that no longer replay (left out): {escape(ids)}</p>')
    if players:
        parts.append('<div class="plots">')
        parts.append(games_and_wins(players))
        parts.append(win_rates(players))
        parts.append(head_to_head(players, doc["head_to_head"]))
        parts.append("</div>")
    rows = []
    for p in players:
        best = p["best_game"]
        best_text = (
            f"{GAME_TITLES.get(best['game'], best['game'])} #{best['game_id']}: {best['score']}"
            f" (+{best['margin']})"
            if best
            else "—"
        )
        counts = ", ".join(
            f"{n}p {round(100 * c['win_rate'])}%"
            for n, c in sorted(p["by_count"].items(), key=lambda x: int(x[0]))
        )
        averages = ", ".join(
            f"{GAME_TITLES.get(g, g)} {v['average_score']}"
            for g, v in sorted(p["by_game"].items())
            if v["average_score"] is not None
        )
        rows.append(
            [
                p["name"],
                p["games"],
                p["wins"],
                f"{round(100 * p['win_rate'])}%",
                counts,
                averages or "—",
                best_text,
            ]
        )
    parts.append("<h2>Players</h2>")
    parts.append(
        _table(["player", "games", "wins", "win rate", "by player count", "average score", "best game"], rows)
    )
    parts.append("<h2>Head to head</h2>")
    parts.append(
        _table(
            ["player", "opponent", "won", "lost", "tied"],
            [[r["player"], r["opponent"], r["wins"], r["losses"], r["ties"]] for r in doc["head_to_head"]],
        )
    )
    parts.append("<h2>Tutankhamen: longest set collections</h2>")
    parts.append(
        _table(
            ["player", "tiles", "set", "game"],
            [[r["player"], r["tiles"], r["set"], r["game_id"]] for r in doc["tutankhamen_longest_sets"]],
        )
    )
    parts.append("<h2>Ankh: best scorings</h2>")
    parts.append(
        _table(
            ["player", "points", "game"],
            [[r["player"], r["points"], r["game_id"]] for r in doc["ankh_best_scorings"]],
        )
    )
    if doc.get("merges"):
        parts.append("<h2>Merged names</h2>")
        parts.append(_table(["name", "counts as"], [[m["name"], m["into"]] for m in doc["merges"]]))
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<title>Scarab — players' history</title><style>"
        "body{font-family:sans-serif;margin:1rem;max-width:60rem}"
        "table{border-collapse:collapse;margin:.5rem 0 1rem}td,th{border:1px solid #ccc;padding:.2rem .5rem;"
        "text-align:left}.plots svg{display:block;margin:1rem 0;max-width:100%;height:auto}.warn{color:#a00}"
        "</style></head><body>" + "".join(parts) + "</body></html>"
    )
