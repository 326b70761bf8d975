"""``scarab stats`` — every player's history across the stored games."""

from __future__ import annotations

import argparse
import sqlite3
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from engines.replay import LogError
from firmware.appliance.stats import History, StatsError, history
from firmware.appliance.stats_page import GAME_TITLES, render
from firmware.commands.common import EXIT_OK, emit_json


def add_parser(sub: Any) -> None:
    p = sub.add_parser("stats", help="players' history: games, wins, head to head, records")
    p.add_argument("--db", help="the game store (default: the state directory's scarab.db)")
    p.add_argument("--json", action="store_true", help="print the figures as one JSON document")
    p.add_argument(
        "--merge", nargs=2, metavar=("NAME", "INTO"), help="count NAME as the player INTO from now on"
    )
    p.add_argument("--unmerge", metavar="NAME", help="count NAME as a player of their own again")
    p.add_argument("--html", metavar="OUT", help="also write the page with its plots to this file")
    p.set_defaults(handler=run)


def connect(path: Path) -> sqlite3.Connection:
    """The store, opened for the stats alone: waits briefly for a referee mid-commit."""
    db = sqlite3.connect(str(path), timeout=5, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA busy_timeout = 5000")
    return db


def run(args: argparse.Namespace) -> int:
    from firmware.commands.games_cmd import open_store, reading

    store = open_store(args.db)  # the same refusals as `scarab games` for a missing or foreign file
    path = store.path
    store.close()
    db = connect(path)
    try:
        if args.merge or args.unmerge:
            change(db, args)
        doc = reading(store, lambda: history(db))
    finally:
        db.close()
    if args.html:
        from firmware.commands.games_cmd import write_out

        write_out(Path(args.html), render(doc))
    if args.json:
        emit_json(doc)
    else:
        show(doc)
    return EXIT_OK


def change(db: sqlite3.Connection, args: argparse.Namespace) -> None:
    h = History(db)
    try:
        if args.merge:
            names = {n for (header,) in db.execute("SELECT header FROM games") for n in _players(header)}
            h.merge(args.merge[0], args.merge[1], names)
            print(f"scarab: {args.merge[0]} now counts as {args.merge[1]}", file=sys.stderr)
        if args.unmerge and not h.unmerge(args.unmerge):
            raise LogError("no-such-merge", f"{args.unmerge!r} was not merged into anyone", None)
    except StatsError as exc:
        raise LogError("bad-merge", str(exc), None) from None


def _players(header: str) -> list[str]:
    import json

    try:
        names = json.loads(header).get("players", [])
    except (ValueError, AttributeError):
        return []
    return [n for n in names if isinstance(n, str)]


def show(doc: dict[str, Any]) -> None:
    console = Console(highlight=False)
    if not doc["players"]:
        console.print("No finished games stored yet.")
        return
    table = Table(title=f"Players' history ({doc['games']} finished games)")
    for column in ("player", "games", "wins", "win rate", "average score", "best game"):
        table.add_column(column)
    for p in doc["players"]:
        averages = ", ".join(
            f"{GAME_TITLES.get(g, g)} {v['average_score']}"
            for g, v in sorted(p["by_game"].items())
            if v["average_score"] is not None
        )
        best = p["best_game"]
        shown = (
            f"{GAME_TITLES.get(best['game'], best['game'])} #{best['game_id']} ({best['score']})"
            if best
            else "—"
        )
        table.add_row(
            p["name"], str(p["games"]), str(p["wins"]), f"{100 * p['win_rate']:.0f}%", averages or "—", shown
        )
    console.print(table)
    if doc["head_to_head"]:
        h2h = Table(title="Head to head")
        for column in ("player", "opponent", "won", "lost", "tied"):
            h2h.add_column(column)
        for r in doc["head_to_head"]:
            h2h.add_row(r["player"], r["opponent"], str(r["wins"]), str(r["losses"]), str(r["ties"]))
        console.print(h2h)
    for title, key, cols in (
        (
            "Tutankhamen: longest set collections",
            "tutankhamen_longest_sets",
            ("player", "tiles", "set", "game_id"),
        ),
        ("Ankh: best scorings", "ankh_best_scorings", ("player", "points", "game_id")),
    ):
        if doc[key]:
            t = Table(title=title)
            for c in cols:
                t.add_column(c)
            for r in doc[key]:
                t.add_row(*(str(r[c]) for c in cols))
            console.print(t)
    if doc["unreadable"]:
        console.print(f"[red]{len(doc['unreadable'])} stored games no longer replay and are left out[/]")
